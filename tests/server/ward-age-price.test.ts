/**
 * A guardian product priced by the ward's age band (`wardAge`, docs/adding-a-product.md's 关爱宝 example:
 * ¥40 for a ward of 0-6周岁, ¥30 for 7-17周岁) bought on the server: the order is charged the band of the
 * ward's document, whatever band the client sends, and wards of two bands are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormInput } from '../../src/contract/order.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { createManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { backends, getSerial, GUARDIAN, login, makeTestApp, postOrder, validApplication, type Session, type TestApp } from './helpers.ts';
import { wardAgeManifest } from '../support/ward-age-manifest.ts';

const manifest = wardAgeManifest();

let sequence = 500;
const ward = (birthday: string) => ({ ...validApplication(GUARDIAN).wards![0]!, licenceNo: makeIdCard('320302', birthday, String(sequence++ % 1000).padStart(3, '0')) });
const form = (wards: ReturnType<typeof ward>[], chosen: string): ApplicationFormInput => ({ ...validApplication(GUARDIAN), factors: { wardAgeBand: chosen }, wards } as ApplicationFormInput);

describe.each(backends)('a guardian product priced by the ward’s age band, on the server (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;
  beforeAll(async () => {
    t = await makeTestApp({ backend, manifests: createManifestStore([manifest]) });
    parent = await login(t.app);
  }, 120_000);
  afterAll(async () => t?.close());

  const order = async (application: ApplicationFormInput) => (await postOrder(t.app, parent.token, { serial: await getSerial(t.app, parent.token), form: application })).body;
  const year = new Date().getFullYear();

  it('charges a 3-year-old ward ¥40 though the client chose 7-17, and a 10-year-old ward ¥30 though it chose 0-6', async () => {
    const young = await order(form([ward(`${year - 3}0101`)], '7-17'));
    expect(young.code).toBe('0000');
    expect(young.data?.body.order.amount).toBe(40);
    const older = await order(form([ward(`${year - 10}0101`)], '0-6'));
    expect(older.code).toBe('0000');
    expect(older.data?.body.order.amount).toBe(30);
  });

  it('refuses wards of two bands', async () => {
    expect(await order(form([ward(`${year - 3}0101`), ward(`${year - 10}0101`)], '0-6'))).toEqual({ code: '4001', msg: '被保人年龄不在可投保的年龄段内', data: null });
  });
});

/**
 * A guardian product priced by the ward's age band (`wardAge`): the order is charged the band of the
 * ward's own document on the cover start day, never the band the detail page chose. Prices are the
 * manifest's cells (docs/adding-a-product.md's 关爱宝 example: ¥40 for 0-6周岁, ¥30 for 7-17周岁).
 */
import { describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { validateManifest } from '../../src/engine/manifest/validate-manifest.ts';
import { priceApplication } from '../../src/engine/pricing/price-application.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { wardAgeManifest } from '../support/ward-age-manifest.ts';

const manifest = wardAgeManifest();
const start = new Date('2026-09-01T00:00:00+08:00');
const holder = { licenceType: '01', licenceNo: makeIdCard('320302', '19850312', '123') };
const ward = (birthday: string) => ({ licenceType: '01', licenceNo: makeIdCard('320302', birthday, '401') });
const order = (wards: ReturnType<typeof ward>[], chosen = '7-17') =>
  priceApplication(manifest, { planCode: 'GAB-A', factors: { wardAgeBand: chosen }, insureds: [holder], wards }, start, { agesFromPeople: true });

describe('a price by the ward’s age band', () => {
  it('charges the band of the ward’s document, whatever band was chosen', () => {
    expect(order([ward('20220601')])).toMatchObject({ ok: true, totalFen: 4000 });
    expect(order([ward('20150601')], '0-6')).toMatchObject({ ok: true, totalFen: 3000 });
    // The day before the 7th birthday is still 0-6 on the cover start.
    expect(order([ward('20190902')])).toMatchObject({ ok: true, totalFen: 4000 });
    expect(order([ward('20190901')])).toMatchObject({ ok: true, totalFen: 3000 });
  });

  it('refuses wards of different bands, and a ward of no band', () => {
    expect(order([ward('20220601'), ward('20150601')])).toEqual({ ok: false, message: '被保人年龄不在可投保的年龄段内' });
    expect(order([ward('20000601')])).toEqual({ ok: false, message: '被保人年龄不在可投保的年龄段内' });
  });

  it('is checked: bands on every option, covering the ward’s ages, on a guardian product only', () => {
    const problems = (m: ProductManifest) => validateManifest(m, 'guanaibao-guardian.json').map((p) => `${p.pointer} ${p.message}`);
    expect(problems(manifest)).toEqual([]);
    const gap = structuredClone(manifest);
    gap.pricing.factors[0]!.options[1]!.ageBetween = [8, 17];
    expect(problems(gap)).toContain('/pricing/factors/0/options no age band holds age 7 of /insure/ward/ageBetween');
    const student = structuredClone(manifest);
    student.insure.template = 'student';
    expect(problems(student)).toContain('/pricing/factors/0/wardAge wardAge on a product without wards');
  });
});

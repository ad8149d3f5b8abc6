/**
 * Changing PERSON_DATA_KEY (docs/accounts.md#family-members, "Changing the key"): with the old key in
 * PERSON_DATA_KEY_PREVIOUS the saved people and the claims' bank accounts still open and a person saved
 * before is still found twice; `npm run person-data -- rotate` seals them again under the new key, after
 * which the new key alone opens them and the old one opens nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCalls } from '../../src/contract/claims.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { familyCalls, type FamilyMemberFill, type FamilyMemberView } from '../../src/contract/family.ts';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import { MSG_FAMILY_DUPLICATE } from '../../src/engine/insure/family-member.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { shanghaiDate } from '../../src/engine/time/shanghai-time.ts';
import { buildAppWithHandles } from '../../src/server/app.ts';
import { applicationForms } from '../../src/server/db/schema.ts';
import { rotatePersonData } from '../../src/server/family/operations/rotate-person-data.ts';
import { createPersonCrypto } from '../../src/server/family/person-crypto.ts';
import { backends, call, expectOk, JINING, login, makeTestApp, payUrlOf, pressCashier, submitOrder, testConfig, tradeNoOf, validApplication, type Session, type TestApp } from './helpers.ts';

const OLD = 'the-person-data-key-before-0123456789';
const NEW = 'the-person-data-key-after-9876543210';
const CHILD_ID = makeIdCard('320302', '2017-03-05', '246');
const ACCOUNT_NO = '6222020200556677889';
const child = { name: '陈小禾', idType: '0', idNo: CHILD_ID, schoolName: '济宁市实验小学', className: '三年级2班', consent: true };
const DAY_MS = 24 * 3600_000;

describe.each(backends)('changing PERSON_DATA_KEY (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;
  let personId: string;
  let claimNo: string;
  const closers: (() => Promise<void>)[] = [];

  /** The app as it runs after the key change: on the same database, with its own settings. */
  const appWith = async (personDataKey: string, personDataPreviousKeys?: string[]) => {
    const { app } = await buildAppWithHandles({ db: t.database.db, config: testConfig({ personDataKey, ...(personDataPreviousKeys ? { personDataPreviousKeys } : {}) }), logger: false, sms: { send: async () => undefined } });
    closers.push(() => app.close());
    return app;
  };
  const sealed = async () => {
    const { rows: people } = (await t.database.db.execute(sql`select id_no_cipher as c, user_id as u from family_members where id = ${Number(personId)}`)) as unknown as { rows: { c: string; u: string }[] };
    const { rows: accounts } = (await t.database.db.execute(sql`select account_no_cipher as c, user_id as u from claims where claim_no = ${claimNo}`)) as unknown as { rows: { c: string; u: string }[] };
    return { person: people[0]!, account: accounts[0]! };
  };

  beforeAll(async () => {
    t = await makeTestApp({ backend, config: { personDataKey: OLD } });
    parent = await login(t.app);
    personId = expectOk(await call<FamilyMemberView>(t.app, { method: 'POST', url: familyCalls.add.path, token: parent.token, payload: child })).id;
    const form = validApplication(JINING);
    const order = await submitOrder(t.app, parent.token, form);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, parent.token, order.applicationFormCode)));
    await t.settled();
    await t.database.db
      .update(applicationForms)
      .set({ status: 'guarantee', startDate: new Date(Date.now() - 30 * DAY_MS), endDate: new Date(Date.now() + 300 * DAY_MS) })
      .where(eq(applicationForms.applicationFormCode, order.applicationFormCode));
    const detail = expectOk(await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: parent.token, payload: { applicationFormCode: order.applicationFormCode } }));
    claimNo = expectOk(
      await call<{ claimNo: string }>(t.app, {
        method: 'POST',
        url: claimCalls.reportClaim.path,
        token: parent.token,
        payload: { policyNo: detail.policyNo, insuredIndex: 0, kind: 'accidentOutpatient', accidentDate: shanghaiDate(new Date(Date.now() - 2 * DAY_MS)), accidentPlace: '学校操场', description: '跳绳时摔倒，膝盖擦伤就医。', bank: { accountName: form.policyHolder.name, bankName: '中国银行', accountNo: ACCOUNT_NO } },
      }),
    ).claimNo;
  }, 120_000);
  afterAll(async () => {
    for (const close of closers) await close();
    await t?.close();
  });

  it('keeps every value readable through the change, seals them again under the new key, and a second run changes nothing', async () => {
    const fill = async (app: Awaited<ReturnType<typeof appWith>>) => call<FamilyMemberFill>(app, { method: 'POST', url: fillPath(familyCalls.fill.path, { id: personId }), token: parent.token });
    const addAgain = async (app: Awaited<ReturnType<typeof appWith>>) => call(app, { method: 'POST', url: familyCalls.add.path, token: parent.token, payload: child });

    // The key changed, the old one kept as previous: the person fills the form and is still found twice.
    const during = await appWith(NEW, [OLD]);
    expect(expectOk(await fill(during)).idNo).toBe(CHILD_ID);
    expect((await addAgain(during)).body).toEqual({ code: '4001', msg: MSG_FAMILY_DUPLICATE, data: null });
    // Without the old key nothing opens yet: the rotation is what makes it safe to drop.
    const before = await sealed();
    expect(() => createPersonCrypto(NEW).open(before.person.c, before.person.u)).toThrow();
    expect(() => createPersonCrypto(NEW).open(before.account.c, before.account.u)).toThrow();

    const crypto = createPersonCrypto(NEW, [OLD]);
    expect(await rotatePersonData(t.database.db, crypto)).toEqual({ people: 1, accounts: 1, unreadable: 0 });
    expect(await rotatePersonData(t.database.db, crypto)).toEqual({ people: 0, accounts: 0, unreadable: 0 });

    const { person, account } = await sealed();
    expect(createPersonCrypto(NEW).open(person.c, person.u)).toBe(CHILD_ID);
    expect(createPersonCrypto(NEW).open(account.c, account.u)).toBe(ACCOUNT_NO);
    expect(() => createPersonCrypto(OLD).open(person.c, person.u)).toThrow();
    expect(() => createPersonCrypto(OLD).open(account.c, account.u)).toThrow();
    // The new key alone: the person fills the form, and saving them again is still refused (the hash moved too).
    const after = await appWith(NEW);
    expect(expectOk(await fill(after)).idNo).toBe(CHILD_ID);
    expect((await addAgain(after)).body).toEqual({ code: '4001', msg: MSG_FAMILY_DUPLICATE, data: null });
  });

  it('reports a value no key opens and leaves it as it is', async () => {
    const before = await sealed();
    expect(await rotatePersonData(t.database.db, createPersonCrypto('a-third-key-nobody-sealed-with-000'))).toEqual({ people: 0, accounts: 0, unreadable: 2 });
    expect(await sealed()).toEqual(before);
  });
});

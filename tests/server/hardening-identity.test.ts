/**
 * One person, one identity. The attacks checked: the same 18-digit number
 * sent as ID type 4 (户口本) or 8 (其他) instead of 0, to insure one child
 * three times or a 40-year-old as a student; and a passport with a birthday
 * of the client's choosing, to pick its own age band (an 85-year-old at the
 * 18–30 price on 19PR855366).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormInput } from '../../src/contract/order.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { MSG_BIRTHDAY_REQUIRED, MSG_SEX_REQUIRED } from '../../src/engine/rules/messages.ts';
import { repeatInsuranceMessage } from '../../src/server/orders/repeat-insurance.ts';
import { backends, expectOk, getSerial, login, makeTestApp, postOrder, repeatCheck, type Session, type TestApp, validApplication, XUZHOU } from './helpers.ts';

const UMBRELLA = '19PR855366';

/** YYYY-MM-DD of someone `age` full years old today (two months past the birthday). */
function birthdayOfAge(age: number): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - 2);
  return `${d.getUTCFullYear() - age}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

let sequence = 100;
const idOfAge = (age: number, region = '320302') => makeIdCard(region, birthdayOfAge(age), String(sequence++ % 1000).padStart(3, '0'));

/** A 19PR855366 (阳光众乐保) application: the holder insures a parent carrying `document`, asking the 18–30 band. */
function umbrellaForm(document: Partial<ApplicationFormInput['insureds'][number]>): ApplicationFormInput {
  return {
    productCode: UMBRELLA,
    planCode: 'YGBHS-A',
    factors: { ageBand: '18-30', socialSecurity: 'Y' },
    policyHolder: { name: '王建国', licenceType: '0', licenceNo: idOfAge(40), phone: '13800001111' },
    insureds: [{ relaToHolder: '02', name: '王老汉', licenceType: '1', licenceNo: `E${String(sequence++).padStart(8, '0')}`, socialMedicalInsurance: 'Y', ...document }],
    // The product's health notice, answered 否 (no follow-up shown).
    healthAnswers: { hospital: 'N', disease: 'N' },
  };
}

describe.each(backends)('one person, one identity (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;
  let other: Session;
  beforeAll(async () => {
    t = await makeTestApp({ backend });
    parent = await login(t.app);
    other = await login(t.app);
  }, 120_000);
  afterAll(() => t.close());

  const order = async (session: Session, form: ApplicationFormInput) => (await postOrder(t.app, session.token, { serial: await getSerial(t.app, session.token), form })).body;
  const refusal = (msg: string) => ({ code: '4001', msg, data: null });

  it('insures a child once whatever document type carries the 18-digit number (户口本, 其他)', async () => {
    const form = validApplication(XUZHOU);
    const child = form.insureds[0]!;
    expect((await order(parent, form)).code).toBe('0000');
    for (const licenceType of ['4', '8']) {
      const again = validApplication(XUZHOU, { insureds: [{ ...child, licenceType }] });
      expect(await order(other, again)).toEqual(refusal(repeatInsuranceMessage(child.name)));
      // The confirm page's check says so too, for the same number under the other type.
      expect(expectOk(await repeatCheck(t.app, other.token, again)).repeat).toBe(true);
    }
  });

  it('refuses a 40-year-old as a student under 其他 (type 8) as under 身份证', async () => {
    const form = validApplication(XUZHOU);
    const adult = { ...form.insureds[0]!, licenceType: '8', licenceNo: idOfAge(40) };
    expect(await order(parent, { ...form, insureds: [adult] })).toEqual(refusal('被保人年龄须在3-25周岁之间'));
  });

  it('prices a passport holder from the birthday given, never from the band the client chose', async () => {
    // 85 years old: outside the product's 18–60 whatever band is asked.
    expect(await order(parent, umbrellaForm({ birthday: birthdayOfAge(85), sex: '0' }))).toEqual(refusal('被保人年龄须在18-60周岁之间'));
    // No birthday: no age, no order (the client's band is not a fallback).
    expect(await order(parent, umbrellaForm({}))).toEqual(refusal(MSG_BIRTHDAY_REQUIRED));
    expect(await order(parent, umbrellaForm({ birthday: birthdayOfAge(50) }))).toEqual(refusal(MSG_SEX_REQUIRED));
    // 50 years old asking 18–30: charged the 46–50 band, 136 × 3.2.
    const fifty = await order(parent, umbrellaForm({ birthday: birthdayOfAge(50), sex: '1' }));
    expect(fifty).toMatchObject({ code: '0000', data: { body: { order: { amount: 435.2 } } } });
  });

  it('matches the repeat check on name and birthday across documents', async () => {
    const form = validApplication(XUZHOU);
    const child = form.insureds[0]!;
    expect((await order(parent, form)).code).toBe('0000');
    const digits = child.licenceNo.slice(6, 14);
    const birthday = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
    const byPassport = { ...child, licenceType: '1', licenceNo: 'E99887766', birthday, sex: '0' as const };
    const again = validApplication(XUZHOU, { insureds: [byPassport] });
    expect(expectOk(await repeatCheck(t.app, other.token, again)).repeat).toBe(true);
    expect(await order(other, again)).toEqual(refusal(repeatInsuranceMessage(child.name)));
    // Another child of that name and birthday with a mainland number of their own is another person.
    const namesake = { ...child, licenceNo: makeIdCard('320302', birthday, '998') };
    expect((await order(other, validApplication(XUZHOU, { insureds: [namesake] }))).code).toBe('0000');
  });

  it('holds a child insured by passport against a namesake of the same birthday who gives a mainland number', async () => {
    // The other direction of the test above: the stored form has no mainland number, the new one has.
    const child = validApplication(XUZHOU).insureds[0]!;
    const birthday = birthdayOfAge(9);
    const byPassport = { ...child, name: '周小雨', licenceType: '1', licenceNo: `E${String(sequence++).padStart(8, '0')}`, birthday, sex: '0' as const };
    expect((await order(parent, validApplication(XUZHOU, { insureds: [byPassport] }))).code).toBe('0000');
    const numbered = { ...byPassport, licenceType: '0', licenceNo: makeIdCard('320302', birthday, '996') };
    const again = validApplication(XUZHOU, { insureds: [numbered] });
    expect(expectOk(await repeatCheck(t.app, other.token, again)).repeat).toBe(true);
    expect(await order(other, again)).toEqual(refusal(repeatInsuranceMessage('周小雨')));
    // A mainland number stored under another document type (其他) is still a mainland number: its namesake
    // with a number of their own is another child.
    const underOther = { ...child, name: '吴小舟', licenceType: '8', licenceNo: makeIdCard('320302', birthday, '994'), birthday };
    expect((await order(parent, validApplication(XUZHOU, { insureds: [underOther] }))).code).toBe('0000');
    const otherChild = { ...underOther, licenceType: '0', licenceNo: makeIdCard('320302', birthday, '992') };
    expect((await order(other, validApplication(XUZHOU, { insureds: [otherChild] }))).code).toBe('0000');
  });

  it('tells documents other than a mainland number apart by their type, and holds the same type and number', async () => {
    const child = validApplication(XUZHOU).insureds[0]!;
    const licenceNo = `E${String(sequence++).padStart(8, '0')}`;
    const byPassport = { ...child, name: '郑小川', licenceType: '1', licenceNo, birthday: birthdayOfAge(9), sex: '0' as const };
    expect((await order(parent, validApplication(XUZHOU, { insureds: [byPassport] }))).code).toBe('0000');
    // The same number under another document type (其他), for another child: another document, another person.
    const otherDocument = { ...byPassport, name: '钱小禾', licenceType: '8', birthday: birthdayOfAge(10) };
    const allowed = validApplication(XUZHOU, { insureds: [otherDocument] });
    expect(expectOk(await repeatCheck(t.app, other.token, allowed)).repeat).toBe(false);
    expect((await order(other, allowed)).code).toBe('0000');
    // The same passport under another name is the same document.
    const samePassport = { ...byPassport, name: '孙小满', birthday: birthdayOfAge(11) };
    expect(await order(other, validApplication(XUZHOU, { insureds: [samePassport] }))).toEqual(refusal(repeatInsuranceMessage('孙小满')));
  });

  it('keeps the age-band factor out of reach of a guess: the mainland number under 户口本 prices its own band', async () => {
    const insured = { relaToHolder: '02', name: '王老汉', licenceType: '4', licenceNo: idOfAge(52), socialMedicalInsurance: 'Y' as const };
    const form = { ...umbrellaForm({}), insureds: [insured] };
    // 51–55: 136 × 4.6.
    expect(await order(parent, form)).toMatchObject({ code: '0000', data: { body: { order: { amount: 625.6 } } } });
  });
});

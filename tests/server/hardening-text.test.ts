/**
 * Hostile text in names: bidirectional controls (which reorder the rest of a
 * line where the name is shown) and zero-width characters (which make two
 * names look alike) are refused in person and school names, with the spec's
 * name message, wherever the server takes them as free text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../src/contract/accounts.ts';
import { contractCalls } from '../../src/contract/contracts.ts';
import { SCHOOL_MESSAGES, schoolCalls } from '../../src/contract/school.ts';
import { makeIdCard, MSG_NAME } from '../../src/engine/rules/index.ts';
import { backends, call, expectOk, getSerial, login, makeTestApp, postOrder, validApplication, XUZHOU, type TestApp } from './helpers.ts';

/** One of each kind: the override of the issue, an embedding, an isolate, the Arabic letter mark, the marks, and the zero-width ones. */
const HIDDEN = ['\u202e', '\u202a', '\u2066', '\u2069', '\u061c', '\u200e', '\u200f', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
const hex = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe.each(backends)('hostile text in names (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => void (t = await makeTestApp({ backend })));
  afterAll(() => t.close());

  it('refuses an order whose holder, insured or school name carries a bidi control or a zero-width character, with the name message', async () => {
    const parent = await login(t.app);
    const refusal = async (form: ReturnType<typeof validApplication>) =>
      (await postOrder(t.app, parent.token, { serial: await getSerial(t.app, parent.token), form })).body;
    for (const ch of HIDDEN) {
      const base = validApplication(XUZHOU);
      const insured = base.insureds[0]!;
      const cases = {
        holder: { ...base, policyHolder: { ...base.policyHolder, name: `王${ch}建国` } },
        insured: { ...base, insureds: [{ ...insured, name: `王小${ch}明` }] },
        school: { ...base, insureds: [{ ...insured, schoolName: `徐州市${ch}第一实验小学` }] },
      };
      for (const [field, form] of Object.entries(cases)) {
        expect({ ch: hex(ch), field, answer: await refusal(form) }).toEqual({ ch: hex(ch), field, answer: { code: '4001', msg: MSG_NAME, data: null } });
      }
    }
    // The same form without them is taken.
    expectOk(await postOrder(t.app, parent.token, { serial: await getSerial(t.app, parent.token), form: validApplication(XUZHOU) }));
  });

  it('refuses such a school name in an agreement, with the name message', async () => {
    const parent = await login(t.app);
    for (const ch of HIDDEN) {
      const body = { productCode: '23PR370860', insuredName: '张小宇', insuredIdNo: makeIdCard('370802', '20150601', '123'), schoolName: `济宁市${ch}第一实验小学` };
      const { body: answer } = await call(t.app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: body });
      expect({ ch: hex(ch), answer }).toEqual({ ch: hex(ch), answer: { code: '4001', msg: MSG_NAME, data: null } });
    }
  });

  it('refuses such a real name in the profile (what promoters see in their customer lists), with the name message', async () => {
    const parent = await login(t.app);
    for (const ch of HIDDEN) {
      const { body } = await call(t.app, { method: 'POST', url: accountCalls.saveUserInfo.path, token: parent.token, payload: { actualName: `王${ch}建国` } });
      expect({ ch: hex(ch), body }).toEqual({ ch: hex(ch), body: { code: '4001', msg: MSG_NAME, data: null } });
    }
    expect(expectOk(await call<{ actualName: string }>(t.app, { method: 'POST', url: accountCalls.saveUserInfo.path, token: parent.token, payload: { actualName: '王建国' } })).actualName).toBe('王建国');
  });

  it('refuses such a school a parent adds, with the school name message', async () => {
    const parent = await login(t.app);
    for (const ch of HIDDEN) {
      const payload = { schoolName: `沛县${ch}晨星学校`, schoolKind: 'edu_07', areaCode: '320322' };
      const { body } = await call(t.app, { method: 'POST', url: schoolCalls.addSchool.path, token: parent.token, payload });
      expect({ ch: hex(ch), body }).toEqual({ ch: hex(ch), body: { code: '4001', msg: SCHOOL_MESSAGES.badName, data: null } });
    }
  });
});

import type { TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { marketCalls, AreaList } from '../../src/contract/market.ts';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountCalls,
  identityCalls,
  AccountSummary,
  AuthenInfo,
  FaceStart,
  FirstLogin,
  PromoterInfo,
  SignedDocuments,
  StaffInfo,
  UserInfo,
  VerificationResult,
} from '../../src/contract/accounts.ts';
import { authCalls, UserRecord } from '../../src/contract/auth.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { obfuscate } from '../../src/contract/obfuscation.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { makeIdCard } from '../../src/engine/rules/index.ts';
import { call, login, makeTestApp, newPhone, type TestApp } from './helpers.ts';

function expectShape(schema: TSchema, body: unknown): void {
  const errors = [...Value.Errors(Envelope(schema), body)].map((e) => `${e.path} ${e.message}`);
  expect(errors).toEqual([]);
  expect((body as { code: string }).code).toBe('0000');
}

describe('account responses follow the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('for registration, password log-in, profile, regions, staff and promoters', async () => {
    const phone = newPhone();
    await call(t.app, { method: 'GET', url: `${authCalls.registerRegMsg.path}?phoneNum=${phone}` });
    const code = (await call<{ code: string }>(t.app, { method: 'GET', url: `${authCalls.devSmsLatest.path}?phoneNum=${phone}` })).body.data?.code;
    const registered = await call(t.app, {
      method: 'POST',
      url: authCalls.appRegister.path,
      payload: { phoneNum: phone, passWord: 'Abc12345!', smsVerificationCode: code, userSourceType: 22, channelNo: 'edu' },
    });
    expectShape(UserRecord, registered.body);
    const loggedIn = await call<{ token: string; userCode: string }>(t.app, {
      method: 'POST',
      url: authCalls.passwordLogin.path,
      payload: { loginAccount: phone, passWord: 'Abc12345!' },
    });
    expectShape(UserRecord, loggedIn.body);
    const { token, userCode } = loggedIn.body.data ?? { token: '', userCode: '' };
    const get = (url: string) => call(t.app, { method: 'GET', url, token });
    expectShape(UserInfo, (await get(accountCalls.userInfo.path)).body);
    expectShape(AccountSummary, (await get(`${accountCalls.accountSummary.path}?userCode=${userCode}&sysCode=sys_edu_wxb_wx`)).body);
    expectShape(SignedDocuments, (await get(`${accountCalls.documents.path}?userCode=${userCode}`)).body);
    expectShape(AreaList, (await get(fillPath(marketCalls.getArea.path, { code: '320000' }))).body);
    expectShape(Type.Union([StaffInfo, Type.Null()]), (await get(`${accountCalls.staff.path}?userCode=${userCode}`)).body);
    expectShape(Type.Union([PromoterInfo, Type.Null()]), (await get(`${accountCalls.promoters.path}?userCode=${userCode}`)).body);
    expectShape(FirstLogin, (await get(`${accountCalls.isFirstLogin.path}?userCode=${userCode}`)).body);
    expectShape(AuthenInfo, (await get(identityCalls.authenInfo.path)).body);
  });

  it('for identity checks', async () => {
    const { token } = await login(t.app);
    const verId = 'ab'.repeat(16);
    const person = { oc: 'JT0000', cc: 'edu', sysCode: 'sys_edu_wxb_wx', ver: '1', verId, name: '张明', idNo: makeIdCard('320302', '1986-03-15', '131'), idType: '1' };
    const id = await call(t.app, { method: 'POST', url: identityCalls.validateId.path, token, payload: { data: obfuscate(person) } });
    expectShape(VerificationResult, id.body);
    const face = await call(t.app, {
      method: 'POST',
      url: identityCalls.validateFace.path,
      token,
      payload: { data: obfuscate({ ...person, backUrl: '/#/CertificationResult', startFrom: '2' }) },
    });
    expectShape(FaceStart, face.body);
    expectShape(VerificationResult, (await call(t.app, { method: 'GET', url: fillPath(identityCalls.verification.path, { sys: 'sys_edu_wxb_wx', id: verId }), token })).body);
  });
});

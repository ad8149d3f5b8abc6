/**
 * Token lifecycle (log-out and password change revoke server-side, rotation
 * and reuse), password reset, the identity sandbox with the obfuscated
 * payload and its face page, and the profile calls, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obfuscate, deobfuscate } from '../../src/contract/obfuscation.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { makeIdCard } from '../../src/engine/rules/index.ts';
import { SandboxIdentityProvider } from '../../src/server/providers/identity/sandbox-identity-provider.ts';
import { insertStaff } from '../../src/server/auth/people-repo.ts';
import { promoterCalls } from '../../src/contract/promoter.ts';
import { getUserByCode } from '../../src/server/auth/users-repo.ts';
import { backends, call, expectOk, login, makeTestApp, newPhone, type TestApp } from './helpers.ts';
import { accountCalls, identityCalls } from '../../src/contract/accounts.ts';
import { authCalls } from '../../src/contract/auth.ts';
import { orderCalls } from '../../src/contract/order.ts';

const PASSWORD = 'Abc12345!';
const hex32 = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

describe.each(backends)('sessions, identity and profile (%s)', (backend) => {
  let t: TestApp;
  let now = new Date('2025-09-01T02:00:00Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const identity = new SandboxIdentityProvider(() => now);

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now, identity });
  });
  afterAll(() => t.close());

  const get = <T = unknown>(url: string, token?: string) => call<T>(t.app, { method: 'GET', url, token });
  const post = <T = unknown>(url: string, payload: object, token?: string) => call<T>(t.app, { method: 'POST', url, payload, token });
  const codeOf = async (phone: string) => expectOk(await get<{ code: string }>(`${authCalls.devSmsLatest.path}?phoneNum=${phone}`)).code;
  const policyList = (token: string) => post(orderCalls.policyList.path, {}, token);
  const refresh = (refreshToken: string) => post<{ token: string; refreshToken: string }>(authCalls.refreshToken.path, { refreshToken });
  const passwordLogin = (phone: string, password: string) =>
    post<{ token: string; refreshToken: string; userCode: string }>(authCalls.passwordLogin.path, { loginAccount: phone, passWord: password });

  async function withPassword() {
    const session = await login(t.app);
    expectOk(
      await post(authCalls.changePassword.path, { loginAccount: '', oldPwd: '', newPwd: PASSWORD, secondPwd: PASSWORD, userCode: session.userCode }, session.token),
    );
    const user = expectOk(await passwordLogin(session.phone, PASSWORD));
    return { ...user, phone: session.phone };
  }

  // ---------------------------------------------------------------- tokens

  it('log-out kills the access token and the refresh family of that device only', async () => {
    const phone = newPhone();
    const a = await login(t.app, phone);
    advance(61_000);
    const b = await login(t.app, phone);
    expectOk(await post(authCalls.loginOut.path, { authorization: a.token, refreshToken: a.refreshToken }));
    expect((await policyList(a.token)).body).toEqual({ code: '406', msg: '请先登录', data: null });
    expect((await refresh(a.refreshToken)).body.code).toBe('406');
    expectOk(await policyList(b.token));
    expectOk(await refresh(b.refreshToken));
  });

  it('log-out with an expired access token still ends its session', async () => {
    const a = await login(t.app);
    advance(16 * 60_000);
    expectOk(await post(authCalls.loginOut.path, { authorization: `Bearer ${a.token}` }));
    expect((await refresh(a.refreshToken)).body.code).toBe('406');
  });

  it('a password change ends every session, including access tokens already issued', async () => {
    const user = await withPassword();
    advance(61_000);
    const other = expectOk(await passwordLogin(user.phone, PASSWORD));
    const changed = await post(
      authCalls.changePassword.path,
      { loginAccount: user.phone, oldPwd: PASSWORD, newPwd: 'New12345!', secondPwd: 'New12345!', userCode: user.userCode },
      user.token,
    );
    expect(changed.body).toEqual({ code: '0000', msg: '密码修改成功，请重新登录', data: null });
    for (const token of [user.token, other.token]) expect((await policyList(token)).body.code).toBe('406');
    for (const rt of [user.refreshToken, other.refreshToken]) expect((await refresh(rt)).body.code).toBe('406');
    expect((await passwordLogin(user.phone, PASSWORD)).body.code).toBe('4001');
    expectOk(await passwordLogin(user.phone, 'New12345!'));
  });

  it('a first password keeps the session it was set from: the user is not sent back to log-in', async () => {
    const session = await login(t.app);
    const set = await post(
      authCalls.changePassword.path,
      { loginAccount: '', oldPwd: '', newPwd: PASSWORD, secondPwd: PASSWORD, userCode: session.userCode },
      session.token,
    );
    expect(set.body).toEqual({ code: '0000', msg: '密码设置成功', data: null });
    expectOk(await policyList(session.token));
    expectOk(await refresh(session.refreshToken));
    expectOk(await passwordLogin(session.phone, PASSWORD));
  });

  it('a password change needs the old password, the same new password twice and the caller’s own account', async () => {
    const user = await withPassword();
    const body = { loginAccount: user.phone, oldPwd: 'Nope1234!', newPwd: 'New12345!', secondPwd: 'New12345!', userCode: user.userCode };
    expect((await post(authCalls.changePassword.path, body, user.token)).body).toEqual({ code: '4001', msg: '原密码错误', data: null });
    expect((await post(authCalls.changePassword.path, { ...body, oldPwd: PASSWORD, secondPwd: 'New12345?' }, user.token)).body.msg).toBe(
      '两次输入的密码不一致',
    );
    const other = await login(t.app);
    expect((await post(authCalls.changePassword.path, { ...body, oldPwd: PASSWORD }, other.token)).body.code).toBe('4003');
    expect((await post(authCalls.changePassword.path, { ...body, oldPwd: PASSWORD })).body.code).toBe('406');
  });

  it('a forgotten password is reset with a code and ends every session', async () => {
    const user = await withPassword();
    advance(61_000);
    expectOk(await get(`${authCalls.registerRegMsg.path}?phoneNum=${user.phone}&type=reset`));
    const code = await codeOf(user.phone);
    expectOk(await get(`${authCalls.appVerification.path}?phoneNum=${user.phone}&smsVerificationCode=${code}&type=reset`));
    expectOk(await post(authCalls.pwdFind.path, { phoneNum: user.phone, smsVerificationCode: code, newPwd: 'Reset123!', secondPwd: 'Reset123!' }));
    expect((await policyList(user.token)).body.code).toBe('406');
    expectOk(await passwordLogin(user.phone, 'Reset123!'));
    // Single use.
    expect((await post(authCalls.pwdFind.path, { phoneNum: user.phone, smsVerificationCode: code, newPwd: 'Again123!', secondPwd: 'Again123!' })).body.code).toBe(
      '4010',
    );
  });

  it('rotation keeps the session id, so log-out after refreshes still ends it', async () => {
    const a = await login(t.app);
    const r1 = expectOk(await refresh(a.refreshToken));
    const r2 = expectOk(await refresh(r1.refreshToken));
    expectOk(await policyList(r2.token));
    expectOk(await post(authCalls.loginOut.path, { authorization: r2.token }));
    expect((await policyList(r1.token)).body.code).toBe('406');
    expect((await refresh(r2.refreshToken)).body.code).toBe('406');
  });

  it('registration with a password logs in and counts the first log-in', async () => {
    const phone = newPhone();
    expectOk(await get(`${authCalls.registerRegMsg.path}?phoneNum=${phone}`));
    const user = expectOk(
      await post<{ token: string; userCode: string; phone: string; isStaff: boolean; branchCode: string }>(authCalls.appRegister.path, {
        phoneNum: phone,
        passWord: PASSWORD,
        smsVerificationCode: await codeOf(phone),
        userSourceType: 22,
        channelNo: 'edu',
      }),
    );
    expect(user).toMatchObject({ phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, isStaff: false, branchCode: 'JT0000' });
    expect(expectOk(await get<{ isFirstLogin: boolean }>(`${accountCalls.isFirstLogin.path}?userCode=${user.userCode}`, user.token))).toEqual({ isFirstLogin: true });
    const again = expectOk(await passwordLogin(phone, PASSWORD));
    expect(expectOk(await get(`${accountCalls.isFirstLogin.path}?userCode=${user.userCode}`, again.token))).toEqual({ isFirstLogin: false });
  });

  // ---------------------------------------------------------------- identity

  const payload = (fields: Record<string, unknown>) => ({
    data: obfuscate({ oc: 'JT0000', cc: 'edu', sysCode: 'sys_edu_wxb_wx', ver: '1', idType: '1', ...fields }),
  });

  it('obfuscates the identity payload so that name and ID number are not in the request, and round-trips it', () => {
    const idNo = makeIdCard('320302', '1986-03-15', '131');
    const sent = payload({ verId: hex32(), name: '张明', idNo }).data;
    expect(sent.startsWith('v1.')).toBe(true);
    expect(sent).not.toContain(idNo);
    expect(Buffer.from(sent.slice(3), 'base64url').toString('utf8')).not.toContain(idNo);
    expect(deobfuscate(sent)).toMatchObject({ name: '张明', idNo });
    expect(deobfuscate('v1.AAAA')).toBeUndefined();
    expect(deobfuscate('plain')).toBeUndefined();
  });

  it('real-name check: passes a well-formed pair, fails region, date, check digit and mismatches with reasons', async () => {
    const user = await login(t.app);
    const check = async (name: string, idNo: string) =>
      expectOk(await post<{ idStatus: string; reason: string; name: string; idNo: string }>(identityCalls.validateId.path, payload({ verId: hex32(), name, idNo }), user.token));
    const good = makeIdCard('320302', '1986-03-15', '131');
    expect(await check('张明', good)).toMatchObject({ idStatus: 'passed', reason: '', name: '*明', idNo: '320***********' + good.slice(-4) });
    expect(await check('张明', makeIdCard('990302', '1986-03-15', '131'))).toMatchObject({ idStatus: 'failed', reason: '身份证号码校验错误!' });
    expect(await check('张明', makeIdCard('320302', '1986-02-30', '131'))).toMatchObject({ idStatus: 'failed', reason: '身份证号码校验错误!' });
    expect(await check('张明', `${good.slice(0, 17)}${good.endsWith('1') ? '2' : '1'}`)).toMatchObject({ idStatus: 'failed' });
    expect(await check('张明', makeIdCard('320302', '2099-01-01', '131'))).toMatchObject({ idStatus: 'failed' });
    expect(await check('张', good)).toMatchObject({ idStatus: 'failed', reason: '请输入2-20位中文名或汉字和字母任意组合!' });
    const refused = makeIdCard('320302', '1990-01-01', '133');
    identity.refuse(refused);
    expect(await check('李四', refused)).toMatchObject({ idStatus: 'failed', reason: '姓名与身份证号码不一致' });
    const info = expectOk(await get<{ realNameStatus: string; name: string }>(identityCalls.authenInfo.path, user.token));
    expect(info).toMatchObject({ realNameStatus: '1', faceStatus: '0', name: '*明' });
  });

  it('refuses payloads that are not obfuscated, not the spec shape, or another user’s verification', async () => {
    const user = await login(t.app);
    expect((await post(identityCalls.validateId.path, { data: 'not-obfuscated' }, user.token)).status).toBe(400);
    expect((await post(identityCalls.validateId.path, payload({ verId: 'x', name: '张明', idNo: '1' }), user.token)).body.code).toBe('4000');
    expect((await post(identityCalls.validateId.path, payload({ verId: hex32(), name: '张明', idNo: '1' }))).body.code).toBe('406');
    const verId = hex32();
    expectOk(await post(identityCalls.validateId.path, payload({ verId, name: '张明', idNo: makeIdCard('320302', '1986-03-15', '131') }), user.token));
    const other = await login(t.app);
    expect((await post(identityCalls.validateId.path, payload({ verId, name: '王五', idNo: makeIdCard('320302', '1986-03-15', '151') }), other.token)).body.code).toBe(
      '4003',
    );
    expect((await get(fillPath(identityCalls.verification.path, { sys: 'sys_edu_wxb_wx', id: verId }), other.token)).body.code).toBe('4003');
  });

  it('face check: sandbox page, back to backUrl with verId and startFrom 2, result recorded once', async () => {
    const user = await login(t.app);
    const verId = hex32();
    const person = { verId, name: '张明', idNo: makeIdCard('320302', '1986-03-15', '131') };
    // Face before a passed real-name check is refused.
    expect((await post(identityCalls.validateFace.path, payload({ ...person, backUrl: '/#/CertificationResult', startFrom: 2 }), user.token)).body.code).toBe('4004');
    expectOk(await post(identityCalls.validateId.path, payload(person), user.token));
    for (const backUrl of ['https://evil.example/#/x', '//evil.example', 'javascript:alert(1)']) {
      expect((await post(identityCalls.validateFace.path, payload({ ...person, backUrl, startFrom: 2 }), user.token)).body.msg).toBe('返回地址无效');
    }
    expect((await post(identityCalls.validateFace.path, payload({ ...person, name: '李四', backUrl: '/#/CertificationResult', startFrom: 2 }), user.token)).body.code).toBe(
      '4001',
    );
    const { faceUrl } = expectOk(
      await post<{ faceUrl: string }>(identityCalls.validateFace.path, payload({ ...person, backUrl: '/#/CertificationResult', startFrom: '2' }), user.token),
    );
    const pageRes = await t.app.inject({ method: 'GET', url: faceUrl });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('*明');
    expect(pageRes.body).not.toContain(person.idNo);
    const ticket = new URL(faceUrl, 'http://x').searchParams.get('ticket') ?? '';
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/_sandbox/face/confirm',
        payload: `ticket=${ticket}&outcome=pass`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const back = await confirm();
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/#/CertificationResult?verId=${verId}&startFrom=2`);
    expect((await confirm()).statusCode).toBe(404);
    const result = expectOk(await get(fillPath(identityCalls.verification.path, { sys: 'sys_edu_wxb_wx', id: verId }), user.token));
    expect(result).toMatchObject({ verId, idStatus: 'passed', faceStatus: 'passed', name: '*明' });
    expect(expectOk(await get(identityCalls.authenInfo.path, user.token))).toMatchObject({ realNameStatus: '1', faceStatus: '1' });
  });

  it('face check can fail, and the result says so', async () => {
    const user = await login(t.app);
    const person = { verId: hex32(), name: '张明', idNo: makeIdCard('320302', '1986-03-15', '131') };
    expectOk(await post(identityCalls.validateId.path, payload(person), user.token));
    const { faceUrl } = expectOk(await post<{ faceUrl: string }>(identityCalls.validateFace.path, payload({ ...person, backUrl: '/#/CertificationResult', startFrom: 2 }), user.token));
    const ticket = new URL(faceUrl, 'http://x').searchParams.get('ticket') ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: '/_sandbox/face/confirm',
      payload: `ticket=${ticket}&outcome=fail`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(303);
    expect(expectOk(await get(fillPath(identityCalls.verification.path, { sys: 'sys_edu_wxb_wx', id: person.verId }), user.token))).toMatchObject({ faceStatus: 'failed' });
    expect(expectOk(await get(identityCalls.authenInfo.path, user.token))).toMatchObject({ faceStatus: '0' });
  });

  it('the face page link works for 10 minutes only', async () => {
    const user = await login(t.app);
    const person = { verId: hex32(), name: '张明', idNo: makeIdCard('320302', '1986-03-15', '131') };
    expectOk(await post(identityCalls.validateId.path, payload(person), user.token));
    const { faceUrl } = expectOk(await post<{ faceUrl: string }>(identityCalls.validateFace.path, payload({ ...person, backUrl: '/#/CertificationResult', startFrom: 2 }), user.token));
    advance(10 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: faceUrl })).statusCode).toBe(404);
    // Starting again gives a new link.
    const again = expectOk(await post<{ faceUrl: string }>(identityCalls.validateFace.path, payload({ ...person, backUrl: '/#/CertificationResult', startFrom: 2 }), user.token));
    expect((await t.app.inject({ method: 'GET', url: again.faceUrl })).statusCode).toBe(200);
  });

  it('personalUserAuthen runs the same real-name check without obfuscation', async () => {
    const user = await login(t.app);
    expect((await post(identityCalls.personalAuthen.path, { name: '张明', idType: '1', idNo: '320302198603151312' }, user.token)).body.code).toBe('4001');
    const info = expectOk(await post(identityCalls.personalAuthen.path, { name: '张明', idType: '1', idNo: makeIdCard('320302', '1986-03-15', '131') }, user.token));
    expect(info).toMatchObject({ realNameStatus: '1', name: '*明' });
  });

  // ---------------------------------------------------------------- profile

  it('reads and saves the user info of the caller only', async () => {
    const user = await login(t.app);
    expect(expectOk(await get(accountCalls.userInfo.path, user.token))).toEqual({
      actualName: '',
      contactAddress: '',
      dateOfBirth: '',
      imgUrl: '',
      sex: '',
      userCode: user.userCode,
    });
    const saved = expectOk(
      await post(accountCalls.userInfo.path, { actualName: '张明', sex: '0', dateOfBirth: '1986-03-15', contactAddress: '徐州市鼓楼区中山北路1号' }, user.token),
    );
    expect(saved).toMatchObject({ actualName: '张明', sex: '0', dateOfBirth: '1986-03-15' });
    const other = await login(t.app);
    expect((await post(accountCalls.userInfo.path, { userCode: user.userCode, actualName: '黑客' }, other.token)).body.code).toBe('4003');
    expect((await post(accountCalls.userInfo.path, { sex: '7' }, user.token)).body.code).toBe('4000');
    expect((await get(`${accountCalls.accountSummary.path}?userCode=${user.userCode}`, other.token)).body.code).toBe('4003');
    expect(expectOk(await get(`${accountCalls.accountSummary.path}?userCode=${user.userCode}`, user.token))).toMatchObject({
      hasPassword: false,
      isStaff: false,
      hasSignedDocuments: false,
    });
    expect(expectOk(await get(`${accountCalls.staff.path}?userCode=${user.userCode}`, user.token))).toBeNull();
    expect(expectOk(await get(`${accountCalls.documents.path}?userCode=${user.userCode}`, user.token))).toEqual([]);
    expect(expectOk(await get(`${accountCalls.promoters.path}?userCode=${user.userCode}`, user.token))).toBeNull();
    expectOk(await post(accountCalls.agreePrivacy.path, { documents: ['registerKnow', 'registerPrivacyClause'] }, user.token));
  });

  it('uploads an avatar image as form data and serves it; refuses other files', async () => {
    const user = await login(t.app);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = (bytes: Buffer, filename: string) => {
      const boundary = '----edu' + hex32();
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${user.token}` } };
    };
    const up = await t.app.inject({ method: 'POST', url: `/_gw${accountCalls.upload.path}`, ...form(png, 'a.png') });
    const { url } = (up.json() as { data: { url: string } }).data;
    expect(url).toMatch(/^\/_gw\/user-svc\/api\/file\/[\w-]+$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: `/_gw${accountCalls.upload.path}`, ...form(Buffer.from('<svg onload=alert(1)>'), 'a.png') });
    expect(bad.json()).toMatchObject({ code: '4001', msg: '仅支持 PNG、JPEG、WebP 图片' });
    const big = await t.app.inject({ method: 'POST', url: `/_gw${accountCalls.upload.path}`, ...form(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'a.png') });
    expect(big.json()).toMatchObject({ code: '4001', msg: '图片不能超过2MB' });
    expectOk(await post(accountCalls.userInfo.path, { imgUrl: url }, user.token));
    expect((await post(accountCalls.userInfo.path, { imgUrl: 'https://evil.example/x.png' }, user.token)).body.msg).toBe('头像地址无效');
    const anonymous = await t.app.inject({ method: 'POST', url: `/_gw${accountCalls.upload.path}`, ...form(png, 'a.png'), headers: { ...form(png, 'a.png').headers, authorization: '' } });
    expect(anonymous.json()).toMatchObject({ code: '406' });
  });

  it('staff are recognised, and a customer keeps the first promoter of a promo link', async () => {
    const broker = await login(t.app);
    const brokerRow = await getUserByCode(t.database.db, broker.userCode);
    await insertStaff(t.database.db, {
      employeeNum: `E${broker.userCode.slice(-6)}`,
      userId: brokerRow?.id ?? '',
      name: '王经纪',
      licenseNumber: '02000132000080002019000123',
      branchCode: 'JT0144001',
      branchName: '徐州分公司',
    });
    advance(61_000);
    const again = expectOk(await post<{ token: string; isStaff: boolean; branchCode: string }>(authCalls.registerAndLogin.path, {
      phoneNum: broker.phone,
      smsVerificationCode: await (async () => {
        expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${broker.phone}`));
        return codeOf(broker.phone);
      })(),
    }));
    expect(again).toMatchObject({ isStaff: true, branchCode: 'JT0144001' });
    expect(expectOk(await get(`${accountCalls.staff.path}?userCode=${broker.userCode}`, again.token))).toMatchObject({ name: '王经纪' });

    const customer = await login(t.app);
    const plain = await login(t.app);
    const cardOf = async (token: string) => expectOk(await get<{ promoCode: string; managerCode: string }>(promoterCalls.myCard.path, token));
    const brokerCard = await cardOf(again.token);
    const customerCard = await cardOf(customer.token);
    const otherBrokerCard = await cardOf(plain.token);
    // A user code is no promo code; an unknown code is refused the same way.
    expect((await post(accountCalls.addCustomer.path, { managerUserCode: plain.userCode }, customer.token)).body.code).toBe('4004');
    expect((await post(accountCalls.addCustomer.path, { managerUserCode: 'ZZZZZZZZ' }, customer.token)).body.code).toBe('4004');
    expect((await post(accountCalls.addCustomer.path, { managerUserCode: customerCard.promoCode }, customer.token)).body.code).toBe('4001');
    // The channel is the promoter's, never the client's: '05' sent by the client is ignored.
    expectOk(await post(accountCalls.addCustomer.path, { managerUserCode: brokerCard.promoCode.toLowerCase(), schanelCode: '05' }, customer.token));
    // First touch: a later link does not take the customer away.
    expectOk(await post(accountCalls.addCustomer.path, { managerUserCode: otherBrokerCard.promoCode }, customer.token));
    expect(expectOk(await get(`${accountCalls.promoters.path}?userCode=${customer.userCode}`, customer.token))).toEqual({
      managerUserCode: broker.userCode,
      managerName: '王经纪',
      licenseNumber: '02000132000080002019000123',
      schanelCode: '',
    });
    expect((await get(`${accountCalls.promoters.path}?userCode=${customer.userCode}`, plain.token)).body.code).toBe('4003');
  });
});

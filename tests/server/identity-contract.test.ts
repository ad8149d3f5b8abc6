/**
 * One contract for every identity provider: the same tests run against the
 * sandbox and against the Tencent Cloud FaceID adapter pointed at its
 * protocol-faithful fake, through the app's HTTP API. A real-name check
 * passes for the person's own name and refuses another; a face check passes,
 * fails or is abandoned (then it stays not finished); the face check is bound
 * to the name and ID number of the verification (another person's is
 * refused, and a vendor's pass for another person is no pass). Then, for the
 * adapter only: the vendor's return address and a later query of the result
 * page both record the vendor's outcome, once; a vendor failure is a 5003 to
 * try again, never a 5000; the fake refuses a wrong signature and a stale
 * timestamp as the platform does.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityCalls, type VerificationResult } from '../../src/contract/accounts.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { obfuscate } from '../../src/contract/obfuscation.ts';
import { makeIdCard } from '../../src/engine/rules/index.ts';
import { FACE_RETURN_PATH } from '../../src/server/identity/identity-service.ts';
import { MSG_FACE_OTHER_PERSON } from '../../src/server/providers/identity/identity-provider.ts';
import { SandboxIdentityProvider } from '../../src/server/providers/identity/sandbox-identity-provider.ts';
import { TencentFaceidProvider } from '../../src/server/providers/identity/tencent-faceid-provider.ts';
import { readFaceidSettings } from '../../src/server/providers/identity/tencent-faceid-settings.ts';
import { createCallOut, OutboundError } from '../../src/server/providers/outbound.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { configuredSandboxes } from '../../src/server/providers/registry.ts';
import { tc3Signature } from '../fakes/sms-vendor-fakes.ts';
import { startTencentFaceidFake, type TencentFaceidFake } from '../fakes/tencent-faceid-fake.ts';
import { backends, call, expectOk, login, makeTestApp, testConfig, type Backend, type Session, type TestApp } from './helpers.ts';

const PUBLIC_URL = 'https://insure.example.com';
const BACK = '/#/CertificationResult';

interface Person {
  name: string;
  idNo: string;
}

/** How a test drives one provider: the app configured for it, and the person's side of the vendor. */
interface IdentityDriver {
  label: string;
  real: boolean;
  start(backend: Backend): Promise<TestApp>;
  /** The ID number belongs to `name` (a real-name check with another name is refused). */
  register(idNo: string, name: string): void;
  /**
   * The person at the face page: passes, fails or abandons it. Where the
   * browser ends: the result page's address (after the vendor's return, for
   * the adapter), or null when abandoned.
   */
  face(t: TestApp, faceUrl: string, outcome: 'pass' | 'fail' | 'abandon'): Promise<string | null>;
  stop(): Promise<void>;
}

/** Path and query of an address on this server (inject takes no origin). */
const local = (address: string) => {
  const url = new URL(address, PUBLIC_URL);
  return `${url.pathname}${url.search}${url.hash}`;
};

function sandboxDriver(): IdentityDriver {
  const identity = new SandboxIdentityProvider();
  const names = new Map<string, string>();
  const refuse = identity.refuse.bind(identity);
  return {
    label: 'sandbox',
    real: false,
    start: (backend) => makeTestApp({ backend, identity }),
    register(idNo, name) {
      names.set(idNo, name);
      // The sandbox knows no one: the test tells it which number it refuses (asked with another name below).
      refuse(idNo);
    },
    async face(t, faceUrl, outcome) {
      const page = await t.app.inject({ method: 'GET', url: local(faceUrl) });
      expect(page.statusCode).toBe(200);
      if (outcome === 'abandon') return null;
      const ticket = new URL(faceUrl, PUBLIC_URL).searchParams.get('ticket') ?? '';
      const res = await t.app.inject({
        method: 'POST',
        url: '/_sandbox/face/confirm',
        payload: `ticket=${ticket}&outcome=${outcome}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(303);
      return String(res.headers.location);
    },
    stop: async () => undefined,
  };
}

/** The person's browser at the fake's H5 page, then back at the server's return address. */
async function faceAtFake(t: TestApp, fake: TencentFaceidFake, faceUrl: string, outcome: 'pass' | 'fail' | 'abandon', follow = true): Promise<string | null> {
  const url = new URL(faceUrl);
  expect(url.origin).toBe(fake.origin);
  const token = url.searchParams.get('token') ?? '';
  const page = await fetch(faceUrl);
  expect(page.status).toBe(200);
  const finished = await fetch(`${fake.origin}/h5/finish`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, outcome }).toString(),
  });
  if (outcome === 'abandon') {
    expect(finished.status).toBe(200);
    return null;
  }
  expect(finished.status).toBe(302);
  const location = finished.headers.get('location') ?? '';
  // The vendor's redirect: the return address the server gave, with token=<BizToken> appended.
  expect(location.startsWith(`${PUBLIC_URL}${FACE_RETURN_PATH}?ticket=`)).toBe(true);
  expect(new URL(location).searchParams.get('token')).toBe(token);
  if (!follow) return location;
  const back = await t.app.inject({ method: 'GET', url: local(location) });
  expect(back.statusCode).toBe(303);
  return String(back.headers.location);
}

let faceid: TencentFaceidFake;

function tencentDriver(): IdentityDriver {
  return {
    label: 'tencent on the FaceID fake',
    real: true,
    async start(backend) {
      faceid = await startTencentFaceidFake();
      const { settings } = readFaceidSettings({ ...faceid.env(), PUBLIC_URL });
      return makeTestApp({ backend, config: { publicUrl: PUBLIC_URL, providers: { ...testConfig().providers, identity: 'tencent' }, ...(settings ? { tencentFaceid: settings } : {}) } });
    },
    register(idNo, name) {
      faceid.people.set(idNo, name);
    },
    face: (t, faceUrl, outcome) => faceAtFake(t, faceid, faceUrl, outcome),
    stop: () => faceid.close(),
  };
}

const payload = (fields: Record<string, unknown>) => ({
  data: obfuscate({ oc: 'JT0000', cc: 'edu', sysCode: 'sys_edu_wxb_wx', ver: '1', idType: '1', ...fields }),
});
const hex32 = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
let serial = 100;
/** A new well-formed person (a different ID number each time). */
const person = (name = '张明'): Person => ({ name, idNo: makeIdCard('320302', '1986-03-15', String(serial++)) });

describe.each(backends)('identity contract (%s)', (backend) => {
  describe.each([sandboxDriver(), tencentDriver()])('$label', (driver) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await driver.start(backend);
    });
    afterAll(async () => {
      await t.close();
      await driver.stop();
    });

    const post = <T = unknown>(url: string, body: object, token?: string) => call<T>(t.app, { method: 'POST', url, payload: body, token });
    const get = <T = unknown>(url: string, token?: string) => call<T>(t.app, { method: 'GET', url, token });
    const verification = async (user: Session, verId: string) =>
      expectOk(await get<VerificationResult>(fillPath(identityCalls.verification.path, { sys: 'sys_edu_wxb_wx', id: verId }), user.token));
    const authen = async (user: Session) => expectOk(await get<{ realNameStatus: string; faceStatus: string }>(identityCalls.authenInfo.path, user.token));
    /** A passed real-name check and the face page's address. */
    const startFace = async (user: Session, who: Person) => {
      const verId = hex32();
      expect(expectOk(await post<VerificationResult>(identityCalls.validateId.path, payload({ verId, ...who }), user.token))).toMatchObject({ idStatus: 'passed' });
      const { faceUrl } = expectOk(await post<{ faceUrl: string }>(identityCalls.validateFace.path, payload({ verId, ...who, backUrl: BACK, startFrom: 2 }), user.token));
      return { verId, faceUrl };
    };
    const resultPage = (verId: string) => expect.stringMatching(new RegExp(`${BACK.replace(/[/#]/g, '\\$&')}\\?verId=${verId}&startFrom=2$`));

    it('real-name check: the name of the ID number passes, another name is refused', async () => {
      const user = await login(t.app);
      const own = person();
      expect(expectOk(await post<VerificationResult>(identityCalls.validateId.path, payload({ verId: hex32(), ...own }), user.token))).toMatchObject({
        idStatus: 'passed',
        name: '*明',
      });
      const taken = person();
      driver.register(taken.idNo, '王五');
      const refused = expectOk(await post<VerificationResult>(identityCalls.validateId.path, payload({ verId: hex32(), ...taken }), user.token));
      expect(refused).toMatchObject({ idStatus: 'failed', reason: '姓名与身份证号码不一致' });
      // A malformed pair never reaches the vendor.
      expect(expectOk(await post<VerificationResult>(identityCalls.validateId.path, payload({ verId: hex32(), name: '张明', idNo: `${own.idNo.slice(0, 17)}${own.idNo.endsWith('1') ? '2' : '1'}` }), user.token))).toMatchObject({ idStatus: 'failed' });
    });

    it('face check passes: the result page says so, and the account is face-verified', async () => {
      const user = await login(t.app);
      const { verId, faceUrl } = await startFace(user, person());
      expect(await driver.face(t, faceUrl, 'pass')).toEqual(resultPage(verId));
      expect(await verification(user, verId)).toMatchObject({ verId, idStatus: 'passed', faceStatus: 'passed', reason: '' });
      expect(await authen(user)).toMatchObject({ realNameStatus: '1', faceStatus: '1' });
    });

    it('face check fails: the result page says why, and the account is not face-verified', async () => {
      const user = await login(t.app);
      const { verId, faceUrl } = await startFace(user, person());
      expect(await driver.face(t, faceUrl, 'fail')).toEqual(resultPage(verId));
      const result = await verification(user, verId);
      expect(result).toMatchObject({ faceStatus: 'failed' });
      expect(result.reason).not.toBe('');
      expect(await authen(user)).toMatchObject({ faceStatus: '0' });
    });

    it('an abandoned face check stays not finished, and can be started again', async () => {
      const user = await login(t.app);
      const who = person();
      const { verId, faceUrl } = await startFace(user, who);
      expect(await driver.face(t, faceUrl, 'abandon')).toBeNull();
      expect(await verification(user, verId)).toMatchObject({ faceStatus: 'pending', reason: '人脸识别尚未完成' });
      expect(await authen(user)).toMatchObject({ faceStatus: '0' });
      const again = expectOk(await post<{ faceUrl: string }>(identityCalls.validateFace.path, payload({ verId, ...who, backUrl: BACK, startFrom: 2 }), user.token));
      expect(again.faceUrl).not.toBe(faceUrl);
      await driver.face(t, again.faceUrl, 'pass');
      expect(await verification(user, verId)).toMatchObject({ faceStatus: 'passed' });
    });

    it('the face check is bound to the verification’s name and ID number', async () => {
      const user = await login(t.app);
      const who = person();
      const verId = hex32();
      expectOk(await post(identityCalls.validateId.path, payload({ verId, ...who }), user.token));
      const other = person('李四');
      for (const asked of [{ ...who, name: '李四' }, { ...who, idNo: other.idNo }]) {
        expect((await post(identityCalls.validateFace.path, payload({ verId, ...asked, backUrl: BACK, startFrom: 2 }), user.token)).body.code).toBe('4001');
      }
      // Another user cannot start, or read, this verification's face check.
      const stranger = await login(t.app);
      expect((await post(identityCalls.validateFace.path, payload({ verId, ...who, backUrl: BACK, startFrom: 2 }), stranger.token)).body.code).toBe('4003');
      expect((await get(fillPath(identityCalls.verification.path, { sys: 'sys_edu_wxb_wx', id: verId }), stranger.token)).body.code).toBe('4003');
    });

    it.runIf(driver.real)('a vendor’s pass for another person is no pass', async () => {
      const user = await login(t.app);
      const { verId, faceUrl } = await startFace(user, person());
      const flow = faceid.flows.get(new URL(faceUrl).searchParams.get('token') ?? '');
      expect(flow).toBeDefined();
      // The vendor reports the face of someone else (a replayed or mixed-up flow).
      flow!.reportedAs = person('李四');
      await driver.face(t, faceUrl, 'pass');
      expect(await verification(user, verId)).toMatchObject({ faceStatus: 'failed', reason: MSG_FACE_OTHER_PERSON });
      expect(await authen(user)).toMatchObject({ faceStatus: '0' });
    });

    it.runIf(driver.real)('the result page works after the vendor’s redirect and on a later query, and records the outcome once', async () => {
      // After the redirect: the return address records, a reload of it goes to the same result page.
      const user = await login(t.app);
      const first = await startFace(user, person());
      const returned = await faceAtFake(t, faceid, first.faceUrl, 'pass', false);
      const back = await t.app.inject({ method: 'GET', url: local(returned!) });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`${PUBLIC_URL}${BACK}?verId=${first.verId}&startFrom=2`);
      expect(await verification(user, first.verId)).toMatchObject({ faceStatus: 'passed' });
      const requests = faceid.requests;
      const reload = await t.app.inject({ method: 'GET', url: local(returned!) });
      expect(reload.headers.location).toBe(back.headers.location);
      expect(await verification(user, first.verId)).toMatchObject({ faceStatus: 'passed' });
      // Decided and recorded: the vendor is not asked again.
      expect(faceid.requests).toBe(requests);

      // Without the redirect (the browser closed on the vendor's page): the result page's query asks the vendor.
      const later = await startFace(user, person());
      expect(await verification(user, later.verId)).toMatchObject({ faceStatus: 'pending' });
      expect(faceid.finish(new URL(later.faceUrl).searchParams.get('token') ?? '', 'fail')).not.toBeNull();
      expect(await verification(user, later.verId)).toMatchObject({ faceStatus: 'failed' });

      // A return address that names no verification goes to the account's result page; a malformed one is a 400.
      const unknown = await t.app.inject({ method: 'GET', url: `${FACE_RETURN_PATH}?ticket=${'x'.repeat(32)}&token=ABC` });
      expect(unknown.statusCode).toBe(303);
      expect(unknown.headers.location).toBe(`${PUBLIC_URL}${BACK}`);
      expect((await t.app.inject({ method: 'GET', url: `${FACE_RETURN_PATH}?ticket=short` })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: FACE_RETURN_PATH })).statusCode).toBe(400);
    });

    it.runIf(driver.real)('a vendor failure is a 5003 to try again, never a 5000; a pending result stays pending', async () => {
      const user = await login(t.app);
      faceid.failNext.push({ http: 502 });
      const failed = await post(identityCalls.validateId.path, payload({ verId: hex32(), ...person() }), user.token);
      expect(failed.status).toBe(200);
      expect(failed.body).toMatchObject({ code: '5003', msg: '认证服务暂时不可用，请稍后重试' });
      faceid.failNext.push({ code: 'InternalError' });
      expect((await post(identityCalls.validateId.path, payload({ verId: hex32(), ...person() }), user.token)).body.code).toBe('5003');
      const who = person();
      const verId = hex32();
      expectOk(await post(identityCalls.validateId.path, payload({ verId, ...who }), user.token));
      faceid.failNext.push({ code: 'UnauthorizedOperation.Arrears' });
      expect((await post(identityCalls.validateFace.path, payload({ verId, ...who, backUrl: BACK, startFrom: 2 }), user.token)).body.code).toBe('5003');
      const { faceUrl } = expectOk(await post<{ faceUrl: string }>(identityCalls.validateFace.path, payload({ verId, ...who, backUrl: BACK, startFrom: 2 }), user.token));
      faceid.finish(new URL(faceUrl).searchParams.get('token') ?? '', 'pass');
      // The result query is retried: three failures in a row leave the verification pending, then it is recorded.
      faceid.failNext.push({ http: 503 }, { http: 503 }, { http: 503 });
      expect(await verification(user, verId)).toMatchObject({ faceStatus: 'pending' });
      expect(await verification(user, verId)).toMatchObject({ faceStatus: 'passed' });
    });

    it.runIf(driver.real)('the fake refuses a wrong signature and a stale timestamp as the platform does', async () => {
      const { settings } = readFaceidSettings({ ...faceid.env(), PUBLIC_URL });
      const callOut = createCallOut({ log: { info: () => undefined, warn: () => undefined }, maxAttempts: 1 });
      const forged = new TencentFaceidProvider({ ...settings!, secretKey: 'WrongTencentFaceidSecretKey00000' }, callOut);
      const refusal = await forged.checkRealName(person()).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(OutboundError);
      expect(refusal).toMatchObject({ vendorCode: 'AuthFailure.SignatureFailure', retryable: false });
      // A request signed correctly but ten minutes ago.
      const body = JSON.stringify({ IdCard: person().idNo, Name: '张明' });
      const timestamp = Math.floor(Date.now() / 1000) - 600;
      const host = new URL(faceid.origin).host;
      const service = host.split('.')[0]!;
      const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
      const contentType = 'application/json; charset=utf-8';
      const canonicalRequest = ['POST', '/', '', `content-type:${contentType}\nhost:${host.replace(/:\d+$/, '')}\n`, 'content-type;host', sha256(body)].join('\n');
      const signature = tc3Signature({ secretKey: settings!.secretKey, service, timestamp, canonicalRequest });
      const stale = await fetch(`${faceid.origin}/`, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          'x-tc-action': 'IdCardVerification',
          'x-tc-version': '2018-03-01',
          'x-tc-timestamp': String(timestamp),
          authorization: `TC3-HMAC-SHA256 Credential=${settings!.secretId}/${date}/${service}/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`,
        },
        body,
      });
      const answer = (await stale.json()) as { Response: { Error?: { Code: string; Message: string }; RequestId: string } };
      expect(answer.Response.Error?.Code).toBe('AuthFailure.SignatureExpire');
      expect(typeof answer.Response.RequestId).toBe('string');
    });
  });
});

describe('FaceID settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/edu-faceid-settings-test' };
  const faceidKeys = { TENCENT_FACEID_SECRET_ID: 'AKIDFakeTencentFaceidSecretId000', TENCENT_FACEID_SECRET_KEY: 'FakeTencentFaceidSecretKey000000', TENCENT_FACEID_RULE_ID: '7' };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems.join('\n');
      throw error;
    }
    return '';
  };

  it('stop the start naming each missing or malformed variable, and quote the secret by its length only', () => {
    const missing = problemsOf({ IDENTITY_PROVIDER: 'tencent' });
    for (const name of ['TENCENT_FACEID_SECRET_ID', 'TENCENT_FACEID_SECRET_KEY', 'TENCENT_FACEID_RULE_ID', 'PUBLIC_URL']) {
      expect(missing).toContain(`${name} must be set when IDENTITY_PROVIDER=tencent`);
    }
    const malformed = problemsOf({
      IDENTITY_PROVIDER: 'tencent',
      TENCENT_FACEID_SECRET_ID: 'AKID-bad',
      TENCENT_FACEID_SECRET_KEY: 'short-secret!',
      TENCENT_FACEID_RULE_ID: 'rule id',
      TENCENT_FACEID_ENDPOINT: 'faceid.tencentcloudapi.com',
      PUBLIC_URL,
    });
    for (const name of ['TENCENT_FACEID_SECRET_ID', 'TENCENT_FACEID_SECRET_KEY', 'TENCENT_FACEID_RULE_ID', 'TENCENT_FACEID_ENDPOINT']) expect(malformed).toContain(`${name} must be`);
    expect(malformed).toContain('(got 13 characters)');
    expect(malformed).not.toContain('short-secret!');
    expect(problemsOf({ ...faceidKeys, IDENTITY_PROVIDER: 'tencent', PUBLIC_URL, TENCENT_FACEID_ENDPOINT: 'http://faceid.tencentcloudapi.com' })).toContain(
      'TENCENT_FACEID_ENDPOINT must be an https:// origin',
    );
  });

  it('are read into the configuration, and the adapter is no sandbox', () => {
    const config = loadConfig({
      ...base,
      IDENTITY_PROVIDER: 'tencent',
      ...faceidKeys,
      PUBLIC_URL,
    });
    expect(config.tencentFaceid).toEqual({ secretId: 'AKIDFakeTencentFaceidSecretId000', secretKey: 'FakeTencentFaceidSecretKey000000', ruleId: '7', endpoint: 'https://faceid.tencentcloudapi.com' });
    expect(config.providers.identity).toBe('tencent');
    expect(configuredSandboxes(config.providers)).not.toContain('IDENTITY_PROVIDER=tencent');
  });
});

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

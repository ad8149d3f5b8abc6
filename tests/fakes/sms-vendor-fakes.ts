/**
 * Fakes of the two SMS platforms with a real adapter, for tests and
 * `npm run fakes` (never mounted by the app). Each verifies the request
 * signature the way its platform documents it (Aliyun ACS3-HMAC-SHA256,
 * Tencent Cloud TC3-HMAC-SHA256), refuses a wrong one with the platform's
 * error body, checks the signature name, the template code and its
 * parameters, keeps a per-phone frequency limit and a blacklist like the
 * platforms', and keeps every message it accepted (`GET /__fake/latest-code?phone=`
 * reads the last code back, as a platform's 发送记录 would).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMS_TEMPLATE_IDS, SMS_TEMPLATES, renderSms, type SmsTemplateId } from '../../src/server/providers/sms/sms-templates.ts';

export interface FakeSms {
  phone: string;
  template: SmsTemplateId;
  params: Record<string, string>;
  /** As the phone shows it. */
  text: string;
}

export interface SmsVendorFake {
  /** KEY=value settings of a production server that texts through this fake. */
  env(): Record<string, string>;
  /** Messages accepted, oldest first. */
  messages: FakeSms[];
  /** Every request that reached the fake, signed or not. */
  requests: number;
  /** Phones the platform refuses (its blacklist). */
  blacklist: Set<string>;
  /** The next answers: a platform error code, or an HTTP status with no answer body. */
  failNext: Array<{ code: string } | { http: number }>;
  /** The last code texted to a phone (the smoke test logs in with it). */
  latestCode(phone: string): string | undefined;
  close(): Promise<void>;
}

const SIGN_NAME = '学平险';
/** Messages per phone and minute before the platform's frequency control answers. */
const PER_MINUTE = 1;

interface Accepted {
  ok: true;
}
type Check = Accepted | { ok: false; code: string; message: string };

/** What both fakes share: the template book, the limits, the record of messages. */
function smsBook(codeOf: (template: SmsTemplateId) => string) {
  const templates = new Map(SMS_TEMPLATE_IDS.map((id) => [codeOf(id), id] as const));
  const sent = new Map<string, number[]>();
  const state = {
    messages: [] as FakeSms[],
    requests: 0,
    blacklist: new Set<string>(),
    failNext: [] as Array<{ code: string } | { http: number }>,
    latestCode(phone: string) {
      return [...state.messages].reverse().find((m) => m.phone === phone && m.params.code)?.params.code;
    },
  };
  /** Checks and records one message; `codes` maps the vendor's words for each refusal. */
  const accept = (
    phone: string,
    signName: string,
    templateCode: string,
    params: Record<string, string> | undefined,
    codes: { sign: string; template: string; params: string; phone: string; blacklist: string; limit: string },
  ): Check => {
    if (signName !== SIGN_NAME) return { ok: false, code: codes.sign, message: '签名不合法' };
    const template = templates.get(templateCode);
    if (!template) return { ok: false, code: codes.template, message: '模板不合法' };
    if (!params || SMS_TEMPLATES[template].params.some((name) => params[name] === undefined || params[name] === '')) {
      return { ok: false, code: codes.params, message: '模板缺少变量' };
    }
    if (!/^1[3-9][0-9]{9}$/.test(phone)) return { ok: false, code: codes.phone, message: '手机号码格式错误' };
    if (state.blacklist.has(phone)) return { ok: false, code: codes.blacklist, message: '号码处于黑名单中' };
    const now = Date.now();
    const recent = (sent.get(phone) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= PER_MINUTE) return { ok: false, code: codes.limit, message: '触发分钟级流控Permits:1' };
    sent.set(phone, [...recent, now]);
    state.messages.push({ phone, template, params, text: renderSms(template, params, signName) });
    return { ok: true };
  };
  return { state, accept };
}

async function listen(
  handler: (request: IncomingMessage, body: Buffer, response: ServerResponse) => void,
  readBack?: (phone: string) => string | undefined,
): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    // The fake's own console (like the platforms' 发送记录): the last code texted to a phone, for the smoke test.
    if (request.method === 'GET' && request.url?.startsWith('/__fake/latest-code?')) {
      const phone = new URL(request.url, 'http://fake').searchParams.get('phone') ?? '';
      return json(response, 200, { code: readBack?.(phone) ?? null });
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', connection: 'close' });
  response.end(JSON.stringify(body));
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding, as Aliyun's canonical query string takes it. */
const acsEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The ACS3-HMAC-SHA256 signature of a request (阿里云 V3 签名机制): the hex
 * HMAC-SHA256, under the AccessKey secret, of "ACS3-HMAC-SHA256\n" and the
 * hex SHA-256 of the canonical request (method, path, sorted encoded query,
 * the signed headers lower-cased with their values, their names, and the
 * body's hash).
 */
export function acs3Signature(input: { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; signedHeaders: string[]; secret: string }): string {
  const query = Object.keys(input.query)
    .sort()
    .map((name) => `${acsEncode(name)}=${acsEncode(input.query[name]!)}`)
    .join('&');
  const headers = input.signedHeaders.map((name) => `${name}:${(input.headers[name] ?? '').trim()}\n`).join('');
  const canonical = [input.method, input.path, query, headers, input.signedHeaders.join(';'), input.headers['x-acs-content-sha256'] ?? ''].join('\n');
  return createHmac('sha256', input.secret).update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`).digest('hex');
}

const ALIYUN_CODES = {
  sign: 'isv.SMS_SIGNATURE_ILLEGAL',
  template: 'isv.SMS_TEMPLATE_ILLEGAL',
  params: 'isv.TEMPLATE_MISSING_PARAMETERS',
  phone: 'isv.MOBILE_NUMBER_ILLEGAL',
  blacklist: 'isv.BLACK_KEY_CONTROL_LIMIT',
  limit: 'isv.BUSINESS_LIMIT_CONTROL',
};

/** Aliyun SMS (dysmsapi 2017-05-25): SendSms, RPC style, signed ACS3-HMAC-SHA256. */
export async function startAliyunSmsFake(options: { keyId?: string; keySecret?: string } = {}): Promise<SmsVendorFake> {
  const keyId = options.keyId ?? 'LTAI5tFakeAccessKeyId00';
  const keySecret = options.keySecret ?? 'FakeAliyunAccessKeySecret0000000';
  const codeOf = (id: SmsTemplateId) => `SMS_${100000 + SMS_TEMPLATE_IDS.indexOf(id)}`;
  const { state, accept } = smsBook(codeOf);
  const nonces = new Set<string>();
  const { server, origin } = await listen((request, body, response) => {
    state.requests += 1;
    const requestId = `FAKE-${state.requests}`;
    const refuse = (status: number, code: string, message: string) => json(response, status, { RequestId: requestId, HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message });
    const url = new URL(request.url ?? '/', origin);
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]));
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(headers.authorization ?? '');
    if (!auth) return refuse(400, 'MissingAuthorization', 'Authorization is mandatory for this action.');
    const [, credential, signedList, signature] = auth as unknown as [string, string, string, string];
    if (credential !== keyId) return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signedHeaders = signedList.split(';');
    // Every x-acs-* header, host and content-type must be signed (V3: all common headers but Authorization).
    const mustSign = Object.keys(headers).filter((name) => name.startsWith('x-acs-') || name === 'host' || name === 'content-type');
    if (mustSign.some((name) => !signedHeaders.includes(name))) return refuse(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    if (headers['x-acs-content-sha256'] !== sha256(body)) return refuse(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    const query = Object.fromEntries(url.searchParams);
    const expected = acs3Signature({ method: request.method ?? 'POST', path: url.pathname, query, headers, signedHeaders, secret: keySecret });
    if (!sameHex(expected, signature)) return refuse(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    const date = Date.parse(headers['x-acs-date'] ?? '');
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) return refuse(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    const nonce = headers['x-acs-signature-nonce'] ?? '';
    if (nonces.has(nonce)) return refuse(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(nonce);
    if (headers['x-acs-action'] !== 'SendSms' || headers['x-acs-version'] !== '2017-05-25') return refuse(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    const failure = state.failNext.shift();
    if (failure && 'http' in failure) return json(response, failure.http, { RequestId: requestId, Code: 'ServiceUnavailable', Message: 'The request has failed due to a temporary failure of the server.' });
    if (failure) return json(response, 200, { RequestId: requestId, Code: failure.code, Message: failure.code });
    let params: Record<string, string> | undefined = {};
    if (query.TemplateParam !== undefined) {
      try {
        params = JSON.parse(query.TemplateParam) as Record<string, string>;
      } catch {
        return json(response, 200, { RequestId: requestId, Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
      }
    }
    const check = accept(query.PhoneNumbers ?? '', query.SignName ?? '', query.TemplateCode ?? '', params, ALIYUN_CODES);
    if (!check.ok) return json(response, 200, { RequestId: requestId, Code: check.code, Message: check.message });
    return json(response, 200, { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: `${900000 + state.messages.length}^0` });
  }, state.latestCode);
  return Object.assign(state, {
    env: () => ({
      SMS_PROVIDER: 'aliyun',
      SMS_SIGN_NAME: SIGN_NAME,
      SMS_TEMPLATE_CODES: SMS_TEMPLATE_IDS.map((id) => `${id}=${codeOf(id)}`).join(','),
      ALIYUN_SMS_ACCESS_KEY_ID: keyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: keySecret,
      ALIYUN_SMS_ENDPOINT: origin,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/**
 * The TC3-HMAC-SHA256 signature (腾讯云 API 签名方法 v3): the hex HMAC of the
 * string to sign under a key derived from "TC3" + SecretKey, the UTC date,
 * the service and "tc3_request".
 */
export function tc3Signature(input: { secretKey: string; service: string; timestamp: number; canonicalRequest: string }): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${input.timestamp}\n${scope}\n${sha256(input.canonicalRequest)}`;
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const signing = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  return createHmac('sha256', signing).update(stringToSign).digest('hex');
}

/**
 * Verifies a Tencent Cloud API request the way the platform does: the
 * TC3-HMAC-SHA256 Authorization header (SecretId, the date of X-TC-Timestamp
 * within five minutes, the service as the first label of the host, content-type
 * and host signed, the signature over the canonical request). The failure is
 * the platform's error code and message.
 */
export function checkTc3(
  request: IncomingMessage,
  body: Buffer,
  origin: string,
  keys: { secretId: string; secretKey: string },
): { ok: true } | { ok: false; code: string; message: string } {
  const refuse = (code: string, message: string) => ({ ok: false as const, code, message });
  const header = (name: string) => String(request.headers[name] ?? '');
  const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(header('authorization'));
  if (!auth) return refuse('AuthFailure.InvalidAuthorization', 'Authorization header is invalid.');
  const [, id, date, service, signedList, signature] = auth as unknown as [string, string, string, string, string, string];
  if (id !== keys.secretId) return refuse('AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.');
  const timestamp = Number(header('x-tc-timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return refuse('AuthFailure.SignatureExpire', 'Signature expired. Timestamp is too far from the server time.');
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return refuse('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. The date in Credential does not match X-TC-Timestamp.');
  // The service is the first label of the host, as sms.tencentcloudapi.com gives "sms".
  const host = header('host').replace(/:\d+$/, '');
  if (service !== host.split('.')[0]) return refuse('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. The service in Credential does not match the host.');
  const signedHeaders = signedList.split(';');
  if (!signedHeaders.includes('content-type') || !signedHeaders.includes('host')) return refuse('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. content-type and host must be signed.');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${name === 'host' ? host : header(name).trim()}\n`).join('');
  const url = new URL(request.url ?? '/', origin);
  const canonicalRequest = [request.method ?? 'POST', url.pathname, url.search.slice(1), canonicalHeaders, signedList, sha256(body)].join('\n');
  if (!sameHex(tc3Signature({ secretKey: keys.secretKey, service, timestamp, canonicalRequest }), signature)) {
    return refuse('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
  }
  return { ok: true };
}

const TENCENT_CODES = {
  sign: 'FailedOperation.SignatureIncorrectOrUnapproved',
  template: 'FailedOperation.TemplateIncorrectOrUnapproved',
  params: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
  phone: 'InvalidParameterValue.IncorrectPhoneNumber',
  blacklist: 'FailedOperation.PhoneNumberInBlacklist',
  limit: 'LimitExceeded.PhoneNumberThirtySecondLimit',
};

/** Tencent Cloud SMS (2021-01-11): SendSms, JSON over POST, signed TC3-HMAC-SHA256. */
export async function startTencentSmsFake(options: { secretId?: string; secretKey?: string; appId?: string } = {}): Promise<SmsVendorFake> {
  const secretId = options.secretId ?? 'AKIDFakeTencentSecretId000000000';
  const secretKey = options.secretKey ?? 'FakeTencentSecretKey000000000000';
  const appId = options.appId ?? '1400000001';
  const codeOf = (id: SmsTemplateId) => String(1_100_000 + SMS_TEMPLATE_IDS.indexOf(id));
  const { state, accept } = smsBook(codeOf);
  const { server, origin } = await listen((request, body, response) => {
    state.requests += 1;
    const requestId = `fake-${state.requests}`;
    // The platform answers its errors with HTTP 200 and Response.Error.
    const error = (code: string, message: string) => json(response, 200, { Response: { Error: { Code: code, Message: message }, RequestId: requestId } });
    const header = (name: string) => String(request.headers[name] ?? '');
    const check = checkTc3(request, body, origin, { secretId, secretKey });
    if (!check.ok) return error(check.code, check.message);
    if (header('x-tc-action') !== 'SendSms' || header('x-tc-version') !== '2021-01-11') return error('InvalidAction', 'The requested action does not exist.');
    const failure = state.failNext.shift();
    if (failure && 'http' in failure) {
      response.writeHead(failure.http, { connection: 'close' });
      return response.end();
    }
    if (failure && failure.code.startsWith('InternalError')) return error(failure.code, 'An internal error has occurred.');
    let input: { PhoneNumberSet?: string[]; SmsSdkAppId?: string; SignName?: string; TemplateId?: string; TemplateParamSet?: string[] };
    try {
      input = JSON.parse(body.toString('utf8')) as typeof input;
    } catch {
      return error('InvalidParameter', 'The request body is not valid JSON.');
    }
    if (input.SmsSdkAppId !== appId) return error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verify fail.');
    const statuses = (input.PhoneNumberSet ?? []).map((number) => {
      const phone = number.replace(/^\+86/, '');
      const status = (code: string, message: string) => ({ SerialNo: code === 'Ok' ? `5000:${Date.now()}` : '', PhoneNumber: number, Fee: code === 'Ok' ? 1 : 0, SessionContext: '', Code: code, Message: message, IsoCode: 'CN' });
      if (failure) return status(failure.code, failure.code);
      const template = SMS_TEMPLATE_IDS.find((t) => codeOf(t) === input.TemplateId);
      const values = input.TemplateParamSet ?? [];
      // Parameters by position, {1}, {2}, …: as many as the template has.
      const params = template && values.length === SMS_TEMPLATES[template].params.length ? Object.fromEntries(SMS_TEMPLATES[template].params.map((name, i) => [name, values[i]!])) : undefined;
      const check = accept(phone, input.SignName ?? '', input.TemplateId ?? '', params, TENCENT_CODES);
      return check.ok ? status('Ok', 'send success') : status(check.code, check.message);
    });
    return json(response, 200, { Response: { SendStatusSet: statuses, RequestId: requestId } });
  }, state.latestCode);
  return Object.assign(state, {
    env: () => ({
      SMS_PROVIDER: 'tencent',
      SMS_SIGN_NAME: SIGN_NAME,
      SMS_TEMPLATE_CODES: SMS_TEMPLATE_IDS.map((id) => `${id}=${codeOf(id)}`).join(','),
      TENCENT_SMS_SECRET_ID: secretId,
      TENCENT_SMS_SECRET_KEY: secretKey,
      TENCENT_SMS_SDK_APP_ID: appId,
      TENCENT_SMS_ENDPOINT: origin,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

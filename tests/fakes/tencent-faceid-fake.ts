/**
 * A fake of Tencent Cloud FaceID (人脸核身, API 2018-03-01), for tests and
 * `npm run fakes` (never mounted by the app). It checks TC3-HMAC-SHA256 as
 * the platform does (tc3Refusal: a wrong signature or a stale timestamp is
 * refused with the platform's error body) and answers:
 *
 * - IdCardVerification: Result "0" when the ID number's registered name
 *   (`people`) is the one asked, "-1" when another, "-2"/"-3" for a malformed
 *   number or name; an unregistered number belongs to whoever is asked;
 * - DetectAuth: a BizToken and the Url of its H5 face page;
 * - GetDetectInfoEnhanced: the flow's Text (ErrCode null while unfinished or
 *   abandoned, 0 when passed, a comparison failure when failed).
 *
 * The H5 page (`GET /h5?token=`) lets a browser or a test pass, fail or
 * abandon the check (`POST /h5/finish`, form `token` and `outcome`); passing
 * or failing sends the browser to the flow's RedirectUrl with `token=`
 * appended, as the platform does; abandoning leaves the flow unfinished.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json, listen, tc3Refusal } from './sms-vendor-fakes.ts';

export type FaceFlowState = 'started' | 'passed' | 'failed' | 'abandoned';

export interface FaceFlow {
  bizToken: string;
  name: string;
  idNo: string;
  redirectUrl: string;
  state: FaceFlowState;
  /** Whose name and ID number the result reports (another person's when a test says so). */
  reportedAs?: { name: string; idNo: string };
}

export interface TencentFaceidFake {
  origin: string;
  /** KEY=value settings of a production server that verifies through this fake (PUBLIC_URL is the server's own). */
  env(): Record<string, string>;
  /** ID number → registered name (the 证件库); numbers not listed belong to whoever is asked. */
  people: Map<string, string>;
  /** Face flows by BizToken. */
  flows: Map<string, FaceFlow>;
  /** Every API request that reached the fake, signed or not. */
  requests: number;
  /** The next API answers: a platform error code, or an HTTP status with no answer body. */
  failNext: Array<{ code: string } | { http: number }>;
  /** Finishes a flow as its H5 page would; the address the browser is sent to (null when abandoned). */
  finish(bizToken: string, outcome: 'pass' | 'fail' | 'abandon'): string | null;
  close(): Promise<void>;
}

const VERSION = '2018-03-01';
const FAILED_TEXT = { ErrCode: 2016, ErrMsg: '无法判断为同一人，请确认身份后重试（相似度未达到通过阈值）' };

function page(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  response.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>人脸核身（模拟）</title></head><body><main style="max-width:420px;margin:0 auto;padding:32px 20px;text-align:center;font-family:sans-serif">${body}</main></body></html>`);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startTencentFaceidFake(options: { secretId?: string; secretKey?: string; ruleId?: string } = {}): Promise<TencentFaceidFake> {
  const secretId = options.secretId ?? 'AKIDFakeTencentFaceidSecretId000';
  const secretKey = options.secretKey ?? 'FakeTencentFaceidSecretKey000000';
  const ruleId = options.ruleId ?? '1';
  const state = {
    people: new Map<string, string>(),
    flows: new Map<string, FaceFlow>(),
    requests: 0,
    failNext: [] as Array<{ code: string } | { http: number }>,
  };

  const finish = (bizToken: string, outcome: 'pass' | 'fail' | 'abandon'): string | null => {
    const flow = state.flows.get(bizToken);
    if (!flow || flow.state === 'passed' || flow.state === 'failed') return null;
    if (outcome === 'abandon') {
      flow.state = 'abandoned';
      return null;
    }
    flow.state = outcome === 'pass' ? 'passed' : 'failed';
    return `${flow.redirectUrl}${flow.redirectUrl.includes('?') ? '&' : '?'}token=${encodeURIComponent(bizToken)}`;
  };

  /** A platform error answer of an action. */
  const refuse = (code: string, message: string) => ({ refuse: { code, message } });
  const actions: Record<string, (input: Record<string, unknown>) => object> = {
    IdCardVerification(input) {
      const idNo = String(input.IdCard ?? '').toUpperCase();
      const name = String(input.Name ?? '');
      if (!idNo || !name) return refuse('MissingParameter', 'The request is missing a required parameter `IdCard` or `Name`.');
      if (!/^[0-9]{17}[0-9X]$/.test(idNo)) return { Result: '-2', Description: '非法身份证号(长度、校验位等不正确)' };
      if (!/^[\u4e00-\u9fa5·]{2,30}$/.test(name)) return { Result: '-3', Description: '非法姓名(长度、格式等不正确)' };
      const registered = state.people.get(idNo);
      if (registered !== undefined && registered !== name) return { Result: '-1', Description: '姓名和身份证号不一致' };
      return { Result: '0', Description: '姓名和身份证号一致' };
    },
    DetectAuth(input) {
      if (input.RuleId !== ruleId) return refuse('InvalidParameterValue.RuleIdNotExist', 'RuleId不存在，请到人脸核身控制台申请。');
      const redirectUrl = String(input.RedirectUrl ?? '');
      if (!/^https?:\/\//.test(redirectUrl)) return refuse('InvalidParameter', 'RedirectUrl 参数不合法。');
      if (!input.IdCard || !input.Name) return refuse('InvalidParameter', 'IdCard 与 Name 须一并传入。');
      const bizToken = randomUUID().toUpperCase();
      state.flows.set(bizToken, { bizToken, name: String(input.Name), idNo: String(input.IdCard).toUpperCase(), redirectUrl, state: 'started' });
      return { Url: `${origin}/h5?token=${bizToken}`, BizToken: bizToken };
    },
    GetDetectInfoEnhanced(input) {
      if (input.RuleId !== ruleId) return refuse('InvalidParameterValue.RuleIdNotExist', 'RuleId不存在，请到人脸核身控制台申请。');
      const flow = state.flows.get(String(input.BizToken ?? ''));
      if (!flow) return refuse('InvalidParameterValue.BizTokenIllegal', 'BizToken不合法。');
      const infoType = String(input.InfoType ?? '0');
      if (!/^[0-6]+$/.test(infoType)) return refuse('InvalidParameterValue', 'InfoType 不合法。');
      // Text only when asked for it ("0": all, or a "1" in the list).
      if (!infoType.includes('0') && !infoType.includes('1')) return { Text: null, IdCardData: null, BestFrame: null, VideoData: null };
      const who = flow.reportedAs ?? { name: flow.name, idNo: flow.idNo };
      const text =
        flow.state === 'passed'
          ? { ErrCode: 0, ErrMsg: '成功', IdCard: who.idNo, Name: who.name, LiveStatus: 0, LiveMsg: '成功', Comparestatus: 0, Comparemsg: '成功', Sim: '92.37' }
          : flow.state === 'failed'
            ? { ...FAILED_TEXT, IdCard: who.idNo, Name: who.name, LiveStatus: 0, LiveMsg: '成功', Comparestatus: FAILED_TEXT.ErrCode, Comparemsg: FAILED_TEXT.ErrMsg, Sim: '31.02' }
            : { ErrCode: null, ErrMsg: null, IdCard: null, Name: null, LiveStatus: null, LiveMsg: null, Comparestatus: null, Comparemsg: null, Sim: null };
      return { Text: { ...text, Extra: '', LivenessDetail: [] }, IdCardData: null, BestFrame: null, VideoData: null };
    },
  };

  const { server, origin } = await listen((request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    // The H5 face page: a person, masked, and three buttons.
    if (request.method === 'GET' && url.pathname === '/h5') {
      const flow = state.flows.get(url.searchParams.get('token') ?? '');
      if (!flow || flow.state !== 'started') return page(response, 404, '<h1>人脸核身</h1><p>链接已失效</p>');
      const token = escape(flow.bizToken);
      return page(
        response,
        200,
        `<h1>人脸核身</h1><p>${escape(`*${flow.name.slice(-1)}`)}，${escape(`${flow.idNo.slice(0, 3)}***********${flow.idNo.slice(-4)}`)}</p>
<form method="post" action="/h5/finish"><input type="hidden" name="token" value="${token}">
<button name="outcome" value="pass">模拟通过</button> <button name="outcome" value="fail">模拟失败</button> <button name="outcome" value="abandon">退出</button></form>`,
      );
    }
    if (request.method === 'POST' && url.pathname === '/h5/finish') {
      const form = new URLSearchParams(body.toString('utf8'));
      const outcome = form.get('outcome');
      if (outcome !== 'pass' && outcome !== 'fail' && outcome !== 'abandon') return page(response, 400, '<p>参数错误</p>');
      const next = finish(form.get('token') ?? '', outcome);
      if (next === null) return page(response, outcome === 'abandon' ? 200 : 404, outcome === 'abandon' ? '<p>您已退出人脸核身</p>' : '<p>链接已失效</p>');
      response.writeHead(302, { location: next, connection: 'close' });
      return response.end();
    }
    state.requests += 1;
    const requestId = randomUUID();
    // The platform answers its errors with HTTP 200 and Response.Error.
    const error = (code: string, message: string) => json(response, 200, { Response: { Error: { Code: code, Message: message }, RequestId: requestId } });
    const refused = tc3Refusal(request, body, { secretId, secretKey, origin });
    if (refused) return error(refused.code, refused.message);
    const action = actions[String(request.headers['x-tc-action'] ?? '')];
    if (!action || request.headers['x-tc-version'] !== VERSION) return error('InvalidAction', 'The requested action does not exist.');
    const failure = state.failNext.shift();
    if (failure && 'http' in failure) {
      response.writeHead(failure.http, { connection: 'close' });
      return response.end();
    }
    if (failure) return error(failure.code, failure.code);
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return error('InvalidParameter', 'The request body is not valid JSON.');
    }
    const answer = action(input);
    if ('refuse' in answer) {
      const { code, message } = (answer as ReturnType<typeof refuse>).refuse;
      return error(code, message);
    }
    return json(response, 200, { Response: { ...answer, RequestId: requestId } });
  });

  return Object.assign(state, {
    origin,
    finish,
    env: () => ({
      IDENTITY_PROVIDER: 'tencent',
      TENCENT_FACEID_SECRET_ID: secretId,
      TENCENT_FACEID_SECRET_KEY: secretKey,
      TENCENT_FACEID_RULE_ID: ruleId,
      TENCENT_FACEID_ENDPOINT: origin,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

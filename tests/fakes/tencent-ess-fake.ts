/**
 * A fake of 腾讯电子签 (ess, API 2020-11-11) for tests and `npm run fakes`
 * (never mounted by the app). It verifies TC3-HMAC-SHA256 like the SMS
 * fake, answers with the platform's response and error shapes
 * ({"Response":{"Error":{"Code","Message"},"RequestId"}}), keeps uploaded
 * files and flows (UploadFiles, CreateFlowByFiles, CreateFlowSignUrl,
 * DescribeFlowInfo, DescribeFlowBriefs, DescribeFileUrls), serves a signing
 * page where a browser (or a test) signs or refuses, then sends the
 * FlowStatusChange callbacks to the app's callback address the way the
 * platform does — {"encrypt": base64 of AES-256-CBC under the callback key},
 * with Content-Signature when a token is set — promptly, late, twice, out of
 * order or never (`callbackMode`), and serves the signed PDF on a download
 * address that expires.
 */
import { createCipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { contractCalls } from '../../src/contract/contracts.ts';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import { maskName } from '../../src/engine/rules/index.ts';
import { essContentSignature } from '../../src/server/providers/esign/tencent-ess-provider.ts';
import { tc3Refusal } from './sms-vendor-fakes.ts';

export type EssCallbackMode = 'prompt' | 'late' | 'twice' | 'outOfOrder' | 'never';

/** FlowStatus values the fake uses: 1 未签署, 3 已拒签, 4 已签署, 5 已过期. */
export const FLOW = { pending: 1, rejected: 3, signed: 4, expired: 5 } as const;

export interface FakeFlow {
  flowId: string;
  flowName: string;
  /** Our business number, as UserData carried it. */
  userData: string;
  approver: { name: string; mobile: string; idNo: string };
  component: { page: number; x: number; y: number; width: number; height: number };
  document: Buffer;
  signed?: Buffer;
  status: number;
  createdOn: number;
  updatedOn: number;
  approveTime?: number;
  deadline: number;
  jumpUrl?: string;
  /** Callbacks held back (outOfOrder): sent after the flow's last one. */
  held: FakeMessage[];
  /** Being signed or refused (a second press finds it taken). */
  ending?: boolean;
}

interface FakeMessage {
  msgId: string;
  flowId: string;
  status: number;
  updatedOn: number;
}

export interface TencentEssFake {
  origin: string;
  /** The app's callback address (the 电子签 console's 回调地址); unset, the origin of the first JumpUrl with the app's notify path. */
  callbackUrl: string | undefined;
  callbackMode: EssCallbackMode;
  /** Delay of a callback, and the extra delay of a late one. */
  delayMs: number;
  lateMs: number;
  flows: Map<string, FakeFlow>;
  /** CreateFlowByFiles calls that created a flow (one per business number when the adapter is idempotent). */
  flowsCreated: number;
  /** Every API request: its action and the error code answered ('' for success). */
  requests: { action: string; error: string }[];
  /** Callback deliveries: message id, flow status and the HTTP status our server answered (0: no answer). */
  deliveries: { msgId: string; status: number; http: number }[];
  /** The next answers (of `action`, or of any call): a platform error code, or an HTTP status with no body. */
  failNext: Array<({ code: string } | { http: number }) & { action?: string }>;
  /** Added to the fake's clock (download addresses expire by it). */
  offsetMs: number;
  /** The signer signs, as on the signing page. */
  sign(flowId: string): Promise<void>;
  /** The signer refuses (拒签). */
  reject(flowId: string): Promise<void>;
  /** A callback of the flow as the platform sends it (tests post it themselves): its current status unless given; `key` encrypts with another key (a forgery). */
  callbackFor(flowId: string, options?: { status?: number; msgId?: string; updatedOn?: number; key?: string }): { body: string; headers: Record<string, string> };
  /** Resolves when every scheduled callback has been delivered (or given up). */
  settled(): Promise<void>;
  env(): Record<string, string>;
  close(): Promise<void>;
}

const NOTIFY_PATH = GW + fillPath(contractCalls.esignNotify.path, { provider: 'tencent' });
const SIGN_PAGE = '/__fake/ess/sign';
const FILE_PATH = '/__fake/ess/file/';

/** 电子签's callback encryption: AES-256-CBC under the key's bytes, IV its first 16, PKCS#7, base64. */
export function encryptEssCallback(callbackKey: string, plain: string): string {
  const key = Buffer.from(callbackKey, 'utf8');
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', connection: 'close' });
  response.end(JSON.stringify(body));
}

function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  response.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>腾讯电子签（模拟）</title></head><body><main>${body}</main></body></html>`);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const FLOW_NAME = /^[\p{Script=Han}\u3000-\u303f\uff00-\uffefA-Za-z0-9 ()[\]\-_,;.&+]{1,200}$/u;

export async function startTencentEssFake(
  options: { secretId?: string; secretKey?: string; operatorId?: string; callbackKey?: string; callbackToken?: string; callbackMode?: EssCallbackMode; callbackUrl?: string; delayMs?: number; lateMs?: number; retryMs?: number } = {},
): Promise<TencentEssFake> {
  const secretId = options.secretId ?? 'AKIDFakeTencentEssSecretId000000';
  const secretKey = options.secretKey ?? 'FakeTencentEssSecretKey000000000';
  const operatorId = options.operatorId ?? 'yDRCLUUgygq2xun5UuO4zjEwg0vjoimj';
  const callbackKey = options.callbackKey ?? 'FakeEssCallbackKey00000000000000';
  const callbackToken = options.callbackToken ?? 'FakeEssCallbackToken';
  const linkSecret = randomBytes(16);
  const files = new Map<string, Buffer>();
  const links = new Map<string, { flowId: string; expiresAt: number }>();
  const pending = new Set<Promise<void>>();
  let nextRequest = 0;

  const state = {
    origin: '',
    callbackUrl: options.callbackUrl,
    callbackMode: options.callbackMode ?? 'prompt',
    delayMs: options.delayMs ?? 10,
    lateMs: options.lateMs ?? 300,
    flows: new Map<string, FakeFlow>(),
    flowsCreated: 0,
    requests: [] as { action: string; error: string }[],
    deliveries: [] as { msgId: string; status: number; http: number }[],
    failNext: [] as Array<({ code: string } | { http: number }) & { action?: string }>,
    offsetMs: 0,
  };
  const now = () => Date.now() + state.offsetMs;
  const seconds = () => Math.floor(now() / 1000);

  const callbackFor = (flowId: string, o: { status?: number; msgId?: string; updatedOn?: number; key?: string } = {}) => {
    const flow = state.flows.get(flowId);
    if (!flow) throw new Error(`no flow ${flowId}`);
    const status = o.status ?? flow.status;
    const message = {
      MsgId: o.msgId ?? randomUUID(),
      MsgType: 'FlowStatusChange',
      MsgVersion: 'ONE',
      MsgData: {
        FlowId: flow.flowId,
        FlowName: flow.flowName,
        FlowType: '',
        FlowCallbackStatus: status,
        Operate: status === FLOW.pending ? 'start' : status === FLOW.signed ? 'sign' : status === FLOW.rejected ? 'reject' : 'deadline',
        CreateOn: flow.createdOn,
        UpdatedOn: o.updatedOn ?? flow.updatedOn,
        DeadLine: flow.deadline,
        UserData: flow.userData,
        Approvers: [{ ApproverType: 1, ApproverName: flow.approver.name, ApproverMobile: flow.approver.mobile, ApproveStatus: status, ApproveTime: flow.approveTime ?? 0 }],
      },
    };
    const body = JSON.stringify({ encrypt: encryptEssCallback(o.key ?? callbackKey, JSON.stringify(message)) });
    return { body, headers: { 'content-type': 'application/json', 'content-signature': essContentSignature(callbackToken, body) } };
  };

  /** Posts one callback, retried (the platform resends until it gets HTTP 200). */
  const post = async (message: FakeMessage) => {
    const url = state.callbackUrl;
    if (!url) return;
    const { body, headers } = callbackFor(message.flowId, { status: message.status, msgId: message.msgId, updatedOn: message.updatedOn });
    for (let attempt = 0; attempt < 4; attempt++) {
      const http = await fetch(url, { method: 'POST', body, headers }).then(
        (answer) => answer.status,
        () => 0,
      );
      state.deliveries.push({ msgId: message.msgId, status: message.status, http });
      if (http === 200) return;
      await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 50));
    }
  };
  const later = (ms: number, run: () => Promise<void>) => {
    const done = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(run).finally(() => pending.delete(done));
    pending.add(done);
  };
  /** Sends a flow's event as the mode says: an in-progress one may be held back (outOfOrder), a final one releases what was held after itself. */
  const emit = (flow: FakeFlow) => {
    const message: FakeMessage = { msgId: randomUUID(), flowId: flow.flowId, status: flow.status, updatedOn: flow.updatedOn };
    const mode = state.callbackMode;
    if (mode === 'never') return;
    if (mode === 'outOfOrder' && flow.status === FLOW.pending) {
      flow.held.push(message);
      return;
    }
    const delay = mode === 'late' ? state.delayMs + state.lateMs : state.delayMs;
    const held = flow.held.splice(0);
    later(delay, async () => {
      await post(message);
      if (mode === 'twice') await post(message);
      for (const old of held) await post(old);
    });
  };

  const finish = async (flowId: string, status: number) => {
    const flow = state.flows.get(flowId);
    if (!flow || flow.status !== FLOW.pending || flow.ending) return;
    flow.ending = true;
    if (status === FLOW.signed) flow.signed = Buffer.from(await stamp(flow));
    flow.status = status;
    flow.updatedOn = Math.max(seconds(), flow.updatedOn + 1);
    flow.approveTime = flow.updatedOn;
    emit(flow);
  };

  /** The signed PDF: the document with a mark in the signature field (the platform adds the signature and its certificate). */
  const stamp = async (flow: FakeFlow) => {
    const doc = await PDFDocument.load(flow.document);
    const page = doc.getPage(Math.min(flow.component.page, doc.getPageCount()) - 1);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const { x, y, width, height } = flow.component;
    const bottom = page.getHeight() - y - height;
    page.drawRectangle({ x, y: bottom, width, height, borderColor: rgb(0.85, 0.1, 0.1), borderWidth: 1.5 });
    page.drawText('Signed via Tencent ESS (fake)', { x: x + 6, y: bottom + height / 2 + 4, size: 8, font, color: rgb(0.85, 0.1, 0.1) });
    page.drawText(new Date(now()).toISOString(), { x: x + 6, y: bottom + height / 2 - 8, size: 7, font, color: rgb(0.85, 0.1, 0.1) });
    return doc.save();
  };

  const fileMac = (flowId: string, expires: number) => createHmac('sha256', linkSecret).update(`${flowId}.${expires}`).digest('hex');

  type Input = Record<string, unknown>;
  type Answer = { error: [string, string] } | Record<string, unknown>;
  const operatorOf = (input: Input) => ((input.Operator as { UserId?: string } | undefined)?.UserId ?? (input.Caller as { OperatorId?: string } | undefined)?.OperatorId) === operatorId;
  const detailOf = (flow: FakeFlow) => ({
    FlowId: flow.flowId,
    FlowName: flow.flowName,
    FlowType: '',
    FlowStatus: flow.status,
    FlowMessage: '',
    CreatedOn: flow.createdOn,
    DeadLine: flow.deadline,
    CustomData: '',
    FlowApproverInfos: [{ ApproveName: flow.approver.name, Mobile: flow.approver.mobile, ApproveStatus: flow.status, ApproveTime: flow.approveTime ?? 0, ApproveType: 'PERSON', SignOrder: 0 }],
  });

  const actions: Record<string, (input: Input) => Answer> = {
    UploadFiles(input) {
      const infos = (input.FileInfos as { FileBody?: string; FileName?: string }[] | undefined) ?? [];
      if (input.BusinessType !== 'DOCUMENT' || infos.length === 0) return { error: ['InvalidParameter.BusinessType', 'BusinessType 或 FileInfos 不合法'] };
      const ids = infos.map((info) => {
        const bytes = Buffer.from(info.FileBody ?? '', 'base64');
        const id = `yDw${randomBytes(12).toString('hex')}`;
        files.set(id, bytes);
        return { id, pdf: bytes.subarray(0, 5).toString('latin1') === '%PDF-' };
      });
      if (ids.some((f) => !f.pdf)) return { error: ['InvalidParameter.FileType', '文件类型不支持，请上传 PDF'] };
      return { FileIds: ids.map((f) => f.id), FileUrls: ids.map(() => ''), TotalCount: ids.length };
    },
    CreateFlowByFiles(input) {
      const document = files.get(((input.FileIds as string[] | undefined) ?? [])[0] ?? '');
      if (!document) return { error: ['ResourceNotFound.File', '文件不存在'] };
      if (typeof input.FlowName !== 'string' || !FLOW_NAME.test(input.FlowName)) return { error: ['InvalidParameter.FlowName', 'FlowName 不合法'] };
      const approvers = (input.Approvers as Input[] | undefined) ?? [];
      const approver = approvers[0];
      if (approvers.length !== 1 || approver?.ApproverType !== 1) return { error: ['InvalidParameter.ApproverType', '签署方类型不合法'] };
      if (typeof approver.ApproverName !== 'string' || !/^[\u4e00-\u9fa5·]{2,20}$/.test(approver.ApproverName)) return { error: ['InvalidParameter.Name', '姓名不合法'] };
      if (typeof approver.ApproverMobile !== 'string' || !/^1[3-9][0-9]{9}$/.test(approver.ApproverMobile)) return { error: ['InvalidParameter.Mobile', '手机号不合法'] };
      if (approver.ApproverIdCardType !== 'ID_CARD' || typeof approver.ApproverIdCardNumber !== 'string' || !/^[0-9]{17}[0-9X]$/.test(approver.ApproverIdCardNumber)) {
        return { error: ['InvalidParameter.CardNumber', '证件号码不合法'] };
      }
      const component = ((approver.SignComponents as Input[] | undefined) ?? [])[0];
      if (component?.ComponentType !== 'SIGN_SIGNATURE' || typeof component.ComponentPage !== 'number') return { error: ['InvalidParameter.SignComponents', '签署控件不合法'] };
      const createdOn = seconds();
      const flow: FakeFlow = {
        flowId: `yDw${randomBytes(14).toString('hex')}`,
        flowName: input.FlowName,
        userData: typeof input.UserData === 'string' ? input.UserData : '',
        approver: { name: approver.ApproverName, mobile: approver.ApproverMobile, idNo: approver.ApproverIdCardNumber },
        component: { page: component.ComponentPage, x: Number(component.ComponentPosX), y: Number(component.ComponentPosY), width: Number(component.ComponentWidth), height: Number(component.ComponentHeight) },
        document,
        status: FLOW.pending,
        createdOn,
        updatedOn: createdOn,
        deadline: typeof input.Deadline === 'number' ? input.Deadline : createdOn + 7 * 86400,
        held: [],
      };
      state.flows.set(flow.flowId, flow);
      state.flowsCreated += 1;
      emit(flow); // 合同发起
      return { FlowId: flow.flowId, PreviewUrl: '', Approvers: [] };
    },
    CreateFlowSignUrl(input) {
      const flow = state.flows.get(String(input.FlowId ?? ''));
      if (!flow) return { error: ['ResourceNotFound.Flow', '合同流程不存在'] };
      const info = ((input.FlowApproverInfos as Input[] | undefined) ?? [])[0];
      if (info?.ApproverName !== flow.approver.name || info.ApproverMobile !== flow.approver.mobile) return { error: ['InvalidParameter.ApproverNotMatch', '签署人信息与合同不一致'] };
      if (flow.status !== FLOW.pending) return { error: ['FailedOperation.FlowHasTerminated', '合同流程已结束'] };
      if (typeof info.JumpUrl === 'string') flow.jumpUrl = info.JumpUrl;
      // The console's callback address, unset: the app's, on the origin it returns the signer to.
      if (!state.callbackUrl && flow.jumpUrl && /^https?:\/\//.test(flow.jumpUrl)) state.callbackUrl = `${new URL(flow.jumpUrl).origin}${NOTIFY_PATH}`;
      const token = randomBytes(16).toString('hex');
      links.set(token, { flowId: flow.flowId, expiresAt: now() + 30 * 60_000 });
      return { FlowApproverUrlInfos: [{ SignUrl: `${state.origin}${SIGN_PAGE}?token=${token}`, ApproverMobile: flow.approver.mobile, ApproverName: flow.approver.name, ApproverType: 1 }] };
    },
    DescribeFlowInfo(input) {
      const ids = (input.FlowIds as string[] | undefined) ?? [];
      return { FlowDetailInfos: ids.flatMap((id) => (state.flows.has(id) ? [detailOf(state.flows.get(id)!)] : [])), FlowGroupId: '', FlowGroupName: '' };
    },
    DescribeFlowBriefs(input) {
      const ids = (input.FlowIds as string[] | undefined) ?? [];
      const briefs = ids.flatMap((id) => {
        const flow = state.flows.get(id);
        return flow ? [{ FlowId: flow.flowId, FlowName: flow.flowName, FlowDescription: '', FlowType: '', FlowStatus: flow.status, FlowMessage: '', CreatedOn: flow.createdOn, Deadline: flow.deadline }] : [];
      });
      return { FlowBriefs: briefs };
    },
    DescribeFileUrls(input) {
      if (input.BusinessType !== 'FLOW') return { error: ['InvalidParameter.BusinessType', 'BusinessType 不合法'] };
      const ttl = typeof input.UrlTtl === 'number' && input.UrlTtl > 0 ? input.UrlTtl : 300;
      const urls = ((input.BusinessIds as string[] | undefined) ?? []).flatMap((id) => {
        if (!state.flows.has(id)) return [];
        const expires = now() + ttl * 1000;
        return [{ Url: `${state.origin}${FILE_PATH}${id}.pdf?expires=${expires}&sign=${fileMac(id, expires)}`, Option: '' }];
      });
      if (urls.length === 0) return { error: ['ResourceNotFound.Flow', '合同流程不存在'] };
      return { FileUrls: urls, TotalCount: urls.length };
    },
  };

  const api = (request: IncomingMessage, body: Buffer, response: ServerResponse) => {
    const requestId = `fake-ess-${++nextRequest}`;
    const action = String(request.headers['x-tc-action'] ?? '');
    const answer = (code: string, message: string) => {
      state.requests.push({ action, error: code });
      json(response, 200, { Response: { Error: { Code: code, Message: message }, RequestId: requestId } });
    };
    const refused = tc3Refusal(request, body, { secretId, secretKey, origin: state.origin });
    if (refused) return answer(refused.code, refused.message);
    const handler = actions[action];
    if (!handler || request.headers['x-tc-version'] !== '2020-11-11') return answer('InvalidAction', 'The requested action does not exist.');
    const at = state.failNext.findIndex((f) => f.action === undefined || f.action === action);
    const failure = at < 0 ? undefined : state.failNext.splice(at, 1)[0];
    if (failure && 'http' in failure) {
      state.requests.push({ action, error: `http-${failure.http}` });
      response.writeHead(failure.http, { connection: 'close' });
      return response.end();
    }
    if (failure) return answer(failure.code, failure.code);
    let input: Input;
    try {
      input = JSON.parse(body.toString('utf8')) as Input;
    } catch {
      return answer('InvalidParameter', 'The request body is not valid JSON.');
    }
    if (!operatorOf(input)) return answer('OperationDenied.NoPermissionUseResource', '经办人无权限');
    const result = handler(input);
    if ('error' in result && Array.isArray(result.error)) return answer(result.error[0]!, result.error[1]!);
    state.requests.push({ action, error: '' });
    json(response, 200, { Response: { ...result, RequestId: requestId } });
  };

  const page = async (request: IncomingMessage, body: Buffer, response: ServerResponse, url: URL) => {
    const form = request.method === 'POST' ? new URLSearchParams(body.toString('utf8')) : url.searchParams;
    const link = links.get(form.get('token') ?? '');
    const flow = link && state.flows.get(link.flowId);
    if (!link || !flow || link.expiresAt <= now()) return html(response, 410, '<p>签署链接已失效</p>');
    if (request.method === 'POST') {
      if (flow.status === FLOW.pending) await finish(flow.flowId, form.get('decision') === 'reject' ? FLOW.rejected : FLOW.signed);
      if (flow.jumpUrl) {
        response.writeHead(303, { location: flow.jumpUrl, connection: 'close' });
        return response.end();
      }
      return html(response, 200, '<p>操作完成</p>');
    }
    if (flow.status !== FLOW.pending) return html(response, 410, '<p>该合同已结束签署</p>');
    const token = escape(form.get('token') ?? '');
    const button = (decision: string, label: string) =>
      `<form method="post" action="${SIGN_PAGE}"><input type="hidden" name="token" value="${token}"><input type="hidden" name="decision" value="${decision}"><button type="submit">${label}</button></form>`;
    return html(response, 200, `<h1>${escape(flow.flowName)}</h1><p>签署人：${escape(maskName(flow.approver.name))}（腾讯电子签 模拟环境）</p>${button('sign', '确认签署')}${button('reject', '拒签')}`);
  };

  const download = (response: ServerResponse, url: URL) => {
    const flowId = url.pathname.slice(FILE_PATH.length).replace(/\.pdf$/, '');
    const expires = Number(url.searchParams.get('expires'));
    const flow = state.flows.get(flowId);
    const refuse = (code: string, message: string) => {
      response.writeHead(403, { 'content-type': 'application/xml', connection: 'close' });
      response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
    };
    if (!flow || url.searchParams.get('sign') !== fileMac(flowId, expires)) return refuse('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    if (expires <= now()) return refuse('AccessDenied', 'Request has expired');
    response.writeHead(200, { 'content-type': 'application/pdf', connection: 'close' });
    response.end(flow.signed ?? flow.document);
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', state.origin);
      if (url.pathname === SIGN_PAGE) return void page(request, body, response, url).catch(() => html(response, 500, '<p>系统繁忙</p>'));
      if (request.method === 'GET' && url.pathname.startsWith(FILE_PATH)) return download(response, url);
      if (request.method === 'POST' && url.pathname === '/') return api(request, body, response);
      json(response, 404, { Response: { Error: { Code: 'InvalidAction', Message: 'Not found' }, RequestId: `fake-ess-${++nextRequest}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(state, {
    sign: (flowId: string) => finish(flowId, FLOW.signed),
    reject: (flowId: string) => finish(flowId, FLOW.rejected),
    callbackFor,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    env: () => ({
      ESIGN_PROVIDER: 'tencent',
      TENCENT_ESS_SECRET_ID: secretId,
      TENCENT_ESS_SECRET_KEY: secretKey,
      TENCENT_ESS_OPERATOR_ID: operatorId,
      TENCENT_ESS_CALLBACK_KEY: callbackKey,
      TENCENT_ESS_CALLBACK_TOKEN: callbackToken,
      TENCENT_ESS_ENDPOINT: state.origin,
      TENCENT_ESS_FILE_ENDPOINT: state.origin,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

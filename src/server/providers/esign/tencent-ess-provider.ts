import { createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { CommonClient } from 'tencentcloud-sdk-nodejs-common';
import { parseIdCard } from '../../../engine/rules/index.ts';
import type { Db } from '../../db/db.ts';
import { esignTencentFlows } from '../../db/schema.ts';
import { isLoopbackHost, OutboundError, type CallOut } from '../outbound.ts';
import { requestTencent, TENCENT_TRANSIENT } from '../tencent-cloud.ts';
import { ESIGN_EVENTS, EsignRefused, type CreateTaskInput, type DownloadLink, type EsignEvent, type EsignProvider, type EsignTask, type EsignTaskStatus, type SignedEvidence } from './esign-provider.ts';
import type { TencentEssSettings } from './tencent-ess-settings.ts';

/** The API version of 腾讯电子签 (ess). */
export const ESS_VERSION = '2020-11-11';
/** A signing link works this long (CreateFlowSignUrl: 30 minutes); one with less than REUSE_MARGIN_MS left is replaced. */
export const ESS_SIGN_LINK_TTL_MS = 30 * 60_000;
const REUSE_MARGIN_MS = 5 * 60_000;
/** A flow may be signed this long, then the platform expires it (Deadline). */
export const ESS_FLOW_TTL_MS = 7 * 24 * 3600_000;
/** What DescribeFileUrls is asked for (UrlTtl, seconds). */
export const ESS_DOWNLOAD_TTL_S = 300;
/** A claim on a business number without a flow after this long is taken over (the process creating it died). */
const CLAIM_MS = 60_000;
/** How long a request waits for another one creating the same flow. */
const WAIT_FOR_CLAIM_MS = 30_000;
/** A signed PDF larger than this is refused (the agreement is one or two pages). */
const MAX_PDF_BYTES = 20 * 1024 * 1024;

/**
 * A flow's state (FlowStatus of DescribeFlowInfo, FlowCallbackStatus of a
 * callback): 1 未签署, 2 部分签署, 3 已拒签, 4 已签署, 5 已过期, 6 已撤销,
 * 7 未送达, 8 等待填写, 9 部分填写, 10 拒填, 21 已解除 (a signed flow
 * rescinded later: still signed here). A cancelled flow can no longer be
 * signed: expired to the parent, who asks for a new agreement.
 */
const FLOW_STATUS: Readonly<Record<number, { status: EsignTaskStatus; type: string }>> = {
  1: { status: 'signing', type: ESIGN_EVENTS.started },
  2: { status: 'signing', type: ESIGN_EVENTS.started },
  3: { status: 'rejected', type: ESIGN_EVENTS.rejected },
  4: { status: 'signed', type: ESIGN_EVENTS.signed },
  5: { status: 'expired', type: ESIGN_EVENTS.expired },
  6: { status: 'expired', type: ESIGN_EVENTS.expired },
  7: { status: 'signing', type: ESIGN_EVENTS.started },
  8: { status: 'signing', type: ESIGN_EVENTS.started },
  9: { status: 'signing', type: ESIGN_EVENTS.started },
  10: { status: 'rejected', type: ESIGN_EVENTS.rejected },
  21: { status: 'signed', type: 'task.rescinded' },
};

/**
 * The order of a flow's events (the platform numbers none): in progress 1,
 * 部分签署 2, ended 3. A flow only moves forward, so an event of a lower
 * rank arriving after a higher one is stale, and a second one of the same
 * rank changes nothing.
 */
function rankOf(flowStatus: number): number {
  const status = FLOW_STATUS[flowStatus]?.status ?? 'signing';
  if (status !== 'signing') return 3;
  return flowStatus === 2 ? 2 : 1;
}

/** The platform's codes that refuse what the parent gave (the signer's data), each with what the parent reads. */
const SIGNER_REFUSALS: readonly [RegExp, string][] = [
  [/^(InvalidParameter|InvalidParameterValue)\.(Mobile|ApproverMobile)/, '手机号码未通过电子签平台校验，请核对'],
  [/^(InvalidParameter|InvalidParameterValue)\.(Name|ApproverName|CardNumber|CardType|IdCardNumber|ApproverIdCardNumber|ApproverIdCardType)/, '签署人姓名或身份证号码未通过电子签平台校验，请核对'],
  [/^FailedOperation\.AgeNotAchieveNormalLegal/, '签署人须年满18周岁'],
];
/** The platform's side failed (retried when the call allows it): every Tencent product's, and 电子签's own rate limit. */
const isTransient = (code: string) => TENCENT_TRANSIENT.test(code) || /^LimitExceeded\.RequestLimit/.test(code);

/** The characters FlowName accepts (Chinese, Chinese punctuation, letters, digits, spaces, ()[]-_,;.&+), at most 200. */
function flowName(title: string): string {
  return title.replace(/[^\p{Script=Han}\u3000-\u303f\uff00-\uffefA-Za-z0-9 ()[\]\-_,;.&+]/gu, '').slice(0, 200) || '协议';
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** AES-256-CBC under the callback key, IV its first 16 bytes, PKCS#7 (电子签's 回调加密); undefined when it does not decrypt. */
export function decryptEssCallback(callbackKey: string, encrypted: string): string | undefined {
  const key = Buffer.from(callbackKey, 'utf8');
  if (key.length !== 32 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted)) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Content-Signature of a callback body (电子签's 回调签名验证): "sha256=" and the hex HMAC-SHA256 under the token. */
export function essContentSignature(token: string, body: string): string {
  return `sha256=${createHmac('sha256', token).update(body).digest('hex')}`;
}

interface FlowDetail {
  FlowId?: string;
  FlowStatus?: number;
  FlowApproverInfos?: { ApproveStatus?: number; ApproveTime?: number }[];
}

interface CallbackMessage {
  MsgId?: unknown;
  MsgType?: unknown;
  MsgData?: { FlowId?: unknown; FlowCallbackStatus?: unknown; UserData?: unknown; UpdatedOn?: unknown };
}

type FlowRow = typeof esignTencentFlows.$inferSelect;

/**
 * 腾讯电子签 (ess, API 2020-11-11) through the vendor's CommonClient
 * (tencentcloud-sdk-nodejs-common: TC3-HMAC-SHA256 signing, error mapping),
 * every call through the app's callOut and made as the 经办人
 * (Operator.UserId). A task is a flow: the agreement PDF uploaded
 * (UploadFiles, on the file endpoint), a flow with one personal signer —
 * name, ID number and phone, a signature field where the agreement's
 * signing block is — created by CreateFlowByFiles, and the H5 signing link
 * of CreateFlowSignUrl with our return address. The platform takes no
 * idempotency key: the flow of a business number is kept in
 * esign_tencent_flows, created by the one request that claimed the number
 * (CreateFlowByFiles is never retried: a second flow would be a second
 * contract charged). Status from DescribeFlowInfo; the signed PDF from the
 * short-lived address of DescribeFileUrls; callbacks decrypted with the
 * callback key and, when a token is configured, their Content-Signature checked.
 */
export class TencentEssProvider implements EsignProvider {
  readonly name = 'tencent';
  private readonly api: CommonClient;
  private readonly files: CommonClient;

  constructor(
    private readonly settings: TencentEssSettings,
    private readonly db: Db,
    private readonly callOut: CallOut,
    private readonly now: () => Date,
  ) {
    const client = (origin: string) => {
      const url = new URL(origin);
      return new CommonClient(url.host, ESS_VERSION, {
        credential: { secretId: settings.secretId, secretKey: settings.secretKey },
        region: settings.region,
        profile: { httpProfile: { endpoint: url.host, protocol: `${url.protocol}//`, reqTimeout: 15 } },
      });
    };
    this.api = client(settings.endpoint);
    this.files = client(settings.fileEndpoint);
  }

  private get operator() {
    return { UserId: this.settings.operatorId };
  }

  /** One call of the API; the platform's refusal of the signer's data is EsignRefused, anything else OutboundError. */
  private call<T>(action: string, request: object, options: { idempotent: boolean; client?: CommonClient; timeoutMs?: number }): Promise<T> {
    const client = options.client ?? this.api;
    return this.callOut({
      vendor: 'tencent-ess',
      call: action,
      idempotent: options.idempotent,
      timeoutMs: options.timeoutMs ?? 15_000,
      run: async (signal) => {
        const result = await requestTencent<T>(client, action, request, signal);
        if (result.ok) return result.answer;
        const refusal = SIGNER_REFUSALS.find(([pattern]) => pattern.test(result.code));
        if (refusal) throw new EsignRefused(refusal[1], result.code);
        throw new OutboundError(`${action}: ${result.code}`, isTransient(result.code), result.code);
      },
    });
  }

  /** 电子签 verifies the signer itself on its signing page (real name by face or SMS against the flow's name, ID number and phone): the ID number's form is all there is to check here. */
  async certify(input: { name: string; idNo: string }) {
    if (!parseIdCard(input.idNo, this.now()).ok) return { passed: false, reason: '身份证号码无效，请核对' };
    return { passed: true, reason: '' };
  }

  private async flowRow(businessNo: string): Promise<FlowRow | undefined> {
    const [row] = await this.db.select().from(esignTencentFlows).where(eq(esignTencentFlows.businessNo, businessNo)).limit(1);
    return row;
  }

  /**
   * The flow of a business number: the one created before, or a new one.
   * One request claims the number (a row without a flow) and creates the
   * flow; one asking meanwhile waits for it. No transaction is held during
   * the platform's calls; a failed creation gives the claim back, and a claim
   * older than CLAIM_MS (its process died) is taken over.
   */
  private async flowOf(input: CreateTaskInput): Promise<FlowRow & { flowId: string }> {
    const no = input.businessNo;
    const deadline = Date.now() + WAIT_FOR_CLAIM_MS;
    for (;;) {
      const row = await this.flowRow(no);
      if (row?.flowId) return { ...row, flowId: row.flowId };
      const now = this.now();
      const claimed = row
        ? await this.db
            .update(esignTencentFlows)
            .set({ claimedAt: now })
            .where(and(eq(esignTencentFlows.businessNo, no), isNull(esignTencentFlows.flowId), lt(esignTencentFlows.claimedAt, new Date(now.getTime() - CLAIM_MS))))
            .returning()
        : await this.db.insert(esignTencentFlows).values({ businessNo: no, claimedAt: now, createdAt: now }).onConflictDoNothing().returning();
      if (claimed.length > 0) {
        let flowId: string;
        try {
          flowId = await this.createFlow(input);
        } catch (error) {
          await this.db.delete(esignTencentFlows).where(and(eq(esignTencentFlows.businessNo, no), isNull(esignTencentFlows.flowId)));
          throw error;
        }
        const [done] = await this.db.update(esignTencentFlows).set({ flowId }).where(eq(esignTencentFlows.businessNo, no)).returning();
        return { ...done!, flowId };
      }
      if (Date.now() > deadline) throw new OutboundError(`e-sign: the flow of ${no} is still being created`, true, 'claimed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async createFlow(input: CreateTaskInput): Promise<string> {
    if (!input.signer.phone) throw new Error(`e-sign: the signer of ${input.businessNo} has no phone`);
    const uploaded = await this.call<{ FileIds?: string[] }>(
      'UploadFiles',
      { Caller: { OperatorId: this.settings.operatorId }, BusinessType: 'DOCUMENT', FileInfos: [{ FileBody: Buffer.from(input.document).toString('base64'), FileName: `${input.businessNo}.pdf` }] },
      { idempotent: true, client: this.files, timeoutMs: 30_000 },
    );
    const fileId = uploaded.FileIds?.[0];
    if (!fileId) throw new OutboundError('UploadFiles: no FileId', false);
    const field = input.signatureField;
    const created = await this.call<{ FlowId?: string }>(
      'CreateFlowByFiles',
      {
        Operator: this.operator,
        FlowName: flowName(input.title),
        FileIds: [fileId],
        Approvers: [
          {
            ApproverType: 1,
            ApproverName: input.signer.name,
            ApproverMobile: input.signer.phone,
            ApproverIdCardType: 'ID_CARD',
            ApproverIdCardNumber: input.signer.idNo,
            SignComponents: [
              { ComponentType: 'SIGN_SIGNATURE', FileIndex: 0, ComponentPage: field.page, ComponentPosX: field.x, ComponentPosY: field.y, ComponentWidth: field.width, ComponentHeight: field.height },
            ],
          },
        ],
        Deadline: Math.floor((this.now().getTime() + ESS_FLOW_TTL_MS) / 1000),
        Unordered: false,
        // Our business number: every callback of the flow carries it back.
        UserData: input.businessNo,
      },
      { idempotent: false },
    );
    if (!created.FlowId) throw new OutboundError('CreateFlowByFiles: no FlowId', false);
    return created.FlowId;
  }

  async createTask(input: CreateTaskInput): Promise<EsignTask> {
    const flow = await this.flowOf(input);
    const now = this.now().getTime();
    if (flow.signUrl && flow.signUrlExpiresAt && flow.signUrlExpiresAt.getTime() - now > REUSE_MARGIN_MS) {
      return { taskId: flow.flowId, signUrl: flow.signUrl, expiresAt: flow.signUrlExpiresAt };
    }
    const answer = await this.call<{ FlowApproverUrlInfos?: { SignUrl?: string }[] }>(
      'CreateFlowSignUrl',
      {
        Operator: this.operator,
        FlowId: flow.flowId,
        FlowApproverInfos: [
          {
            ApproverType: 1,
            ApproverName: input.signer.name,
            ApproverMobile: input.signer.phone ?? '',
            ApproverIdCardType: 'ID_CARD',
            ApproverIdCardNumber: input.signer.idNo,
            JumpUrl: input.returnUrl,
          },
        ],
      },
      { idempotent: true },
    );
    const signUrl = answer.FlowApproverUrlInfos?.[0]?.SignUrl;
    if (!signUrl) throw new OutboundError('CreateFlowSignUrl: no SignUrl', false);
    const expiresAt = new Date(now + ESS_SIGN_LINK_TTL_MS);
    await this.db.update(esignTencentFlows).set({ signUrl, signUrlExpiresAt: expiresAt }).where(eq(esignTencentFlows.businessNo, input.businessNo));
    return { taskId: flow.flowId, signUrl, expiresAt };
  }

  private async detail(flowId: string): Promise<FlowDetail | undefined> {
    const answer = await this.call<{ FlowDetailInfos?: FlowDetail[] }>('DescribeFlowInfo', { Operator: this.operator, FlowIds: [flowId] }, { idempotent: true });
    return answer.FlowDetailInfos?.find((flow) => flow.FlowId === flowId);
  }

  async queryTask(taskId: string) {
    const flow = await this.detail(taskId);
    if (flow?.FlowStatus === undefined) return { status: 'expired' as const, seq: 0 };
    return { status: FLOW_STATUS[flow.FlowStatus]?.status ?? 'signing', seq: rankOf(flow.FlowStatus) };
  }

  async signedDownload(taskId: string): Promise<DownloadLink | undefined> {
    const flow = await this.detail(taskId);
    if (flow?.FlowStatus === undefined || FLOW_STATUS[flow.FlowStatus]?.status !== 'signed') return undefined;
    const answer = await this.call<{ FileUrls?: { Url?: string }[] }>(
      'DescribeFileUrls',
      { Operator: this.operator, BusinessType: 'FLOW', BusinessIds: [taskId], FileType: 'PDF', UrlTtl: ESS_DOWNLOAD_TTL_S },
      { idempotent: true },
    );
    const url = answer.FileUrls?.[0]?.Url;
    if (!url) return undefined;
    const approved = flow.FlowApproverInfos?.find((approver) => approver.ApproveTime)?.ApproveTime;
    return {
      url,
      expiresAt: new Date(this.now().getTime() + ESS_DOWNLOAD_TTL_S * 1000),
      ...(approved ? { signedAt: new Date(approved * 1000) } : {}),
    };
  }

  /**
   * Whether a download address is the platform's: https on the file
   * endpoint's host or a sibling of it (file.ess.tencent.cn gives
   * addresses under ess.tencent.cn), or the file endpoint itself when it is
   * a fake on loopback.
   */
  private isPlatformAddress(url: URL): boolean {
    const files = new URL(this.settings.fileEndpoint);
    if (url.origin === files.origin) return url.protocol === 'https:' || isLoopbackHost(url.hostname);
    if (/^[0-9.]+$/.test(files.hostname) || files.hostname.startsWith('[')) return false;
    const parent = files.hostname.split('.').slice(1).join('.');
    return url.protocol === 'https:' && parent.includes('.') && url.hostname.endsWith(`.${parent}`);
  }

  async download(address: string): Promise<SignedEvidence | { problem: 'expired' | 'invalid' }> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return { problem: 'invalid' };
    }
    if (!this.isPlatformAddress(url)) return { problem: 'invalid' };
    return this.callOut({
      vendor: 'tencent-ess',
      call: 'download',
      idempotent: true,
      timeoutMs: 30_000,
      run: async (signal) => {
        // The address was checked above and came from the platform's signed answer; where it redirects is the platform's storage.
        const response = await fetch(url, { signal });
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (response.status >= 500) throw new OutboundError(`download: HTTP ${response.status}`, true, `http-${response.status}`);
        if (response.status === 403 || response.status === 410) {
          // The file service answers an address past its time with "Request has expired"; a forged one otherwise.
          return { problem: /expired/i.test(Buffer.from(bytes).toString('utf8')) ? ('expired' as const) : ('invalid' as const) };
        }
        if (response.status !== 200) return { problem: 'invalid' as const };
        if (bytes.length > MAX_PDF_BYTES || Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new OutboundError('download: not a PDF', false);
        return { pdf: bytes };
      },
    });
  }

  verifyCallback(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): EsignEvent | undefined {
    const token = this.settings.callbackToken;
    if (token && !sameText(first(headers['content-signature']), essContentSignature(token, rawBody))) return undefined;
    let encrypted: unknown;
    try {
      encrypted = (JSON.parse(rawBody) as { encrypt?: unknown }).encrypt;
    } catch {
      return undefined;
    }
    if (typeof encrypted !== 'string') return undefined;
    const plain = decryptEssCallback(this.settings.callbackKey, encrypted);
    if (plain === undefined) return undefined;
    let message: CallbackMessage;
    try {
      message = JSON.parse(plain) as CallbackMessage;
    } catch {
      return undefined;
    }
    if (typeof message.MsgId !== 'string' || message.MsgId === '' || message.MsgId.length > 128 || typeof message.MsgType !== 'string') return undefined;
    const data = message.MsgData ?? {};
    const updatedOn = typeof data.UpdatedOn === 'number' && Number.isSafeInteger(data.UpdatedOn) ? new Date(data.UpdatedOn * 1000) : this.now();
    const base = { eventId: message.MsgId, occurredAt: updatedOn.toISOString() };
    // Other messages (seals, templates, employees, billing): acknowledged and ignored.
    if (message.MsgType !== 'FlowStatusChange') return { ...base, type: `ess.${message.MsgType.slice(0, 30)}`, taskId: '', businessNo: '', seq: 0 };
    const status = data.FlowCallbackStatus;
    if (typeof data.FlowId !== 'string' || typeof status !== 'number' || !Number.isInteger(status)) return undefined;
    return {
      ...base,
      type: FLOW_STATUS[status]?.type ?? `ess.flow.${status}`,
      taskId: data.FlowId,
      businessNo: typeof data.UserData === 'string' ? data.UserData : '',
      seq: rankOf(status),
    };
  }
}

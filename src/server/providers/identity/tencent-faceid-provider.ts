import * as tencentCommon from 'tencentcloud-sdk-nodejs-common';
import { OutboundError, type CallOut } from '../outbound.ts';
import { cjsDefault } from '../sms/cjs-default.ts';
import { requestTencent, TENCENT_TRANSIENT, type TencentClient } from '../tencent-cloud.ts';
import {
  MSG_FACE_FAILED,
  MSG_FACE_OTHER_PERSON,
  MSG_FACE_PENDING,
  MSG_NAME_MISMATCH,
  offlineRealNameProblem,
  type FaceOutcome,
  type FaceStart,
  type FaceStartInput,
  type IdentityProvider,
  type RealNameOutcome,
} from './identity-provider.ts';
import type { TencentFaceidSettings } from './tencent-faceid-settings.ts';

const VERSION = '2018-03-01';
const VENDOR = 'tencent-faceid';

/**
 * IdCardVerification's documented results other than "0" (consistent) that
 * are an answer about the person; "-4" (证件库服务异常) and "-6" (权威比对系统升级中)
 * are the service failing and are thrown as transient instead.
 */
const ID_RESULTS: Readonly<Record<string, string>> = {
  '-1': MSG_NAME_MISMATCH,
  '-2': '身份证号码无效，请核对后重新输入',
  '-3': '姓名格式不正确，请核对后重新输入',
  '-5': '证件库中无此身份证记录，请核对后重新输入',
  '-7': '今日认证次数已达上限，请明日再试',
};
const ID_RESULTS_TRANSIENT = new Set(['-4', '-6']);

/** DetectInfoText.ErrCode of a flow the user has not finished (本次流程未完成). */
const FLOW_NOT_FINISHED = 17;
/** DetectInfoText.ErrCode of a flow whose token expired (Token 过期). */
const FLOW_TOKEN_EXPIRED = 15;
const MSG_FACE_EXPIRED = '人脸识别已过期，请重新认证';

interface DetectInfoText {
  ErrCode?: number | null;
  ErrMsg?: string | null;
  IdCard?: string | null;
  Name?: string | null;
}

/**
 * Tencent Cloud FaceID (人脸核身, API 2018-03-01) through the vendor's
 * `CommonClient` (tencentcloud-sdk-nodejs-common; there is no per-product
 * package on the registry), signed TC3-HMAC-SHA256 by the SDK:
 *
 * - the real-name check is IdCardVerification (two factors, name + ID number),
 *   after the offline checks every provider makes (a malformed pair is not billed);
 * - the face check is the H5 flow: DetectAuth with the console's RuleId, the
 *   person's name and ID number and the return address answers the page's
 *   Url and a BizToken; the vendor sends the browser back to the address with
 *   `token=<BizToken>` appended; GetDetectInfoEnhanced (text only) tells the
 *   outcome, which passes only for ErrCode 0 and the very name and ID number
 *   the check was started for.
 *
 * Every call goes through the app's callOut; only the result query is retried
 * (DetectAuth starts a flow, IdCardVerification is billed per call).
 */
export class TencentFaceidProvider implements IdentityProvider {
  readonly name = 'tencent';
  private readonly client: TencentClient;

  constructor(
    private readonly settings: TencentFaceidSettings,
    private readonly callOut: CallOut,
    private readonly now: () => Date = () => new Date(),
  ) {
    const endpoint = new URL(settings.endpoint);
    const sdk = cjsDefault<typeof tencentCommon>(tencentCommon);
    this.client = new sdk.CommonClient(endpoint.host, VERSION, {
      credential: { secretId: settings.secretId, secretKey: settings.secretKey },
      ...(settings.region ? { region: settings.region } : {}),
      profile: { httpProfile: { endpoint: endpoint.host, protocol: `${endpoint.protocol}//`, reqTimeout: 8 } },
    });
  }

  /** One action through callOut: the answer, or an OutboundError (transient for the platform's own failures). */
  private call<T>(action: string, request: object, idempotent: boolean, expected?: (code: string) => T | undefined): Promise<T> {
    return this.callOut({
      vendor: VENDOR,
      call: action,
      idempotent,
      timeoutMs: 10_000,
      run: async (signal) => {
        const result = await requestTencent<T>(this.client, action, request, signal);
        if (result.ok) return result.answer;
        const known = expected?.(result.code);
        if (known !== undefined) return known;
        throw new OutboundError(`${action}: ${result.code}`, TENCENT_TRANSIENT.test(result.code) || result.code === 'FailedOperation.UnKnown', result.code);
      },
    });
  }

  async checkRealName(input: { name: string; idNo: string }): Promise<RealNameOutcome> {
    const problem = offlineRealNameProblem(input, this.now());
    if (problem) return { passed: false, reason: problem };
    const answer = await this.call<{ Result?: string }>('IdCardVerification', { IdCard: input.idNo.toUpperCase(), Name: input.name }, false);
    const result = String(answer.Result ?? '');
    if (result === '0') return { passed: true, reason: '' };
    if (ID_RESULTS_TRANSIENT.has(result)) throw new OutboundError(`IdCardVerification: result ${result}`, true, `result${result}`);
    return { passed: false, reason: ID_RESULTS[result] ?? '实名认证未通过，请核对后重新输入' };
  }

  async beginFace(input: FaceStartInput): Promise<FaceStart> {
    const answer = await this.call<{ Url?: string; BizToken?: string }>(
      'DetectAuth',
      { RuleId: this.settings.ruleId, IdCard: input.idNo.toUpperCase(), Name: input.name, RedirectUrl: input.returnUrl },
      false,
    );
    if (!answer.Url || !answer.BizToken) throw new OutboundError('DetectAuth: no Url or BizToken', true, 'empty-answer');
    return { url: answer.Url, vendorToken: answer.BizToken };
  }

  async faceResult(input: { vendorToken: string; name: string; idNo: string }): Promise<FaceOutcome> {
    const expired: FaceOutcome = { status: 'failed', reason: MSG_FACE_EXPIRED };
    const answer = await this.call<{ Text?: DetectInfoText | null } | FaceOutcome>(
      'GetDetectInfoEnhanced',
      // Text only ("1"): the outcome and whose it is; images and video are not needed and not fetched.
      { BizToken: input.vendorToken, RuleId: this.settings.ruleId, InfoType: '1' },
      true,
      (code) => (code === 'InvalidParameterValue.BizTokenExpired' ? expired : undefined),
    );
    if ('status' in answer) return answer;
    const text = answer.Text;
    const code = text?.ErrCode;
    if (code === null || code === undefined || code === FLOW_NOT_FINISHED) return { status: 'pending', reason: MSG_FACE_PENDING };
    if (code === FLOW_TOKEN_EXPIRED) return expired;
    if (code !== 0) return { status: 'failed', reason: vendorReason(text?.ErrMsg) };
    // Bound to the person asked for: a pass of anyone else's face is not this verification's.
    const samePerson = text?.Name === input.name && (text?.IdCard ?? '').toUpperCase() === input.idNo.toUpperCase();
    return samePerson ? { status: 'passed', reason: '' } : { status: 'failed', reason: MSG_FACE_OTHER_PERSON };
  }
}

/** The vendor's words for a failed check (Chinese, shown to the user), bounded; a default when it gave none. */
function vendorReason(message: string | null | undefined): string {
  const text = (message ?? '').replace(/\s+/g, ' ').trim();
  return text === '' || text === '成功' ? MSG_FACE_FAILED : text.slice(0, 60);
}

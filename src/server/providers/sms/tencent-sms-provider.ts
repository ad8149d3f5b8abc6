import * as smsSdk from 'tencentcloud-sdk-nodejs-sms';
import { OutboundError, type CallOut } from '../outbound.ts';
import { SmsRefused, type SmsProvider, type SmsRefusal } from './sms-provider.ts';
import type { SmsVendorSettings } from './sms-settings.ts';
import { SMS_TEMPLATES, type SmsParams, type SmsTemplateId } from './sms-templates.ts';
import { cjsDefault } from './cjs-default.ts';
import { requestTencent, TENCENT_TRANSIENT } from '../tencent-cloud.ts';

/** Tencent Cloud SMS error codes (per phone in SendStatusSet, or of the whole call) and the outcome each means. */
const REFUSALS: Readonly<Record<string, SmsRefusal>> = {
  'FailedOperation.PhoneNumberInBlacklist': 'blacklisted',
  'FailedOperation.TemplateIncorrectOrUnapproved': 'template',
  'FailedOperation.SignatureIncorrectOrUnapproved': 'template',
  'FailedOperation.ContainSensitiveWord': 'template',
  'FailedOperation.TemplateParamSetNotMatchApprovedTemplate': 'template',
  'InvalidParameterValue.TemplateParameterFormatError': 'template',
  'InvalidParameterValue.TemplateParameterLengthLimit': 'template',
  'InvalidParameterValue.ProhibitedUseUrlInTemplateParameter': 'template',
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'rateLimited',
  'LimitExceeded.PhoneNumberOneHourLimit': 'rateLimited',
  'LimitExceeded.PhoneNumberDailyLimit': 'rateLimited',
  'LimitExceeded.PhoneNumberSameContentDailyLimit': 'rateLimited',
  'LimitExceeded.DeliveryFrequencyLimit': 'rateLimited',
  'LimitExceeded.AppDailyLimit': 'rateLimited',
  'LimitExceeded.AppCountryOrRegionDailyLimit': 'rateLimited',
  'InvalidParameterValue.IncorrectPhoneNumber': 'badPhone',
  'FailedOperation.InsufficientBalanceInSmsPackage': 'account',
  'FailedOperation.MarketingSendTimeConstraint': 'other',
  'UnauthorizedOperation.SmsSdkAppIdVerifyFail': 'account',
  'UnauthorizedOperation.IndividualUserMarketingSmsPermissionDeny': 'account',
  'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber': 'badPhone',
};

export function tencentRefusal(code: string): SmsRefusal | 'transient' {
  if (TENCENT_TRANSIENT.test(code)) return 'transient';
  if (code.startsWith('AuthFailure')) return 'account';
  return REFUSALS[code] ?? 'other';
}

type Client = InstanceType<typeof smsSdk.sms.v20210111.Client>;
interface SendStatus {
  Code?: string;
  PhoneNumber?: string;
}

/**
 * Tencent Cloud SMS (短信, API 2021-01-11) through its maintained SDK,
 * `tencentcloud-sdk-nodejs-sms`: SendSms to one +86 phone with the
 * application's SdkAppId, the registered signature, the template id and its
 * parameters in the template's order ({1}, {2}, …), signed TC3-HMAC-SHA256 by
 * the SDK. The call goes through the app's callOut without retries (a second
 * SendSms would text the phone twice). The answer's SendStatusSet says per
 * phone whether it was sent; anything but Ok is thrown as SmsRefused or, when
 * the platform failed, OutboundError.
 */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  private readonly client: Client;

  constructor(
    private readonly settings: SmsVendorSettings,
    private readonly callOut: CallOut,
  ) {
    const endpoint = new URL(settings.endpoint);
    const sdk = cjsDefault<typeof smsSdk>(smsSdk);
    this.client = new sdk.sms.v20210111.Client({
      credential: { secretId: settings.keyId, secretKey: settings.keySecret },
      region: settings.region ?? 'ap-guangzhou',
      profile: { httpProfile: { endpoint: endpoint.host, protocol: `${endpoint.protocol}//`, reqTimeout: 8 } },
    });
  }

  async send<T extends SmsTemplateId>(phone: string, template: T, params: SmsParams<T>): Promise<void> {
    const values = params as Readonly<Record<string, string>>;
    const request = {
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: this.settings.appId ?? '',
      SignName: this.settings.signName,
      TemplateId: this.settings.templateCodes[template],
      TemplateParamSet: SMS_TEMPLATES[template].params.map((name) => values[name] ?? ''),
    };
    await this.callOut({
      vendor: 'tencent-sms',
      call: 'SendSms',
      idempotent: false,
      timeoutMs: 10_000,
      run: async (signal) => {
        const result = await requestTencent<{ SendStatusSet?: SendStatus[] }>(this.client, 'SendSms', request, signal);
        const code = result.ok ? (result.answer.SendStatusSet?.[0]?.Code ?? 'EmptyAnswer') : result.code;
        if (code === 'Ok') return;
        const refusal = tencentRefusal(code);
        if (refusal === 'transient') throw new OutboundError(`SendSms: ${code}`, true, code);
        throw new SmsRefused(refusal, code);
      },
    });
  }
}

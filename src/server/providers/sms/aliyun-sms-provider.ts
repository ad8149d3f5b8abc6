import * as dysmsapi from '@alicloud/dysmsapi20170525';
import * as openapi from '@alicloud/openapi-core';
import * as dara from '@darabonba/typescript';
import { OutboundError, type CallOut } from '../outbound.ts';
import { SmsRefused, type SmsProvider, type SmsRefusal } from './sms-provider.ts';
import type { SmsVendorSettings } from './sms-settings.ts';
import { SMS_TEMPLATES, type SmsParams, type SmsTemplateId } from './sms-templates.ts';
import { cjsDefault } from './cjs-default.ts';

/** Aliyun SendSms answer codes (短信服务 API 错误码) and the outcome each means; any other isv.* is 'other'. */
const REFUSALS: Readonly<Record<string, SmsRefusal>> = {
  'isv.BLACK_KEY_CONTROL_LIMIT': 'blacklisted',
  'isv.MOBILE_IN_BLACK': 'blacklisted',
  'isv.SMS_TEMPLATE_ILLEGAL': 'template',
  'isv.SMS_SIGNATURE_ILLEGAL': 'template',
  'isv.SIGN_NAME_ILLEGAL': 'template',
  'isv.TEMPLATE_MISSING_PARAMETERS': 'template',
  'isv.TEMPLATE_PARAMS_ILLEGAL': 'template',
  'isv.PARAM_LENGTH_LIMIT': 'template',
  'isv.PARAM_NOT_SUPPORT_URL': 'template',
  'isv.INVALID_JSON_PARAM': 'template',
  'isv.SMS_CONTENT_ILLEGAL': 'template',
  'isv.BUSINESS_LIMIT_CONTROL': 'rateLimited',
  'isv.DAY_LIMIT_CONTROL': 'rateLimited',
  'isv.MOBILE_NUMBER_ILLEGAL': 'badPhone',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'badPhone',
  'isv.DOMESTIC_NUMBER_NOT_SUPPORTED': 'badPhone',
  'isv.AMOUNT_NOT_ENOUGH': 'account',
  'isv.OUT_OF_SERVICE': 'account',
  'isv.ACCOUNT_NOT_EXISTS': 'account',
  'isv.ACCOUNT_ABNORMAL': 'account',
  'isv.PRODUCT_UN_SUBSCRIPT': 'account',
  'isv.PRODUCT_UNSUBSCRIBE': 'account',
  'isp.RAM_PERMISSION_DENY': 'account',
  SignatureDoesNotMatch: 'account',
  'InvalidAccessKeyId.NotFound': 'account',
  'InvalidAccessKeyId.Inactive': 'account',
};

/** Codes that say "the platform failed, not the request": transient, never retried (a send is not idempotent). */
const TRANSIENT = /^(isp\.SYSTEM_ERROR|ServiceUnavailable|InternalError|Throttling)/;

export function aliyunRefusal(code: string): SmsRefusal | 'transient' {
  if (TRANSIENT.test(code)) return 'transient';
  return REFUSALS[code] ?? 'other';
}

type SmsClient = InstanceType<typeof dysmsapi.default>;

/**
 * Aliyun SMS (短信服务, dysmsapi 2017-05-25) through its maintained SDK,
 * `@alicloud/dysmsapi20170525`: SendSms with the registered signature, the
 * template's code and its parameters as JSON, signed ACS3-HMAC-SHA256 by the
 * SDK. The call goes through the app's callOut without retries (a second
 * SendSms would text the phone twice); the SDK's own retry is off for the
 * same reason. Any answer but Code=OK is thrown: SmsRefused with the
 * outcome it means, or OutboundError when the platform failed.
 */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  private readonly client: SmsClient;

  constructor(
    private readonly settings: SmsVendorSettings,
    private readonly callOut: CallOut,
  ) {
    const endpoint = new URL(settings.endpoint);
    const Client = cjsDefault<typeof dysmsapi.default>(dysmsapi);
    const Config = openapi.$OpenApiUtil.Config;
    this.client = new Client(
      new Config({
        accessKeyId: settings.keyId,
        accessKeySecret: settings.keySecret,
        endpoint: endpoint.host,
        protocol: endpoint.protocol.replace(':', ''),
        connectTimeout: 3000,
        readTimeout: 8000,
      }),
    );
  }

  async send<T extends SmsTemplateId>(phone: string, template: T, params: SmsParams<T>): Promise<void> {
    const values = params as Readonly<Record<string, string>>;
    const templateParam = JSON.stringify(Object.fromEntries(SMS_TEMPLATES[template].params.map((name) => [name, values[name] ?? ''])));
    const request = new dysmsapi.SendSmsRequest({
      phoneNumbers: phone,
      signName: this.settings.signName,
      templateCode: this.settings.templateCodes[template],
      ...(SMS_TEMPLATES[template].params.length > 0 ? { templateParam } : {}),
    });
    const runtime = new dara.RuntimeOptions({ autoretry: false, maxAttempts: 1 });
    await this.callOut({
      vendor: 'aliyun-sms',
      call: 'SendSms',
      idempotent: false,
      timeoutMs: 10_000,
      run: async () => {
        let code: string;
        try {
          const answer = await this.client.sendSmsWithOptions(request, runtime);
          code = answer.body?.code ?? 'EmptyAnswer';
        } catch (error) {
          // The SDK throws ClientError (4xx) and ServerError (5xx) with the platform's Code; a socket error has none.
          const vendorCode = (error as { code?: unknown }).code;
          const status = (error as { statusCode?: unknown }).statusCode;
          if (typeof vendorCode !== 'string' || typeof status !== 'number') throw error;
          code = vendorCode;
          if (status >= 500) throw new OutboundError(`SendSms: ${code}`, true, code);
        }
        if (code === 'OK') return;
        const refusal = aliyunRefusal(code);
        if (refusal === 'transient') throw new OutboundError(`SendSms: ${code}`, true, code);
        throw new SmsRefused(refusal, code);
      },
    });
  }
}

import { SMS_TEMPLATE_IDS, type SmsTemplateId } from './sms-templates.ts';

/** The vendors with a real adapter, as SMS_PROVIDER names them. */
export type SmsVendor = 'aliyun' | 'tencent';

/** What a real SMS adapter is built with (SMS_* and its vendor's variables). */
export interface SmsVendorSettings {
  vendor: SmsVendor;
  /** The registered signature (签名), without 【】. */
  signName: string;
  /** The vendor's code of every template of sms-templates.ts. */
  templateCodes: Record<SmsTemplateId, string>;
  /** Aliyun: AccessKey id; Tencent: SecretId. */
  keyId: string;
  /** Aliyun: AccessKey secret; Tencent: SecretKey. */
  keySecret: string;
  /** Tencent only: the SMS application (SmsSdkAppId). */
  appId?: string;
  /** Tencent only: the API region. */
  region?: string;
  /** Where the vendor's API is called (tests point it at a fake). */
  endpoint: string;
}

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com';

const ORIGIN = { pattern: '^https?://[^/\\s]+/?$' };

/** Every variable of the SMS vendors, with what it accepts (the words of the start-up error). */
export const SMS_VARIABLES = {
  SMS_SIGN_NAME: { description: 'the registered SMS signature (签名) without 【】, 2 to 12 characters', pattern: '^[^【】\\s]{2,12}$' },
  SMS_TEMPLATE_CODES: {
    description: `the vendor's template code of each message, e.g. loginCode=SMS_154950909,resetCode=SMS_154950910 (names: ${SMS_TEMPLATE_IDS.join(', ')})`,
    pattern: '^[A-Za-z]+=[A-Za-z0-9_]+(\\s*,\\s*[A-Za-z]+=[A-Za-z0-9_]+)*$',
  },
  ALIYUN_SMS_ACCESS_KEY_ID: { description: 'the AccessKey id of a RAM user allowed to send SMS (LTAI…)', pattern: '^[A-Za-z0-9]{12,64}$' },
  ALIYUN_SMS_ACCESS_KEY_SECRET: { description: 'the AccessKey secret of ALIYUN_SMS_ACCESS_KEY_ID', pattern: '^[A-Za-z0-9]{16,64}$' },
  ALIYUN_SMS_ENDPOINT: { description: `an http:// or https:// origin such as ${ALIYUN_SMS_ENDPOINT}`, ...ORIGIN },
  TENCENT_SMS_SECRET_ID: { description: 'the SecretId of a CAM key allowed to send SMS (AKID…)', pattern: '^[A-Za-z0-9]{16,64}$' },
  TENCENT_SMS_SECRET_KEY: { description: 'the SecretKey of TENCENT_SMS_SECRET_ID', pattern: '^[A-Za-z0-9]{16,64}$' },
  TENCENT_SMS_SDK_APP_ID: { description: 'the SMS application id (SdkAppId), 1400 followed by 6 digits', pattern: '^1400[0-9]{6}$' },
  TENCENT_SMS_REGION: { description: 'the API region, e.g. ap-guangzhou', pattern: '^[a-z]{2}-[a-z]+$' },
  TENCENT_SMS_ENDPOINT: { description: `an http:// or https:// origin such as ${TENCENT_SMS_ENDPOINT}`, ...ORIGIN },
} as const;

/** SMS variables that carry a credential: quoted back by their length only. */
export const SMS_SECRETS = ['ALIYUN_SMS_ACCESS_KEY_SECRET', 'TENCENT_SMS_SECRET_KEY'];

const REQUIRED: Record<SmsVendor, readonly (keyof typeof SMS_VARIABLES)[]> = {
  aliyun: ['SMS_SIGN_NAME', 'SMS_TEMPLATE_CODES', 'ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET'],
  tencent: ['SMS_SIGN_NAME', 'SMS_TEMPLATE_CODES', 'TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID'],
};

/** How each vendor writes a template code: Aliyun SMS_ and digits, Tencent digits. */
const TEMPLATE_CODE: Record<SmsVendor, { pattern: RegExp; example: string }> = {
  aliyun: { pattern: /^SMS_[0-9]{5,15}$/, example: 'SMS_154950909' },
  tencent: { pattern: /^[0-9]{4,10}$/, example: '1110111' },
};

/**
 * The settings of SMS_PROVIDER=aliyun or tencent, read once the variables have
 * their shapes (config.ts): every problem is one line naming the variable.
 */
export function readSmsSettings(vendor: SmsVendor, env: Readonly<Record<string, string | undefined>>): { problems: string[]; settings?: SmsVendorSettings } {
  const problems: string[] = [];
  for (const name of REQUIRED[vendor]) if (env[name] === undefined) problems.push(`${name} must be set when SMS_PROVIDER=${vendor} (got nothing)`);
  const codes = parseTemplateCodes(vendor, env.SMS_TEMPLATE_CODES ?? '', problems);
  if (problems.length > 0 || !codes) return { problems };
  const settings: SmsVendorSettings =
    vendor === 'aliyun'
      ? {
          vendor,
          signName: env.SMS_SIGN_NAME!,
          templateCodes: codes,
          keyId: env.ALIYUN_SMS_ACCESS_KEY_ID!,
          keySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET!,
          endpoint: (env.ALIYUN_SMS_ENDPOINT ?? ALIYUN_SMS_ENDPOINT).replace(/\/+$/, ''),
        }
      : {
          vendor,
          signName: env.SMS_SIGN_NAME!,
          templateCodes: codes,
          keyId: env.TENCENT_SMS_SECRET_ID!,
          keySecret: env.TENCENT_SMS_SECRET_KEY!,
          appId: env.TENCENT_SMS_SDK_APP_ID!,
          region: env.TENCENT_SMS_REGION ?? 'ap-guangzhou',
          endpoint: (env.TENCENT_SMS_ENDPOINT ?? TENCENT_SMS_ENDPOINT).replace(/\/+$/, ''),
        };
  return { problems, settings };
}

function parseTemplateCodes(vendor: SmsVendor, text: string, problems: string[]): Record<SmsTemplateId, string> | undefined {
  if (text === '') return undefined;
  const codes: Partial<Record<SmsTemplateId, string>> = {};
  const before = problems.length;
  const known = new Set<string>(SMS_TEMPLATE_IDS);
  for (const pair of text.split(',')) {
    const [name = '', code = ''] = pair.trim().split('=');
    if (!known.has(name)) {
      problems.push(`SMS_TEMPLATE_CODES must name only ${SMS_TEMPLATE_IDS.join(', ')} (got ${JSON.stringify(name)})`);
      continue;
    }
    if (!TEMPLATE_CODE[vendor].pattern.test(code)) {
      problems.push(`SMS_TEMPLATE_CODES must give ${name} a ${vendor} template code such as ${TEMPLATE_CODE[vendor].example} (got ${JSON.stringify(code)})`);
      continue;
    }
    codes[name as SmsTemplateId] = code;
  }
  const missing = SMS_TEMPLATE_IDS.filter((id) => codes[id] === undefined);
  if (missing.length > 0 && problems.length === before) problems.push(`SMS_TEMPLATE_CODES must give a template code for every message (missing ${missing.join(', ')})`);
  return missing.length === 0 ? (codes as Record<SmsTemplateId, string>) : undefined;
}

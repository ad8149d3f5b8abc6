/** What ESIGN_PROVIDER=tencent (腾讯电子签, API ess 2020-11-11) is built with. */
export interface TencentEssSettings {
  /** A CAM key of the enterprise's Tencent Cloud account (SecretId, SecretKey). */
  secretId: string;
  secretKey: string;
  /** The 经办人: the UserId of the enterprise employee every call is made as (Operator.UserId). */
  operatorId: string;
  /** The 回调加密 key (CallbackUrlKey): callback bodies are AES-256-CBC under it. */
  callbackKey: string;
  /** The 回调签名验证 token: when set, a callback must carry Content-Signature: sha256=HMAC(token, body). */
  callbackToken?: string;
  /** Where the API (every call but UploadFiles) is called: an origin. */
  endpoint: string;
  /** Where UploadFiles is called (the platform's file service): an origin. */
  fileEndpoint: string;
  region: string;
}

export const TENCENT_ESS_ENDPOINT = 'https://ess.tencentcloudapi.com';
export const TENCENT_ESS_FILE_ENDPOINT = 'https://file.ess.tencent.cn';

const ORIGIN = '^https?://[^/\\s]+/?$';

/** Every variable of ESIGN_PROVIDER=tencent, with what it accepts (the words of the start-up error). */
export const TENCENT_ESS_VARIABLES = {
  TENCENT_ESS_SECRET_ID: { description: 'the SecretId of a CAM key allowed to call 电子签 (AKID…)', pattern: '^[A-Za-z0-9]{16,64}$' },
  TENCENT_ESS_SECRET_KEY: { description: 'the SecretKey of TENCENT_ESS_SECRET_ID', pattern: '^[A-Za-z0-9]{16,64}$' },
  TENCENT_ESS_OPERATOR_ID: { description: 'the UserId of the 经办人 (an employee of the enterprise in 电子签, 组织架构 → 员工 → UserId)', pattern: '^[A-Za-z0-9_-]{8,64}$' },
  TENCENT_ESS_CALLBACK_KEY: { description: 'the 回调加密 key of the 电子签 application: 32 letters and digits', pattern: '^[A-Za-z0-9]{32}$' },
  TENCENT_ESS_CALLBACK_TOKEN: { description: 'the 回调签名验证 token of the 电子签 application, 8 to 64 letters and digits', pattern: '^[A-Za-z0-9]{8,64}$' },
  TENCENT_ESS_ENDPOINT: { description: `an http:// or https:// origin such as ${TENCENT_ESS_ENDPOINT} (联调环境 https://ess.test.ess.tencent.cn)`, pattern: ORIGIN },
  TENCENT_ESS_FILE_ENDPOINT: { description: `an http:// or https:// origin such as ${TENCENT_ESS_FILE_ENDPOINT} (联调环境 https://file.test.ess.tencent.cn)`, pattern: ORIGIN },
  TENCENT_ESS_REGION: { description: 'the API region, e.g. ap-guangzhou', pattern: '^[a-z]{2}-[a-z]+$' },
} as const;

/** Variables of ESIGN_PROVIDER=tencent that carry a credential: quoted back by their length only. */
export const TENCENT_ESS_SECRETS = ['TENCENT_ESS_SECRET_KEY', 'TENCENT_ESS_CALLBACK_KEY', 'TENCENT_ESS_CALLBACK_TOKEN'];

const REQUIRED = ['TENCENT_ESS_SECRET_ID', 'TENCENT_ESS_SECRET_KEY', 'TENCENT_ESS_OPERATOR_ID', 'TENCENT_ESS_CALLBACK_KEY'] as const;

/**
 * The settings of ESIGN_PROVIDER=tencent, read once the variables have their
 * shapes (config.ts): every problem is one line naming the variable.
 */
export function readTencentEssSettings(env: Readonly<Record<string, string | undefined>>): { problems: string[]; settings?: TencentEssSettings } {
  const problems = REQUIRED.filter((name) => env[name] === undefined).map((name) => `${name} must be set when ESIGN_PROVIDER=tencent (got nothing)`);
  if (problems.length > 0) return { problems };
  const origin = (value: string | undefined, fallback: string) => (value ?? fallback).replace(/\/+$/, '');
  return {
    problems,
    settings: {
      secretId: env.TENCENT_ESS_SECRET_ID!,
      secretKey: env.TENCENT_ESS_SECRET_KEY!,
      operatorId: env.TENCENT_ESS_OPERATOR_ID!,
      callbackKey: env.TENCENT_ESS_CALLBACK_KEY!,
      ...(env.TENCENT_ESS_CALLBACK_TOKEN ? { callbackToken: env.TENCENT_ESS_CALLBACK_TOKEN } : {}),
      endpoint: origin(env.TENCENT_ESS_ENDPOINT, TENCENT_ESS_ENDPOINT),
      fileEndpoint: origin(env.TENCENT_ESS_FILE_ENDPOINT, TENCENT_ESS_FILE_ENDPOINT),
      region: env.TENCENT_ESS_REGION ?? 'ap-guangzhou',
    },
  };
}

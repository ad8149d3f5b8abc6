import { isLoopbackHost } from '../outbound.ts';

/** What the Tencent Cloud FaceID adapter is built with (TENCENT_FACEID_*). */
export interface TencentFaceidSettings {
  /** SecretId of a CAM sub-account allowed to call FaceID (AKID…). */
  secretId: string;
  /** Its SecretKey. */
  secretKey: string;
  /** The business flow (RuleId) created in the FaceID console (人脸核身控制台 → 自助接入). */
  ruleId: string;
  /** Where the API is called: https://faceid.tencentcloudapi.com; tests point it at a fake. */
  endpoint: string;
  /** The API region, sent only when set (FaceID's actions need none). */
  region?: string;
}

export const TENCENT_FACEID_ENDPOINT = 'https://faceid.tencentcloudapi.com';

/** Every TENCENT_FACEID_* variable, with what it accepts (the words of the start-up error). */
export const FACEID_VARIABLES = {
  TENCENT_FACEID_SECRET_ID: { description: 'the SecretId of a CAM sub-account allowed to call FaceID (AKID…)', pattern: '^[A-Za-z0-9]{16,64}$' },
  TENCENT_FACEID_SECRET_KEY: { description: 'the SecretKey of TENCENT_FACEID_SECRET_ID', pattern: '^[A-Za-z0-9]{16,64}$' },
  TENCENT_FACEID_RULE_ID: { description: 'the RuleId of the business flow created in the FaceID console, up to 32 letters and digits', pattern: '^[A-Za-z0-9]{1,32}$' },
  TENCENT_FACEID_ENDPOINT: { description: `an https:// origin such as ${TENCENT_FACEID_ENDPOINT} (http:// only on loopback, for a fake)`, pattern: '^https?://[^/\\s]+/?$' },
  TENCENT_FACEID_REGION: { description: 'the API region, e.g. ap-guangzhou', pattern: '^[a-z]{2}-[a-z]+$' },
} as const;

/** FaceID variables that carry a credential: quoted back by their length only. */
export const FACEID_SECRETS = ['TENCENT_FACEID_SECRET_KEY'];

const REQUIRED = ['TENCENT_FACEID_SECRET_ID', 'TENCENT_FACEID_SECRET_KEY', 'TENCENT_FACEID_RULE_ID'] as const;

/**
 * The settings of IDENTITY_PROVIDER=tencent, read once the variables have
 * their shapes (config.ts): every problem is one line naming the variable.
 * The vendor sends the browser back to this server, so PUBLIC_URL is needed too.
 */
export function readFaceidSettings(env: Readonly<Record<string, string | undefined>>): { problems: string[]; settings?: TencentFaceidSettings } {
  const problems: string[] = [];
  for (const name of REQUIRED) if (env[name] === undefined) problems.push(`${name} must be set when IDENTITY_PROVIDER=tencent (got nothing)`);
  if (env.PUBLIC_URL === undefined) problems.push('PUBLIC_URL must be set when IDENTITY_PROVIDER=tencent: the face check sends the browser back to it (got nothing)');
  const endpoint = URL.parse(env.TENCENT_FACEID_ENDPOINT ?? TENCENT_FACEID_ENDPOINT);
  // Names and ID numbers travel in the body: never in clear text outside this machine.
  if (!endpoint || (endpoint.protocol !== 'https:' && !(endpoint.protocol === 'http:' && isLoopbackHost(endpoint.hostname)))) {
    problems.push(`TENCENT_FACEID_ENDPOINT must be ${FACEID_VARIABLES.TENCENT_FACEID_ENDPOINT.description} (got ${JSON.stringify(env.TENCENT_FACEID_ENDPOINT)})`);
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    settings: {
      secretId: env.TENCENT_FACEID_SECRET_ID!,
      secretKey: env.TENCENT_FACEID_SECRET_KEY!,
      ruleId: env.TENCENT_FACEID_RULE_ID!,
      endpoint: (env.TENCENT_FACEID_ENDPOINT ?? TENCENT_FACEID_ENDPOINT).replace(/\/+$/, ''),
      ...(env.TENCENT_FACEID_REGION ? { region: env.TENCENT_FACEID_REGION } : {}),
    },
  };
}

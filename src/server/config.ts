import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ErrorObject } from 'ajv';
import envSchema from 'env-schema';
import {
  assertSandboxPolicy,
  DEFAULT_PAYMENT_CHANNELS,
  defaultProviderChoice,
  parsePaymentChannels,
  PROVIDER_IMPLEMENTATIONS,
  readChannelSettings,
  PROVIDER_KINDS,
  PROVIDER_VARIABLES,
  missingSandboxKeys,
  resolveSandboxKeys,
  resolveSandboxKeysAsync,
  type PaymentChannelChoice,
  type ProviderChoice,
  type ProviderKind,
} from './providers/registry.ts';
import { DEFAULT_DATABASE_POOL_SIZE } from './db/pool-size.ts';
import type { SmtpSettings } from './providers/mail/smtp-mail-provider.ts';
import { TENCENT_LBS_BASE, type TencentLbsSettings } from './providers/geocoder/tencent-geocoder.ts';
import { readSmsSettings, SMS_SECRETS, SMS_VARIABLES, type SmsVendorSettings } from './providers/sms/sms-settings.ts';
import { FACEID_SECRETS, FACEID_VARIABLES, readFaceidSettings, type TencentFaceidSettings } from './providers/identity/tencent-faceid-settings.ts';
import { readTencentEssSettings, TENCENT_ESS_SECRETS, TENCENT_ESS_VARIABLES, type TencentEssSettings } from './providers/esign/tencent-ess-settings.ts';
import { WECHAT_API_BASE, type OfficialAccountSettings } from './providers/wechat/official-account-jssdk.ts';
import type { S3Settings } from './providers/storage/s3-storage.ts';
import { ALIPAY_VARIABLES } from './providers/payment/alipay-settings.ts';
import { WECHATPAY_VARIABLES } from './providers/payment/wechat-v3-settings.ts';
import { GATEWAY_SECRETS, GATEWAY_VARIABLES, readGatewaySettings, type GatewaySettings } from './providers/insurer/gateway-settings.ts';

/** Everything the app reads from its environment, resolved once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE, read at start: the server speaks HTTPS, HTTP/2 to clients that offer it
   * (ALPN h2) and HTTP/1.1 to the others. Unset: plain HTTP/1.1 (behind a load balancer that terminates TLS).
   */
  tls?: TlsFiles;
  /** postgres://… (PostgreSQL server), `memory://` (in-memory PGlite) or unset (PGlite in dataDir). */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: connections of the PostgreSQL pool (PGlite has one); unset: {@link DEFAULT_DATABASE_POOL_SIZE}. */
  databasePoolSize?: number;
  dataDir: string;
  nodeEnv: NodeEnv;
  /** Absolute origin the browser uses (for pay return URLs); unset means same-origin relative URLs. */
  publicUrl: string | undefined;
  jwtSecret: string;
  paySandboxSecret: string;
  /**
   * PERSON_DATA_KEY: the secret the saved people's ID numbers are encrypted and hashed under
   * (family/person-crypto.ts); outside production, when unset, derived from the JWT secret.
   */
  personDataKey: string;
  /** PERSON_DATA_KEY_PREVIOUS: the keys PERSON_DATA_KEY replaced, still opening values until the rows are sealed again. */
  personDataPreviousKeys?: readonly string[];
  /** Keys of the payment channel sandboxes by channel (generated into dataDir, fixed in tests). */
  paymentKeys: Readonly<Record<string, unknown>>;
  /** Settings of the configured real payment channels by channel (ALIPAY_*: alipay-settings.ts), read at start. */
  paymentSettings?: Readonly<Record<string, unknown>>;
  /** Which implementation of each provider, and which payment channels (see providers/registry.ts). */
  providers: ProviderChoice;
  /** ALLOW_SANDBOX=true: production may run on sandbox providers (staging, demos). */
  allowSandbox: boolean;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For gives the client address
   * (per-address SMS limits, logs): `true` (any), a hop count, or addresses
   * and CIDRs. Unset: the socket's address, and the header is ignored.
   */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean);
  /** Development helpers such as GET /_gw/__dev/sms/latest; never in production. */
  devEndpoints: boolean;
  /** Create the demo user and policy at start (development only; never in production). */
  seed: boolean;
  manifestsDir: string;
  /** Built web app served at `/` when the folder exists. */
  distDir: string;
  /** Unpaid orders older than this show as 支付超时 and can no longer be paid. */
  paymentTimeoutMinutes: number;
  /** Delay before the sandbox payment provider delivers its notification. */
  sandboxNotifyDelayMs: number;
  logLevel: string;
  /** Fraction of ordinary completed requests logged at info (LOG_REQUEST_SAMPLE); {@link defaultRequestLogSample} when unset. */
  requestLogSample?: number;
  /** Requests slower than this (ms) are always logged, at warn (LOG_SLOW_MS); {@link DEFAULT_SLOW_REQUEST_MS} when unset. */
  slowRequestMs?: number;
  // --- accounts
  /** scrypt cost of new password hashes; production N=2^17, r=8, p=1 (tests lower it to stay fast). */
  passwordScrypt: ScryptCost;
  /** SMS sends allowed per client address per hour (20; a test or a shared NAT may need another value). */
  smsPerIpPerHour: number;
  // --- recording
  /** Sale recordings one client address may start per hour (RECORDING_STARTS_PER_IP_PER_HOUR, default 120). */
  recordingStartsPerIpPerHour?: number;
  // --- promoters
  /** The brokerage printed on share posters (BROKERAGE_NAME); a default when unset. */
  brokerageName?: string;
  // --- policies
  /** Period of the lifecycle scheduler (payment timeouts, cover start and end); 0 or unset: not started. */
  lifecycleIntervalMs?: number;
  // --- mail
  /** SMTP_URL and MAIL_FROM, for MAIL_PROVIDER=smtp. */
  smtp?: SmtpSettings;
  // --- markets
  /** TENCENT_LBS_KEY, TENCENT_LBS_SK and TENCENT_LBS_BASE, for GEOCODER_PROVIDER=tencent. */
  tencentLbs?: TencentLbsSettings;
  /** The SMS vendor's settings, for SMS_PROVIDER=aliyun or tencent (providers/sms/sms-settings.ts). */
  sms?: SmsVendorSettings;
  // --- identity
  /** TENCENT_FACEID_*, for IDENTITY_PROVIDER=tencent (providers/identity/tencent-faceid-settings.ts). */
  tencentFaceid?: TencentFaceidSettings;
  // --- promoters
  /** WECHAT_MP_APPID, WECHAT_MP_SECRET and WECHAT_API_BASE, for WECHAT_JSSDK_PROVIDER=official. */
  wechatMp?: OfficialAccountSettings;
  /** INSURER_GATEWAY_*, for INSURER_PROVIDER=gateway (providers/insurer/gateway-settings.ts). */
  insurerGateway?: GatewaySettings;
  /** INSURER_QUERY_AFTER_MINUTES: an insurer that can be asked is asked about an application without outcome after this long. */
  insurerQueryAfterMinutes?: number;
  // --- contracts
  /** TENCENT_ESS_*, for ESIGN_PROVIDER=tencent (providers/esign/tencent-ess-settings.ts). */
  tencentEss?: TencentEssSettings;
  /** S3_ENDPOINT, S3_REGION, S3_BUCKET, the access key and S3_FORCE_PATH_STYLE, for STORAGE_PROVIDER=s3. */
  s3?: S3Settings;
}

/** A certificate chain and its private key, PEM, as read from TLS_CERT_FILE and TLS_KEY_FILE. */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The password hash cost of every real deployment. */
export const PRODUCTION_SCRYPT: ScryptCost = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });

/**
 * Runs `fn` holding `<file>.lock` (created exclusively), so that instances
 * started at once on one DATA_DIR (a shared volume) generate a development
 * secret once and all use that one. A lock left by a killed process is broken
 * after 10 s.
 */
function withFileLock<T>(file: string, fn: () => T): T {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) rmSync(lock, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
function writeWhole(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(value, null, 2), { mode: 0o600 });
  renameSync(temporary, file);
}

const readJson = (file: string): Record<string, unknown> => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {});

/**
 * A development file of generated values in dataDir: what it holds when
 * `complete` accepts it, else (under the file's lock, read again) `fill`'s
 * completion of it, written back.
 */
function loadOrCreate<T>(dataDir: string, name: string, complete: (stored: Record<string, unknown>) => T | undefined, fill: (stored: Record<string, unknown>) => T): T {
  const file = join(dataDir, name);
  const ready = complete(readJson(file));
  if (ready !== undefined) return ready;
  mkdirSync(dataDir, { recursive: true });
  return withFileLock(file, () => {
    const stored = readJson(file);
    const again = complete(stored);
    if (again !== undefined) return again;
    const filled = fill(stored);
    writeWhole(file, filled);
    return filled;
  });
}

const PAYMENT_KEYS_FILE = 'dev-payment-keys.json';

/** What the keys file holds when it has usable keys of every configured channel. */
const completePaymentKeys =
  (channels: readonly PaymentChannelChoice[]) =>
  (stored: Record<string, unknown>): Record<string, unknown> | undefined =>
    missingSandboxKeys(channels, stored).length === 0 ? stored : undefined;

/** Payment sandbox keys kept in dataDir (by channel) so that trades survive a restart. */
function loadOrCreatePaymentKeys(dataDir: string, channels: readonly PaymentChannelChoice[]): Record<string, unknown> {
  return loadOrCreate(dataDir, PAYMENT_KEYS_FILE, completePaymentKeys(channels), (stored) => resolveSandboxKeys(channels, stored).keys);
}

/**
 * {@link loadOrCreatePaymentKeys} with the missing keys generated off the event
 * loop (resolveSandboxKeysAsync), before the file's lock is taken; keys another
 * process wrote meanwhile win over them.
 */
async function loadOrCreatePaymentKeysAsync(dataDir: string, channels: readonly PaymentChannelChoice[]): Promise<Record<string, unknown>> {
  const complete = completePaymentKeys(channels);
  const stored = readJson(join(dataDir, PAYMENT_KEYS_FILE));
  const ready = complete(stored);
  if (ready) return ready;
  const { keys } = await resolveSandboxKeysAsync(channels, stored);
  return loadOrCreate(dataDir, PAYMENT_KEYS_FILE, complete, (latest) => {
    const unusable = new Set(missingSandboxKeys(channels, latest).map(([channel]) => channel));
    return { ...latest, ...Object.fromEntries(Object.entries(keys).filter(([channel]) => unusable.has(channel))) };
  });
}

/** Secrets generated for development when the environment sets none; kept so tokens survive restarts. */
interface PersistedSecrets {
  jwtSecret: string;
  paySandboxSecret: string;
}

function loadOrCreateSecrets(dataDir: string): PersistedSecrets {
  return loadOrCreate<PersistedSecrets>(
    dataDir,
    'dev-secrets.json',
    (stored) => (typeof stored.jwtSecret === 'string' && stored.jwtSecret && typeof stored.paySandboxSecret === 'string' && stored.paySandboxSecret ? (stored as unknown as PersistedSecrets) : undefined),
    () => ({ jwtSecret: randomBytes(32).toString('base64url'), paySandboxSecret: randomBytes(32).toString('base64url') }),
  );
}

/** The development key of the saved people's data, derived from the JWT secret (kept in dataDir when generated). */
function developmentPersonDataKey(jwtSecret: string): string {
  return createHash('sha256').update(`person-data:${jwtSecret}`).digest('base64url');
}

// ------------------------------------------------------------------ the environment's schema

const integer = (minimum: number, maximum: number, description = `an integer from ${minimum} to ${maximum}`) =>
  Type.Optional(Type.Integer({ minimum, maximum, description }));
const oneOf = (values: readonly string[]) => Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...values], description: `one of ${values.join(', ')}` }));
const text = (description: string, options: { pattern?: string; minLength?: number; maxLength?: number } = {}) =>
  Type.Optional(Type.String({ minLength: 1, ...options, description }));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The log level when LOG_LEVEL is unset. */
export function defaultLogLevel(nodeEnv: NodeEnv): string {
  return nodeEnv === 'test' ? 'silent' : 'info';
}

/** What the server opens its database with (openDb): the URL, the data folder and the pool's size. */
export function databaseOptions(settings: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'databasePoolSize'>): { databaseUrl: string | undefined; dataDir: string; poolSize: number } {
  return { databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, poolSize: settings.databasePoolSize ?? DEFAULT_DATABASE_POOL_SIZE };
}

/** Production logs one ordinary request in a hundred (errors and slow requests always); elsewhere every request. */
export function defaultRequestLogSample(nodeEnv: NodeEnv): number {
  return nodeEnv === 'production' ? 0.01 : 1;
}
export const DEFAULT_SLOW_REQUEST_MS = 1000;
/** Secrets shorter than this are refused in production (and, being guessable, anywhere below 16). */
export const PRODUCTION_SECRET_MIN_LENGTH = 32;
const SECRETS = ['JWT_SECRET', 'PAY_SANDBOX_SECRET', 'PERSON_DATA_KEY'];
/** Variables that may carry a credential: quoted back by their length only. */
const CREDENTIALS = [...SECRETS, 'PERSON_DATA_KEY_PREVIOUS', 'SMTP_URL', 'TENCENT_LBS_SK', 'WECHAT_MP_SECRET', 'WECHATPAY_API_V3_KEY', 'S3_SECRET_ACCESS_KEY', ...SMS_SECRETS, ...FACEID_SECRETS, ...GATEWAY_SECRETS, ...TENCENT_ESS_SECRETS];
/** What STORAGE_PROVIDER=s3 cannot start without. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Every variable the app reads (README "Configuration"), with what it accepts.
 * `description` says it in the words of the error message: "PORT must be <description>".
 */
export const EnvSchema = Type.Object({
  NODE_ENV: oneOf(NODE_ENVS),
  // 0: any free port (tests that start the real server use it).
  PORT: integer(0, 65535, 'an integer from 0 (any free port) to 65535'),
  HOST: text('a host name or IP address to listen on'),
  DATABASE_URL: text('a postgres://user@host:5432/db URL or memory://', { pattern: '^(postgres(ql)?://\\S+|memory://)$' }),
  DATABASE_POOL_SIZE: integer(1, 1000),
  DATA_DIR: text('a folder path'),
  JWT_SECRET: text('a secret of at least 16 characters (32 in production)', { minLength: 16 }),
  PAY_SANDBOX_SECRET: text('a secret of at least 16 characters (32 in production)', { minLength: 16 }),
  PERSON_DATA_KEY: text('a secret of at least 16 characters (32 in production)', { minLength: 16 }),
  PERSON_DATA_KEY_PREVIOUS: text('the keys PERSON_DATA_KEY replaced, comma-separated, each of at least 16 characters', { pattern: '^[^,]{16,}(,[^,]{16,})*$' }),
  PUBLIC_URL: text('an http:// or https:// address such as https://insure.example.com', { pattern: '^https?://[^/\\s]+(/\\S*)?$' }),
  PAYMENT_TIMEOUT_MINUTES: integer(1, 43_200),
  SANDBOX_NOTIFY_DELAY_MS: integer(0, 60_000),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  LOG_REQUEST_SAMPLE: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'a fraction from 0 (no ordinary request) to 1 (every request), e.g. 0.01' })),
  LOG_SLOW_MS: integer(1, 600_000),
  MANIFESTS_DIR: text('a folder path'),
  TRUST_PROXY: text('true, a hop count, or proxy addresses and CIDRs separated by commas', { pattern: '^(true|[0-9]{1,2}|[0-9a-fA-F.:/]+(\\s*,\\s*[0-9a-fA-F.:/]+)*)$' }),
  DIST_DIR: text('a folder path'),
  SMS_PER_IP_PER_HOUR: integer(1, 1_000_000),
  RECORDING_STARTS_PER_IP_PER_HOUR: integer(1, 1_000_000),
  LIFECYCLE_INTERVAL_MS: integer(0, 86_400_000, 'an integer from 0 (off) to 86400000'),
  ALLOW_SANDBOX: oneOf(['true', 'false']),
  PAYMENT_CHANNELS: text('a comma-separated list of payment channels'),
  TLS_CERT_FILE: text('the path of a PEM certificate chain (set with TLS_KEY_FILE)'),
  TLS_KEY_FILE: text('the path of the PEM private key of TLS_CERT_FILE'),
  BROKERAGE_NAME: text('the brokerage company name printed on share posters', { maxLength: 40 }),
  SMTP_URL: text('an smtp:// or smtps:// URL of the mail relay, e.g. smtps://user:password@smtp.example.com:465', { pattern: '^smtps?://[^\\s/]+(:[0-9]{1,5})?/?$' }),
  TENCENT_LBS_KEY: text('the Tencent Location Service WebService key, e.g. ABCDE-FGHIJ-KLMNO-PQRST-UVWXY-Z0123', { pattern: '^[A-Z0-9]{5}(-[A-Z0-9]{5}){5}$' }),
  TENCENT_LBS_SK: text('the SecretKey of TENCENT_LBS_KEY (签名校验), 32 letters and digits', { pattern: '^[A-Za-z0-9]{16,64}$' }),
  TENCENT_LBS_BASE: text('an http:// or https:// origin such as https://apis.map.qq.com', { pattern: '^https?://[^/\\s]+/?$' }),
  WECHAT_MP_APPID: text('the official account AppID, wx followed by 16 letters and digits', { pattern: '^wx[0-9a-f]{16}$' }),
  WECHAT_MP_SECRET: text('the official account AppSecret, 32 letters and digits', { pattern: '^[0-9a-zA-Z]{32}$' }),
  WECHAT_API_BASE: text('an http:// or https:// origin such as https://api.weixin.qq.com', { pattern: '^https?://[^/\\s]+/?$' }),
  S3_ENDPOINT: text('an http:// or https:// S3 endpoint such as https://oss-cn-hangzhou.aliyuncs.com', { pattern: '^https?://[^/\\s]+/?$' }),
  S3_REGION: text('the bucket region, e.g. oss-cn-hangzhou or ap-shanghai', { pattern: '^[a-z0-9-]{2,40}$' }),
  S3_BUCKET: text('a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens', { pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' }),
  S3_ACCESS_KEY_ID: text('the access key id of a user that may read and write the bucket', { minLength: 3, maxLength: 128 }),
  S3_SECRET_ACCESS_KEY: text('the secret of S3_ACCESS_KEY_ID', { minLength: 16, maxLength: 128 }),
  S3_FORCE_PATH_STYLE: oneOf(['true', 'false']),
  MAIL_FROM: text('the sender, e.g. 学平险 <noreply@example.com>', { pattern: '^([^<>]*<[^@\\s<>]+@[^@\\s<>]+>|[^@\\s<>]+@[^@\\s<>]+)$' }),
  ...Object.fromEntries(Object.entries(SMS_VARIABLES).map(([name, { description, pattern }]) => [name, text(description, { pattern })])),
  ...Object.fromEntries(Object.entries(FACEID_VARIABLES).map(([name, { description, pattern }]) => [name, text(description, { pattern })])),
  ...Object.fromEntries(Object.entries(TENCENT_ESS_VARIABLES).map(([name, { description, pattern }]) => [name, text(description, { pattern })])),
  ...providerVariables(),
  // Checked in full (files read, keys parsed) only when PAYMENT_CHANNELS names alipay:openapi.
  ...Object.fromEntries(Object.entries(ALIPAY_VARIABLES).map(([name, description]) => [name, text(description)])),
  // Checked in full (the secret file read) only when INSURER_PROVIDER=gateway.
  ...Object.fromEntries(Object.entries(GATEWAY_VARIABLES).map(([name, description]) => [name, text(description)])),
  INSURER_QUERY_AFTER_MINUTES: integer(1, 1440),
  // Checked in full only when PAYMENT_CHANNELS names wechat:v3.
  ...Object.fromEntries(Object.entries(WECHATPAY_VARIABLES).map(([name, description]) => [name, text(description)])),
});
type Env = Static<typeof EnvSchema> & Record<string, string | undefined>;

/** SMS_PROVIDER, INSURER_PROVIDER, …: one of the registry's implementations of that kind. */
function providerVariables(): Record<string, TSchema> {
  return Object.fromEntries(PROVIDER_KINDS.map((kind) => [PROVIDER_VARIABLES[kind].variable, oneOf(Object.keys(PROVIDER_IMPLEMENTATIONS[kind]))]));
}

/** A variable the app cannot start with; `problems` has one line per variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** How a value is quoted back: secrets by their length only. */
function shown(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  return CREDENTIALS.includes(name) ? `${value.length} characters` : JSON.stringify(value);
}

function problemsOf(errors: readonly ErrorObject[], raw: Readonly<Record<string, string>>): string[] {
  const properties = EnvSchema.properties as Record<string, { description?: string }>;
  const names = [...new Set(errors.map((error) => error.instancePath.replace(/^\//, '')).filter((name) => name !== ''))];
  return names.map((name) => `${name} must be ${properties[name]?.description ?? 'valid'} (got ${shown(name, raw[name])})`);
}

/** Validates the environment against {@link EnvSchema}; empty variables count as unset. */
function validatedEnv(env: NodeJS.ProcessEnv): Env {
  const raw: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && value !== '') raw[name] = value;
  try {
    return envSchema<Env>({ schema: EnvSchema, data: { ...raw }, env: false, dotenv: false });
  } catch (error) {
    const errors = (error as { errors?: ErrorObject[] }).errors;
    if (!errors) throw error;
    throw new ConfigError(problemsOf(errors, raw));
  }
}

/** The checks across variables and those of production. */
function crossChecks(
  env: Env,
  nodeEnv: NodeEnv,
): {
  problems: string[];
  paymentChannels: PaymentChannelChoice[];
  paymentSettings: Record<string, unknown>;
  tls: TlsFiles | undefined;
  sms: SmsVendorSettings | undefined;
  insurerGateway: GatewaySettings | undefined;
  tencentFaceid: TencentFaceidSettings | undefined;
  tencentEss: TencentEssSettings | undefined;
} {
  const problems: string[] = [];
  const parsed = parsePaymentChannels(env.PAYMENT_CHANNELS ?? DEFAULT_PAYMENT_CHANNELS);
  if (!parsed.ok) problems.push(`PAYMENT_CHANNELS must be ${parsed.problem}`);
  // Each real channel checks its own variables (ALIPAY_*, WECHATPAY_*): one line per missing or malformed one.
  const channelSettings = readChannelSettings(parsed.ok ? parsed.channels : [], env);
  problems.push(...channelSettings.problems);
  const tls = readTlsFiles(env, problems);
  if (env.GEOCODER_PROVIDER === 'tencent') {
    for (const name of ['TENCENT_LBS_KEY', 'TENCENT_LBS_SK'] as const) if (env[name] === undefined) problems.push(`${name} must be set when GEOCODER_PROVIDER=tencent (got nothing)`);
  }
  let sms: SmsVendorSettings | undefined;
  if (env.SMS_PROVIDER === 'aliyun' || env.SMS_PROVIDER === 'tencent') {
    const read = readSmsSettings(env.SMS_PROVIDER, env);
    problems.push(...read.problems);
    sms = read.settings;
  }
  let tencentFaceid: TencentFaceidSettings | undefined;
  if (env.IDENTITY_PROVIDER === 'tencent') {
    const read = readFaceidSettings(env);
    problems.push(...read.problems);
    tencentFaceid = read.settings;
  }
  let insurerGateway: GatewaySettings | undefined;
  if (env.INSURER_PROVIDER === 'gateway') {
    const read = readGatewaySettings(env);
    problems.push(...read.problems);
    insurerGateway = read.settings;
  }
  let tencentEss: TencentEssSettings | undefined;
  if (env.ESIGN_PROVIDER === 'tencent') {
    const read = readTencentEssSettings(env);
    problems.push(...read.problems);
    tencentEss = read.settings;
  }
  if (env.WECHAT_JSSDK_PROVIDER === 'official') {
    for (const name of ['WECHAT_MP_APPID', 'WECHAT_MP_SECRET'] as const) if (env[name] === undefined) problems.push(`${name} must be set when WECHAT_JSSDK_PROVIDER=official (got nothing)`);
  }
  if (env.STORAGE_PROVIDER === 's3') {
    for (const name of S3_REQUIRED) if (env[name] === undefined) problems.push(`${name} must be set when STORAGE_PROVIDER=s3 (got nothing)`);
  }
  if (env.MAIL_PROVIDER === 'smtp') {
    for (const name of ['SMTP_URL', 'MAIL_FROM'] as const) if (env[name] === undefined) problems.push(`${name} must be set when MAIL_PROVIDER=smtp (got nothing)`);
  }
  if (nodeEnv === 'production') {
    for (const name of SECRETS) {
      const value = env[name];
      if (value === undefined || value.length < PRODUCTION_SECRET_MIN_LENGTH) {
        problems.push(`${name} must be set to a secret of at least ${PRODUCTION_SECRET_MIN_LENGTH} characters in production (got ${shown(name, value)})`);
      }
    }
  }
  return { problems, paymentChannels: parsed.ok ? parsed.channels : [], paymentSettings: channelSettings.settings, tls, sms, insurerGateway, tencentFaceid, tencentEss };
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE: both or neither, each readable, and a key that belongs to the certificate
 * (checked by building the secure context the server will use), else a line in `problems`. The key's text is
 * never quoted back.
 */
function readTlsFiles(env: Env, problems: string[]): TlsFiles | undefined {
  const certFile = env.TLS_CERT_FILE;
  const keyFile = env.TLS_KEY_FILE;
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) {
    problems.push(`TLS_CERT_FILE and TLS_KEY_FILE must be set together (got ${certFile === undefined ? 'TLS_KEY_FILE only' : 'TLS_CERT_FILE only'})`);
    return undefined;
  }
  const read = (name: string, file: string): Buffer | undefined => {
    try {
      return readFileSync(resolve(file));
    } catch (error) {
      problems.push(`${name} must be a readable file (${JSON.stringify(file)}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
      return undefined;
    }
  };
  const cert = read('TLS_CERT_FILE', certFile);
  const key = read('TLS_KEY_FILE', keyFile);
  if (!cert || !key) return undefined;
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    problems.push(`TLS_CERT_FILE and TLS_KEY_FILE must be a PEM certificate and its private key (${reason})`);
    return undefined;
  }
  return { cert, key };
}

/**
 * Reads the configuration from environment variables (README "Configuration").
 * @throws ConfigError naming each bad variable and what it accepts
 * @throws SandboxRefused in production on sandbox providers without ALLOW_SANDBOX=true
 */
export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env): AppConfig {
  const { settings, paymentChannels } = readSettings(processEnv);
  return { ...settings, paymentKeys: loadOrCreatePaymentKeys(settings.dataDir, paymentChannels) };
}

/**
 * {@link loadConfig} for the server's start: the payment sandbox keys a fresh
 * data folder lacks are generated on the thread pool while the caller goes on
 * (opening the database); `paymentKeys` resolves with them once they are in
 * DATA_DIR, as loadConfig's would be.
 */
export function loadStartConfig(processEnv: NodeJS.ProcessEnv = process.env): {
  settings: Omit<AppConfig, 'paymentKeys'>;
  paymentKeys: Promise<Record<string, unknown>>;
} {
  const { settings, paymentChannels } = readSettings(processEnv);
  return { settings, paymentKeys: loadOrCreatePaymentKeysAsync(settings.dataDir, paymentChannels) };
}

function readSettings(processEnv: NodeJS.ProcessEnv): { settings: Omit<AppConfig, 'paymentKeys'>; paymentChannels: PaymentChannelChoice[] } {
  const env = validatedEnv(processEnv);
  const nodeEnv: NodeEnv = (env.NODE_ENV as NodeEnv | undefined) ?? 'development';
  const { problems, paymentChannels, paymentSettings, tls, sms, insurerGateway, tencentFaceid, tencentEss } = crossChecks(env, nodeEnv);
  if (problems.length > 0) throw new ConfigError(problems);

  const defaults = defaultProviderChoice();
  const providers: ProviderChoice = {
    ...(Object.fromEntries(PROVIDER_KINDS.map((kind) => [kind, env[PROVIDER_VARIABLES[kind].variable] ?? defaults[kind]])) as Record<ProviderKind, string>),
    paymentChannels,
  };
  const allowSandbox = env.ALLOW_SANDBOX === 'true';
  assertSandboxPolicy({ nodeEnv, allowSandbox, providers });

  const dataDir = resolve(env.DATA_DIR ?? './data');
  // Development and test only: production refused above without both secrets.
  const generated = env.JWT_SECRET && env.PAY_SANDBOX_SECRET ? undefined : loadOrCreateSecrets(dataDir);
  const settings: Omit<AppConfig, 'paymentKeys'> = {
    port: env.PORT ?? 8080,
    host: env.HOST ?? '0.0.0.0',
    ...(tls ? { tls } : {}),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE ?? DEFAULT_DATABASE_POOL_SIZE,
    dataDir,
    nodeEnv,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET ?? generated!.jwtSecret,
    paySandboxSecret: env.PAY_SANDBOX_SECRET ?? generated!.paySandboxSecret,
    // Development and test only (production refused above without it): stable as long as the JWT secret is.
    personDataKey: env.PERSON_DATA_KEY ?? developmentPersonDataKey(env.JWT_SECRET ?? generated!.jwtSecret),
    ...(env.PERSON_DATA_KEY_PREVIOUS ? { personDataPreviousKeys: env.PERSON_DATA_KEY_PREVIOUS.split(',') } : {}),
    providers,
    paymentSettings,
    allowSandbox,
    ...(env.TRUST_PROXY ? { trustProxy: parseTrustProxy(env.TRUST_PROXY) } : {}),
    devEndpoints: nodeEnv !== 'production',
    seed: nodeEnv === 'development',
    manifestsDir: resolve(env.MANIFESTS_DIR ?? './manifests'),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    paymentTimeoutMinutes: env.PAYMENT_TIMEOUT_MINUTES ?? 30,
    sandboxNotifyDelayMs: env.SANDBOX_NOTIFY_DELAY_MS ?? 300,
    logLevel: env.LOG_LEVEL ?? defaultLogLevel(nodeEnv),
    requestLogSample: env.LOG_REQUEST_SAMPLE ?? defaultRequestLogSample(nodeEnv),
    slowRequestMs: env.LOG_SLOW_MS ?? DEFAULT_SLOW_REQUEST_MS,
    ...(env.BROKERAGE_NAME ? { brokerageName: env.BROKERAGE_NAME } : {}),
    passwordScrypt: PRODUCTION_SCRYPT,
    smsPerIpPerHour: env.SMS_PER_IP_PER_HOUR ?? 20,
    ...(env.RECORDING_STARTS_PER_IP_PER_HOUR ? { recordingStartsPerIpPerHour: env.RECORDING_STARTS_PER_IP_PER_HOUR } : {}),
    // --- policies
    lifecycleIntervalMs: env.LIFECYCLE_INTERVAL_MS ?? 10_000,
    ...(sms ? { sms } : {}),
    ...(insurerGateway ? { insurerGateway } : {}),
    ...(tencentFaceid ? { tencentFaceid } : {}),
    ...(tencentEss ? { tencentEss } : {}),
    ...(env.INSURER_QUERY_AFTER_MINUTES ? { insurerQueryAfterMinutes: env.INSURER_QUERY_AFTER_MINUTES } : {}),
    ...(env.SMTP_URL && env.MAIL_FROM ? { smtp: { url: env.SMTP_URL, from: env.MAIL_FROM } } : {}),
    ...(env.TENCENT_LBS_KEY && env.TENCENT_LBS_SK
      ? { tencentLbs: { key: env.TENCENT_LBS_KEY, sk: env.TENCENT_LBS_SK, baseUrl: env.TENCENT_LBS_BASE ?? TENCENT_LBS_BASE } }
      : {}),
    ...(env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? {
          s3: {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION ?? 'us-east-1',
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          },
        }
      : {}),
    ...(env.WECHAT_MP_APPID && env.WECHAT_MP_SECRET
      ? { wechatMp: { appId: env.WECHAT_MP_APPID, secret: env.WECHAT_MP_SECRET, apiBase: env.WECHAT_API_BASE ?? WECHAT_API_BASE } }
      : {}),
  };
  return { settings, paymentChannels };
}

/** TRUST_PROXY as Fastify's trustProxy: true, a hop count, or the addresses and CIDRs of the proxies. */
export function parseTrustProxy(value: string): NonNullable<AppConfig['trustProxy']> {
  if (value === 'true') return true;
  // A hop count: the client is that many proxies back (X-Forwarded-For read from the right).
  if (/^[0-9]{1,2}$/.test(value)) return (_address, hop) => hop < Number(value);
  return value.split(',').map((part) => part.trim()).join(',');
}

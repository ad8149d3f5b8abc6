import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Everything the app reads from its environment, resolved once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** postgres://… (PostgreSQL server), `memory://` (in-memory PGlite) or unset (PGlite in dataDir). */
  databaseUrl: string | undefined;
  dataDir: string;
  nodeEnv: string;
  /** Absolute origin the browser uses (for pay return URLs); unset means same-origin relative URLs. */
  publicUrl: string | undefined;
  jwtSecret: string;
  paySandboxSecret: string;
  /** Keys of the WeChat Pay, Alipay and JD sandboxes (generated into dataDir, fixed in tests). */
  paymentKeys: PaymentKeys;
  /** Test-only failpoint (EDU_FAILPOINT), never honoured in production: see docs/payments.md. */
  failpoint: string | undefined;
  /** Development helpers such as GET /_gw/__dev/sms/latest; off in production. */
  devEndpoints: boolean;
  /** Create the demo user and policy at start. */
  seed: boolean;
  manifestsDir: string;
  /** Built web app served at `/` when the folder exists. */
  distDir: string;
  /** Unpaid orders older than this show as 支付超时 and can no longer be paid. */
  paymentTimeoutMinutes: number;
  /** Delay before the sandbox payment provider delivers its notification. */
  sandboxNotifyDelayMs: number;
  logLevel: string;
  // --- accounts
  /** scrypt cost of new password hashes; production N=2^17, r=8, p=1 (tests lower it to stay fast). */
  passwordScrypt: ScryptCost;
  /** SMS sends allowed per client address per hour (20; a test or a shared NAT may need another value). */
  smsPerIpPerHour: number;
  // --- policies
  /** Period of the lifecycle scheduler (payment timeouts, cover start and end); 0 or unset: not started. */
  lifecycleIntervalMs?: number;
}

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The password hash cost of every real deployment (issue 4). */
export const PRODUCTION_SCRYPT: ScryptCost = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
/** An RSA key pair in PEM (PKCS#8 private, SPKI public). */
export interface RsaKeyPair {
  privateKey: string;
  publicKey: string;
}

/**
 * Keys of the payment channel sandboxes. Each sandbox plays the platform
 * (signs notifications with its private key; the app verifies with the public
 * one) and the merchant (the app signs the WeChat JSAPI parameters).
 */
export interface PaymentKeys {
  wechat: { platform: RsaKeyPair; merchant: RsaKeyPair; /** API v3 key: 32 ASCII characters (AES-256-GCM). */ apiV3Key: string };
  alipay: { platform: RsaKeyPair };
  jd: { platform: RsaKeyPair };
}

export function generateRsaKeyPair(): RsaKeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export function generatePaymentKeys(): PaymentKeys {
  return {
    wechat: { platform: generateRsaKeyPair(), merchant: generateRsaKeyPair(), apiV3Key: randomBytes(24).toString('base64url') },
    alipay: { platform: generateRsaKeyPair() },
    jd: { platform: generateRsaKeyPair() },
  };
}

/** Payment sandbox keys kept in dataDir so that trades survive a restart. */
function loadOrCreatePaymentKeys(dataDir: string): PaymentKeys {
  const file = join(dataDir, 'dev-payment-keys.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<PaymentKeys>;
    if (parsed.wechat?.apiV3Key && parsed.alipay && parsed.jd) return parsed as PaymentKeys;
  }
  const keys = generatePaymentKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/** Secrets generated for development when the environment sets none; kept so tokens survive restarts. */
interface PersistedSecrets {
  jwtSecret: string;
  paySandboxSecret: string;
}

function loadOrCreateSecrets(dataDir: string): PersistedSecrets {
  const file = join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<PersistedSecrets>;
    if (parsed.jwtSecret && parsed.paySandboxSecret) return parsed as PersistedSecrets;
  }
  const secrets = {
    jwtSecret: randomBytes(32).toString('base64url'),
    paySandboxSecret: randomBytes(32).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** Reads the configuration from environment variables (see README for the list). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const dataDir = resolve(env.DATA_DIR || './data');
  const needsGenerated = !env.JWT_SECRET || !env.PAY_SANDBOX_SECRET;
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : undefined;
  if (generated && nodeEnv === 'production') {
    console.warn(
      `[config] JWT_SECRET/PAY_SANDBOX_SECRET not set: using secrets generated in ${dataDir}. ` +
        'Set them explicitly when running several instances.',
    );
  }
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    nodeEnv,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    jwtSecret: env.JWT_SECRET || generated!.jwtSecret,
    paySandboxSecret: env.PAY_SANDBOX_SECRET || generated!.paySandboxSecret,
    paymentKeys: loadOrCreatePaymentKeys(dataDir),
    failpoint: nodeEnv === 'production' ? undefined : env.EDU_FAILPOINT || undefined,
    devEndpoints: nodeEnv !== 'production',
    seed: nodeEnv !== 'test',
    manifestsDir: resolve(env.MANIFESTS_DIR || './manifests'),
    distDir: resolve(env.DIST_DIR || './dist'),
    paymentTimeoutMinutes: intFrom(env.PAYMENT_TIMEOUT_MINUTES, 30, 'PAYMENT_TIMEOUT_MINUTES'),
    sandboxNotifyDelayMs: intFrom(env.SANDBOX_NOTIFY_DELAY_MS, 300, 'SANDBOX_NOTIFY_DELAY_MS'),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    passwordScrypt: PRODUCTION_SCRYPT,
    smsPerIpPerHour: intFrom(env.SMS_PER_IP_PER_HOUR, 20, 'SMS_PER_IP_PER_HOUR'),
    // --- policies
    lifecycleIntervalMs: intFrom(env.LIFECYCLE_INTERVAL_MS, 10_000, 'LIFECYCLE_INTERVAL_MS'),
  };
}

/**
 * What a benchmark (scripts/bench.ts) needs: the app on PGlite or PostgreSQL
 * with development endpoints on, silent SMS, no demo data, and logged-in users.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ApiEnvelope } from '../../src/contract/envelope.ts';
import { SUCCESS } from '../../src/contract/envelope.ts';
import { GW } from '../../src/contract/define-call.ts';
import { buildAppWithHandles, type AppHandles } from '../../src/server/app.ts';
import { defaultLogLevel, type AppConfig } from '../../src/server/config.ts';
import { loggerOptions } from '../../src/server/http/log-options.ts';
import type { Db, DbKind } from '../../src/server/db/db.ts';
import { MEMORY_URL, openDb } from '../../src/server/db/open-db.ts';
import { ChannelSandboxProvider } from '../../src/server/providers/payment/channel-sandbox-provider.ts';
import { defaultProviderChoice, generateAllSandboxKeys } from '../../src/server/providers/registry.ts';
import { authCalls } from '../../src/contract/auth.ts';

export { sampleApplication, SAMPLE_PRODUCT_CODES } from '../../src/server/seed/sample-applications.ts';

export interface BenchApp {
  app: FastifyInstance;
  /** The providers the app runs with (the benchmark signs notifications with the channel sandboxes). */
  handles: AppHandles;
  kind: DbKind;
  /** The database the app runs on (the benchmark prepares bulk data with it). */
  db: Db;
  /** Base URL when started with `listen: true`. */
  url: string | undefined;
  close(): Promise<void>;
}

export interface BenchOptions {
  /** postgres://… for PostgreSQL; in-memory PGlite by default. */
  databaseUrl?: string;
  /** Listen on 127.0.0.1 (port 0 = any free port) for load generators such as autocannon. */
  listen?: boolean;
  port?: number;
  logLevel?: string;
  poolSize?: number;
  /**
   * Production settings: NODE_ENV=production (overload protection on, no
   * development endpoints) and the production log level's request logs,
   * written to /dev/null. Other runs are silent and in test mode.
   */
  production?: boolean;
  /** Instead of the manifests of manifests/ (a catalogue copied tenfold). */
  manifestsDir?: string;
  /** Settings over the bench defaults (another storage provider, say). */
  config?: Partial<AppConfig>;
}

let benchKeys: Record<string, unknown> | undefined;
/** One set of payment sandbox keys per process (RSA generation is slow). */
export function processPaymentKeys(): Record<string, unknown> {
  benchKeys ??= generateAllSandboxKeys();
  return benchKeys;
}

export function benchConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: MEMORY_URL,
    dataDir: resolve('data'),
    nodeEnv: 'test',
    publicUrl: undefined,
    jwtSecret: randomBytes(32).toString('base64url'),
    paySandboxSecret: randomBytes(32).toString('base64url'),
    personDataKey: randomBytes(32).toString('base64url'),
    paymentKeys: processPaymentKeys(),
    providers: defaultProviderChoice(),
    allowSandbox: false,
    devEndpoints: true,
    seed: false,
    manifestsDir: resolve('manifests'),
    distDir: resolve('dist'),
    paymentTimeoutMinutes: 30,
    sandboxNotifyDelayMs: 0,
    logLevel: 'silent',
    // Cheap hashes for load generation; the app's own default is PRODUCTION_SCRYPT.
    passwordScrypt: { N: 2 ** 10, r: 8, p: 1 },
    // Every simulated user logs in from 127.0.0.1.
    smsPerIpPerHour: 1_000_000,
    ...overrides,
  };
}

/**
 * A PostgreSQL database of its own for one benchmark run, created beside the
 * one `adminUrl` names and dropped on close: the run never touches (or is
 * disturbed by) what that database holds.
 */
export async function throwAwayDatabase(adminUrl: string, prefix = 'edu_bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export async function startBenchApp(options: BenchOptions = {}): Promise<BenchApp> {
  const requested = options.databaseUrl ?? MEMORY_URL;
  const scratch = /^postgres(ql)?:\/\//.test(requested) ? await throwAwayDatabase(requested) : undefined;
  const databaseUrl = scratch?.url ?? requested;
  const database = await openDb({ databaseUrl, dataDir: resolve('data'), poolSize: options.poolSize });
  const production = options.production
    ? { nodeEnv: 'production' as const, allowSandbox: true, devEndpoints: false, logLevel: options.logLevel ?? defaultLogLevel('production') }
    : { logLevel: options.logLevel ?? 'silent' };
  const config = benchConfig({ databaseUrl, ...production, ...(options.manifestsDir ? { manifestsDir: options.manifestsDir } : {}), ...options.config });
  const logger = options.production ? { ...loggerOptions(config.logLevel), file: '/dev/null' } : undefined;
  const { app, handles } = await buildAppWithHandles({ db: database.db, config, sms: { send: async () => undefined }, seed: false, ...(logger ? { logger } : {}) });
  const url = options.listen ? await app.listen({ port: options.port ?? 0, host: '127.0.0.1' }) : undefined;
  return {
    app,
    handles,
    kind: database.kind,
    db: database.db,
    url,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** The configured sandbox of a platform channel (WeChat, Alipay, JD style): it encodes and signs notifications as the channel does. */
export function channelSandbox(handles: AppHandles, channel: string): ChannelSandboxProvider {
  const provider = handles.providers.payments.get(channel);
  if (!(provider instanceof ChannelSandboxProvider)) throw new Error(`payment channel ${channel} is not a configured channel sandbox`);
  return provider;
}

/** A random valid mobile number (139 + 8 digits), for users that must not collide across runs. */
export function randomPhone(): string {
  return `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

async function gw<T>(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const response = await app.inject({ method, url: GW + url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = response.json() as ApiEnvelope<T>;
  if (body.code !== SUCCESS) throw new Error(`${method} ${url}: ${body.code} ${body.msg}`);
  return body.data as T;
}

export interface LoggedInUser {
  token: string;
  refreshToken: string;
  userCode: string;
  phone: string;
}

/**
 * Logs in as the client does: send the SMS code, read it from the development
 * endpoint, log in. One code per phone per minute: use a new phone per user.
 */
export async function loginWithSms(app: FastifyInstance, phone: string = randomPhone()): Promise<LoggedInUser> {
  await gw(app, 'GET', `${authCalls.regMsg.path}?phoneNum=${phone}`);
  const { code } = await gw<{ code: string }>(app, 'GET', `${authCalls.devSmsLatest.path}?phoneNum=${phone}`);
  const user = await gw<{ token: string; refreshToken: string; userCode: string }>(app, 'POST', authCalls.registerAndLogin.path, {
    phoneNum: phone,
    smsVerificationCode: code,
  });
  return { token: user.token, refreshToken: user.refreshToken, userCode: user.userCode, phone };
}

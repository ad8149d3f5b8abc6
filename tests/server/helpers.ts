/**
 * Test harness of the server suites: an app on a fresh database per suite
 * (in-memory PGlite; also a throw-away PostgreSQL database when DATABASE_URL
 * is set), plus the steps a real client takes (log-in, serial, resub token…).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import type { ApiEnvelope } from '../../src/contract/envelope.ts';
import type { ApplicationFormInput } from '../../src/contract/order.ts';
import { GW } from '../../src/contract/define-call.ts';
import { buildAppWithHandles, type AppHandles, type BuildAppOptions } from '../../src/server/app.ts';
import { benchConfig, SAMPLE_PRODUCT_CODES, sampleApplication } from '../support/bench-support.ts';
import type { AppConfig } from '../../src/server/config.ts';
import type { DbHandle } from '../../src/server/db/db.ts';
import { MEMORY_URL, openDb } from '../../src/server/db/open-db.ts';
import type { InsurerProvider, IssueRequest } from '../../src/server/providers/insurer/insurer-provider.ts';
import { SandboxInsurerProvider } from '../../src/server/providers/insurer/sandbox-insurer-provider.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL points at a server. */
export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_PAY_SECRET = 'test-pay-sandbox-secret-0123456789';

/** Fixed secrets (tests sign notifications), fast sandbox, no demo data, silent logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return benchConfig({
    jwtSecret: 'test-jwt-secret-0123456789abcdef',
    paySandboxSecret: TEST_PAY_SECRET,
    distDir: resolve('tests/server/no-dist'),
    sandboxNotifyDelayMs: 5,
    ...overrides,
  });
}

/** A database of its own: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function openTestDb(backend: Backend): Promise<DbHandle> {
  if (backend === 'pglite') return openDb({ databaseUrl: MEMORY_URL, dataDir: '.' });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `edu_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), dataDir: '.', poolSize: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Counts issue calls: "paid exactly once" is observable as "issued exactly once". */
export class CountingInsurer implements InsurerProvider {
  readonly issued: string[] = [];
  private readonly inner = new SandboxInsurerProvider();
  async issue(request: IssueRequest) {
    this.issued.push(request.applicationFormCode);
    return this.inner.issue(request);
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** The providers and scheduler the app was built with (never decorated onto the app). */
  handles: AppHandles;
  database: DbHandle;
  config: AppConfig;
  /**
   * Resolves when every sandbox has gone quiet: payment notifications delivered and the
   * policies they paid for issued (or refused) by the insurer.
   */
  settled(): Promise<void>;
  /** The lifecycle's time-driven transitions (tests call runOnce with a moved clock). */
  lifecycle: AppHandles['lifecycle'];
  close(): Promise<void>;
}

/** What a sandbox has that a test can wait on. */
const settledOf = (provider: unknown) => (provider as { settled?: () => Promise<void> }).settled?.();

/** Computed from the handles: the providers' own `settled`, in two rounds (a delivered payment asks the insurer). */
export async function settledProviders(handles: AppHandles): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await Promise.all([...handles.providers.payments.values()].map(settledOf));
    await settledOf(handles.providers.insurer);
    await settledOf(handles.providers.esign);
  }
}

export async function makeTestApp(
  options: { backend?: Backend; config?: Partial<AppConfig> } & Partial<Omit<BuildAppOptions, 'db' | 'config'>> = {},
): Promise<TestApp> {
  const { backend = 'pglite', config: configOverrides, ...buildOptions } = options;
  const database = await openTestDb(backend);
  const config = testConfig(configOverrides);
  const { app, handles } = await buildAppWithHandles({
    db: database.db,
    config,
    logger: false,
    sms: { send: async () => undefined },
    sandboxRetryBaseMs: 5,
    ...buildOptions,
  });
  return {
    app,
    handles,
    database,
    config,
    settled: () => settledProviders(handles),
    lifecycle: handles.lifecycle,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

// ------------------------------------------------------------------ requests

export type Envelope<T = unknown> = ApiEnvelope<T>;

export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions & { token?: string },
): Promise<{ status: number; body: Envelope<T>; response: LightMyRequestResponse }> {
  const { token, ...inject } = options;
  const headers = { ...(inject.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const url = String(inject.url ?? '');
  // Contract paths are relative to /_gw; absolute ones (/_gw/…, /_sandbox/…) pass as they are.
  const absolute = url.startsWith(`${GW}/`) || url.startsWith('/_sandbox/');
  const response = await app.inject({ ...inject, url: absolute ? url : GW + url, headers });
  return { status: response.statusCode, body: response.json() as Envelope<T>, response };
}

/** Data of a 0000 answer; fails the test with the server's message otherwise. */
export function expectOk<T>(result: { status: number; body: Envelope<T> }): T {
  // msg is part of the comparison so that a failure shows the server's reason.
  expect({ status: result.status, code: result.body.code, msg: result.body.msg }).toMatchObject({ status: 200, code: '0000' });
  return result.body.data as T;
}

import { loginWithSms } from '../support/bench-support.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { paymentCalls } from '../../src/contract/payment.ts';
export { loginWithSms as login, randomPhone as newPhone, type LoggedInUser as Session } from '../support/bench-support.ts';

export const XUZHOU = SAMPLE_PRODUCT_CODES.xuzhou;
export const JINING = SAMPLE_PRODUCT_CODES.jining;
export const GUARDIAN = SAMPLE_PRODUCT_CODES.guardian;

/**
 * A form the engine accepts (fresh ID numbers on every call), with `overrides`
 * on top; ages (and so grades) are as of `now`, the test app's clock when it is not today.
 */
export function validApplication(productCode: string, overrides: Partial<ApplicationFormInput> = {}, now?: Date): ApplicationFormInput {
  return { ...sampleApplication(productCode, now), ...overrides };
}

/** 华泰安康家长重大疾病保险 (manifests/huatai-serious-illness.json): a product with a health notice. */
export const SERIOUS_ILLNESS = '20PR416508';
/** Its health notice answered 否 throughout (the blood-pressure follow-up not shown). */
export const SERIOUS_ILLNESS_ALL_NO = { disease: 'N', hypertension: 'N', hospital: 'N' } as const;

let adultSequence = 0;
/** A serious-illness application (the holder insures their spouse, both 35 this year), fresh ID numbers on every call. */
export function seriousIllnessApplication(overrides: Partial<ApplicationFormInput> = {}): ApplicationFormInput {
  adultSequence += 1;
  const serial = String(100 + (adultSequence % 800)).padStart(3, '0');
  const born = `${new Date().getFullYear() - 35}-01-0${1 + (adultSequence % 9)}`;
  return {
    productCode: SERIOUS_ILLNESS,
    planCode: 'HTZJ-20',
    factors: { ageBand: '31-40' },
    policyHolder: { name: '王建国', licenceType: '0', licenceNo: makeIdCard('110105', born, serial), phone: '13800001111' },
    insureds: [{ relaToHolder: '01', name: '李芳', licenceType: '0', licenceNo: makeIdCard('110106', born, serial), email: 'lifang@example.com' }],
    healthAnswers: { ...SERIOUS_ILLNESS_ALL_NO },
    ...overrides,
  };
}

export async function getSerial(app: FastifyInstance, token: string): Promise<string> {
  return expectOk(await call<string>(app, { method: 'GET', url: orderCalls.serial.path, token }));
}

/**
 * The confirm page's repeat check (v2) of one insured of `form` (the first by
 * default), bound to the application and a serial of the caller (a fresh one
 * unless given); returns the raw result.
 */
export async function repeatCheck(
  app: FastifyInstance,
  token: string,
  form: ApplicationFormInput,
  options: { cardId?: string; cardType?: string; serial?: string; remoteAddress?: string } = {},
) {
  const insured = form.insureds[0];
  const serial = options.serial ?? (await getSerial(app, token));
  return call<{ repeat: boolean }>(app, {
    method: 'POST',
    url: orderCalls.repeatInsurance.path,
    token,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: {
      cardId: options.cardId ?? insured?.licenceNo ?? '',
      cardType: options.cardType ?? insured?.licenceType ?? '0',
      productCode: form.productCode,
      channelCode: 'edu',
      idempotentSerialNo: serial,
      applicationForm: form,
    },
  });
}

export async function getResubToken(app: FastifyInstance, token: string): Promise<string> {
  return expectOk(await call<string>(app, { method: 'GET', url: orderCalls.resubToken.path, token }));
}

export interface SubmittedOrder {
  orderCode: string;
  applicationFormCode: string;
  amount: number;
  serial: string;
}

/** POST submitOrder/v2 with a fresh resub token; returns the raw result. */
export async function postOrder(
  app: FastifyInstance,
  token: string,
  input: { serial: string; form: ApplicationFormInput; resubToken?: string },
) {
  const resubToken = input.resubToken ?? (await getResubToken(app, token));
  return call<{ body: { order: { amount: number; code: string }; applicationForms: { information: { applicationFormCode: string } }[] } }>(app, {
    method: 'POST',
    url: orderCalls.submitOrder.path,
    token,
    headers: { 'x-resub-token': resubToken },
    payload: { source: '01', entryType: '00', idempotentSerialNo: input.serial, applicationForms: [input.form] },
  });
}

/** The whole client sequence up to an unpaid order. */
export async function submitOrder(app: FastifyInstance, token: string, form: ApplicationFormInput): Promise<SubmittedOrder> {
  const serial = await getSerial(app, token);
  const data = expectOk(await postOrder(app, token, { serial, form }));
  const applicationFormCode = data.body.applicationForms[0]?.information.applicationFormCode ?? '';
  return { orderCode: data.body.order.code, applicationFormCode, amount: data.body.order.amount, serial };
}

export async function payUrlOf(app: FastifyInstance, token: string, applicationFormCode: string): Promise<string> {
  return expectOk(await call<{ payUrl: string }>(app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${applicationFormCode}`, token })).payUrl;
}

export function tradeNoOf(payUrl: string): string {
  const tradeNo = new URL(payUrl, 'http://x').searchParams.get('tradeNo');
  if (!tradeNo) throw new Error(`no tradeNo in ${payUrl}`);
  return tradeNo;
}

export async function orderDetail(app: FastifyInstance, token: string, orderCode: string) {
  return call<{ status: string; policyNo: string | null; amount: number; paidAt: string | null }>(app, {
    method: 'POST',
    url: orderCalls.orderDetail.path,
    token,
    payload: { orderCode },
  });
}

/** A new user's unpaid Xuzhou order with its open trade. */
export async function openTrade(app: FastifyInstance, token?: string) {
  const userToken = token ?? (await loginWithSms(app)).token;
  const order = await submitOrder(app, userToken, validApplication(XUZHOU));
  const tradeNo = tradeNoOf(await payUrlOf(app, userToken, order.applicationFormCode));
  return { token: userToken, order, tradeNo, amountFen: Math.round(order.amount * 100) };
}

/** Presses a button of the sandbox cashier page: 确认支付 (success) or 模拟支付失败 (fail). */
export function pressCashier(app: FastifyInstance, tradeNo: string, outcome: 'success' | 'fail' = 'success') {
  return app.inject({
    method: 'POST',
    url: `/_sandbox/pay/${tradeNo}/confirm`,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** A claim photo as the addClaimFile call takes it: multipart, the field `document`, then the file. */
export function claimPhotoForm(document: string, bytes: Buffer, filename = 'photo.jpg'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----claim${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"\r\n\r\n${document}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

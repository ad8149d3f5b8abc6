/**
 * INSURER_PROVIDER=gateway against the protocol-faithful fake insurer
 * (tests/fakes/insurer-gateway-fake.ts), through the app's HTTP API on a
 * listening server: paid orders are issued from the insurer's signed
 * callback (applied once though it comes twice), or from the query job when
 * it never comes; forged, skewed and replayed callbacks are refused; 撤销 and
 * 退保 ask the insurer first, and its refusal (4001) or its failure (5003)
 * changes nothing.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { applicationForms, policyStatusEvents } from '../../src/server/db/schema.ts';
import { createCallOut, OutboundError } from '../../src/server/providers/outbound.ts';
import { DatabaseNonceStore, GATEWAY_NOTIFY_PATH, GatewayInsurerProvider } from '../../src/server/providers/insurer/gateway-insurer-provider.ts';
import { readGatewaySettings } from '../../src/server/providers/insurer/gateway-settings.ts';
import { gatewaySignature, signedHeaders, stringToSign, verifyGatewaySignature } from '../../src/server/providers/insurer/gateway-signing.ts';
import { claimCalls, type ClaimDetail } from '../../src/contract/claims.ts';
import { shanghaiDate } from '../../src/engine/time/shanghai-time.ts';
import { startInsurerGatewayFake, type InsurerGatewayFake } from '../fakes/insurer-gateway-fake.ts';
import { backends, call, claimPhotoForm, expectOk, getResubToken, login, makeTestApp, orderDetail, payUrlOf, pressCashier, seriousIllnessApplication, SERIOUS_ILLNESS_ALL_NO, submitOrder, testConfig, tradeNoOf, validApplication, XUZHOU, type Session, type TestApp } from './helpers.ts';
import { freePort, until } from './payment-channels-support.ts';

const MINUTE = 60_000;

describe('gateway signatures', () => {
  const key = { keyId: 'edu-1', secret: 'insurer-gateway-test-secret-0123456789' };
  const message = { method: 'POST', path: '/edu/v1/policies', body: '{"orderCode":"O2026010100000001"}' };

  it('signs method, path, timestamp, nonce and body with HMAC-SHA256 (known answer, computed with openssl)', () => {
    const parts = { ...message, timestamp: '1767225600', nonce: 'n0nce-0123456789abcdef' };
    expect(stringToSign(parts)).toBe('POST\n/edu/v1/policies\n1767225600\nn0nce-0123456789abcdef\n{"orderCode":"O2026010100000001"}');
    expect(gatewaySignature(key.secret, parts)).toBe('Wz+HJTbOcHWyP5yK9Ahuf52FcOrw1YoSycAIxOR2vwk=');
    const headers = signedHeaders(key, message, { nowMs: 1767225600_000, nonce: parts.nonce });
    expect(headers).toEqual({
      'x-gateway-key-id': 'edu-1',
      'x-gateway-timestamp': '1767225600',
      'x-gateway-nonce': 'n0nce-0123456789abcdef',
      'x-gateway-signature': 'Wz+HJTbOcHWyP5yK9Ahuf52FcOrw1YoSycAIxOR2vwk=',
    });
  });

  it('verifies its own signature; refuses another key, a changed body or path, and a timestamp over 5 minutes off', () => {
    const at = 1767225600_000;
    const headers = signedHeaders(key, message, { nowMs: at });
    expect(verifyGatewaySignature(key, headers, message, at + 4 * MINUTE)).toMatchObject({ ok: true });
    expect(verifyGatewaySignature(key, headers, message, at + 6 * MINUTE)).toEqual({ ok: false, problem: 'STALE_TIMESTAMP' });
    expect(verifyGatewaySignature(key, headers, message, at - 6 * MINUTE)).toEqual({ ok: false, problem: 'STALE_TIMESTAMP' });
    expect(verifyGatewaySignature({ ...key, secret: 'another-secret-of-the-same-length-00' }, headers, message, at)).toEqual({ ok: false, problem: 'INVALID_SIGNATURE' });
    expect(verifyGatewaySignature({ ...key, keyId: 'edu-2' }, headers, message, at)).toEqual({ ok: false, problem: 'INVALID_SIGNATURE' });
    expect(verifyGatewaySignature(key, headers, { ...message, body: '{}' }, at)).toEqual({ ok: false, problem: 'INVALID_SIGNATURE' });
    expect(verifyGatewaySignature(key, headers, { ...message, path: '/policies' }, at)).toEqual({ ok: false, problem: 'INVALID_SIGNATURE' });
    expect(verifyGatewaySignature(key, { ...headers, 'x-gateway-signature': 'short' }, message, at)).toEqual({ ok: false, problem: 'INVALID_SIGNATURE' });
    expect(verifyGatewaySignature(key, {}, message, at)).toEqual({ ok: false, problem: 'INVALID_SIGNATURE' });
  });
});

describe('gateway settings', () => {
  const base = { INSURER_GATEWAY_URL: 'https://gw.insurer.example/edu/v1', INSURER_GATEWAY_KEY_ID: 'edu-1' };

  it('reads the secret from INSURER_GATEWAY_SECRET_FILE or INSURER_GATEWAY_SECRET, at least 32 bytes, never quoted back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'edu-gateway-'));
    writeFileSync(join(dir, 'good'), `${'k'.repeat(40)}\n`);
    writeFileSync(join(dir, 'short'), 'k'.repeat(20));
    expect(readGatewaySettings({ ...base, INSURER_GATEWAY_SECRET_FILE: join(dir, 'good') }).settings).toEqual({ baseUrl: base.INSURER_GATEWAY_URL, keyId: 'edu-1', secret: 'k'.repeat(40), timeoutMs: 10_000 });
    const short = readGatewaySettings({ ...base, INSURER_GATEWAY_SECRET_FILE: join(dir, 'short') });
    expect(short.problems).toEqual([expect.stringMatching(/^INSURER_GATEWAY_SECRET_FILE must be .* holds 20 bytes\)$/)]);
    expect(short.problems.join()).not.toContain('k'.repeat(20));
    expect(readGatewaySettings({ ...base, INSURER_GATEWAY_SECRET_FILE: join(dir, 'absent') }).problems).toEqual([expect.stringMatching(/ENOENT\)$/)]);
    expect(readGatewaySettings({ ...base, INSURER_GATEWAY_SECRET_FILE: join(dir, 'good'), INSURER_GATEWAY_SECRET: 'k'.repeat(40) }).problems).toEqual([
      'INSURER_GATEWAY_SECRET_FILE and INSURER_GATEWAY_SECRET must not be set together (got both)',
    ]);
  });

  it('wants https (http only on loopback), a key id, and a timeout in range', () => {
    const secret = { INSURER_GATEWAY_SECRET: 's'.repeat(32) };
    expect(readGatewaySettings({ ...base, ...secret, INSURER_GATEWAY_URL: 'http://127.0.0.1:9000/' }).settings?.baseUrl).toBe('http://127.0.0.1:9000');
    for (const url of ['http://gw.insurer.example', 'ftp://gw.insurer.example', 'https://gw.insurer.example/?a=1', 'not a url']) {
      expect(readGatewaySettings({ ...base, ...secret, INSURER_GATEWAY_URL: url }).problems).toEqual([expect.stringMatching(/^INSURER_GATEWAY_URL must be the https:\/\//)]);
    }
    expect(readGatewaySettings({ ...base, ...secret, INSURER_GATEWAY_KEY_ID: 'has space' }).problems).toEqual([expect.stringMatching(/^INSURER_GATEWAY_KEY_ID must be /)]);
    expect(readGatewaySettings({ ...base, ...secret, INSURER_GATEWAY_TIMEOUT_MS: '100' }).problems).toEqual([expect.stringMatching(/^INSURER_GATEWAY_TIMEOUT_MS must be an integer from 500 to 60000/)]);
  });
});

describe.each(backends)('issuing through the insurer gateway fake (%s)', (backend) => {
  let fake: InsurerGatewayFake;
  let t: TestApp;
  let session: Session;
  let origin: string;
  let offsetMs = 0;

  beforeAll(async () => {
    fake = await startInsurerGatewayFake({ decideMs: 20, lateMs: 300, retryMs: 20 });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const { settings, problems } = readGatewaySettings(fake.env());
    expect(problems).toEqual([]);
    t = await makeTestApp({
      backend,
      now: () => new Date(Date.now() + offsetMs),
      config: { publicUrl: origin, providers: { ...testConfig().providers, insurer: 'gateway' }, insurerGateway: settings!, insurerQueryAfterMinutes: 1 },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    session = await login(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const statusOf = async (orderCode: string) => {
    const detail = await orderDetail(t.app, session.token, orderCode);
    return detail.body.data?.status;
  };
  const issueEvents = async (orderCode: string) => {
    const rows = await t.database.db
      .select({ to: policyStatusEvents.toStatus })
      .from(policyStatusEvents)
      .innerJoin(applicationForms, eq(applicationForms.id, policyStatusEvents.applicationFormId))
      .where(and(sql`${policyStatusEvents.orderId} = (select id from orders where order_code = ${orderCode})`, eq(policyStatusEvents.fromStatus, 'waitIssue')));
    return rows.map((r) => r.to);
  };
  /** Submits and pays an order (sandbox cashier); the gateway is then asked to issue it. */
  async function paidOrder() {
    const order = await submitOrder(t.app, session.token, validApplication(XUZHOU));
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    await until(async () => fake.policies.has(order.orderCode), 'the issue request to reach the insurer');
    return order;
  }
  const endorse = async (policyNo: string) =>
    call<{ status: string }>(t.app, {
      method: 'POST',
      url: policyCalls.submitEndors.path,
      token: session.token,
      payload: { policyNo, endorType: 'surrender' },
      headers: { 'x-resub-token': await getResubToken(t.app, session.token) },
    });

  const day = 24 * 3600_000;
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]);
  const accountNo = '6222020200998877665';
  /**
   * A policy issued through the gateway (callbacks prompt), put in force, and a claim of 意外门诊 reported on it with the
   * insurer's callbacks in `claimMode`; with its photo, send and detail calls.
   */
  async function reportedClaim(claimMode: 'prompt' | 'never') {
    fake.callbackMode = 'prompt';
    const form = validApplication(XUZHOU);
    const order = await submitOrder(t.app, session.token, form);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the policy to be issued');
    await t.database.db.update(applicationForms).set({ status: 'guarantee', startDate: new Date(Date.now() - 30 * day), endDate: new Date(Date.now() + 300 * day) }).where(eq(applicationForms.applicationFormCode, order.applicationFormCode));
    const policyNo = (await orderDetail(t.app, session.token, order.orderCode)).body.data!.policyNo!;
    fake.callbackMode = claimMode;
    const { claimNo } = expectOk(
      await call<{ claimNo: string }>(t.app, {
        method: 'POST',
        url: claimCalls.reportClaim.path,
        token: session.token,
        payload: { policyNo, insuredIndex: 0, kind: 'accidentOutpatient', accidentDate: shanghaiDate(new Date(Date.now() - 2 * day)), accidentPlace: '学校操场', description: '体育课摔倒，膝盖擦伤就医。', bank: { accountName: form.policyHolder.name, bankName: '中国银行', accountNo } },
      }),
    );
    return {
      claimNo,
      photo: (document: string) => call(t.app, { method: 'POST', url: fillPath(claimCalls.addClaimFile.path, { claimNo }), token: session.token, ...claimPhotoForm(document, jpeg) }),
      send: () => call<{ status: string }>(t.app, { method: 'POST', url: fillPath(claimCalls.sendClaim.path, { claimNo }), token: session.token }),
      status: async () => expectOk(await call<ClaimDetail>(t.app, { method: 'GET', url: fillPath(claimCalls.claimDetail.path, { claimNo }), token: session.token })),
    };
  }

  it('sends a claim with its photos and the full account, and applies the insurer’s signed claim callbacks once each', async () => {
    const { claimNo, photo, send, status } = await reportedClaim('prompt');
    expectOk(await photo('record'));
    expectOk(await photo('invoice'));
    expectOk(await send());
    const sent = fake.claims.get(claimNo)!;
    expect(sent).toMatchObject({ accountNo, rounds: [1], files: [{ document: 'record', contentType: 'image/jpeg', bytes: jpeg.length }, { document: 'invoice', contentType: 'image/jpeg', bytes: jpeg.length }] });
    await until(async () => (await status()).status === 'reviewing', 'the insurer to accept the claim');

    await fake.decideClaim(claimNo, { status: 'needMore', note: '请补充费用清单' });
    expect(await status()).toMatchObject({ status: 'needMore', insurerNote: '请补充费用清单' });
    expectOk(await photo('feeList'));
    expect(expectOk(await send()).status).toBe('reviewing');
    expect(sent.rounds).toEqual([1, 2]);
    await fake.decideClaim(claimNo, { status: 'closed', amountFen: 50_000 });
    await fake.decideClaim(claimNo, { status: 'closed', amountFen: 50_000 });
    const closed = await status();
    expect(closed).toMatchObject({ status: 'closed', amount: 500 });
    expect(closed.history.map((h) => h.status)).toEqual(['reported', 'reviewing', 'needMore', 'reviewing', 'closed']);
    expect(fake.deliveries.filter((d) => d.orderCode === claimNo).map((d) => d.status)).toEqual([200, 200, 200, 200]);
    expect(await (t.handles.providers.insurer as GatewayInsurerProvider).queryClaim(claimNo)).toEqual({ claimNo, action: 'close', amountFen: 50_000 });
  });

  it('learns a claim’s decisions from the claim query job when no claim callback comes; a supplement is asked about again, a decided claim never', async () => {
    const { claimNo, photo, send, status } = await reportedClaim('never');
    const queries = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/claims/${claimNo}`).length;
    /** One run of the job with the clock moved on by `minutes`. */
    const runAt = async (minutes: number) => {
      offsetMs = minutes * MINUTE;
      try {
        return await t.handles.claimQueries.runOnce({ random: () => 1 });
      } finally {
        offsetMs = 0;
      }
    };
    expectOk(await photo('record'));
    expectOk(await photo('invoice'));
    expectOk(await send());
    await until(async () => fake.claims.get(claimNo)?.status === 'reviewing', 'the insurer to accept the claim');
    await fake.settled();
    expect(fake.deliveries.filter((d) => d.orderCode === claimNo)).toEqual([]);
    expect((await status()).status).toBe('reported');

    // Not due before INSURER_QUERY_AFTER_MINUTES (1 here): nothing asked.
    expect(await runAt(0)).toMatchObject({ applied: 0, waiting: 0 });
    expect(queries()).toBe(0);
    // Due: the acceptance is applied; two runs at once (two instances) ask once.
    offsetMs = 2 * MINUTE;
    try {
      const runs = await Promise.all([t.handles.claimQueries.runOnce(), t.handles.claimQueries.runOnce()]);
      expect(runs[0].applied + runs[1].applied).toBe(1);
    } finally {
      offsetMs = 0;
    }
    expect(queries()).toBe(1);
    expect((await status()).status).toBe('reviewing');

    // The insurer asks for more without calling back: the next query (after a longer wait) shows it to the parent.
    await fake.decideClaim(claimNo, { status: 'needMore', note: '请补充费用清单' });
    expect(await runAt(10)).toMatchObject({ applied: 1 });
    expect(await status()).toMatchObject({ status: 'needMore', insurerNote: '请补充费用清单' });
    // Waiting for the parent: not asked again.
    expect(await runAt(600)).toMatchObject({ applied: 0, waiting: 0 });
    const asked = queries();
    expectOk(await photo('feeList'));
    expect(expectOk(await send()).status).toBe('reviewing');
    // The supplement is due for a query again: under review at the insurer, nothing changes, and it is asked again later.
    expect(await runAt(2)).toMatchObject({ applied: 0, waiting: 1 });
    expect((await status()).status).toBe('reviewing');
    expect(queries()).toBe(asked + 1);

    await fake.decideClaim(claimNo, { status: 'closed', amountFen: 30_000 });
    expect(await runAt(600)).toMatchObject({ applied: 1 });
    const closed = await status();
    expect(closed).toMatchObject({ status: 'closed', amount: 300 });
    expect(closed.history.map((h) => h.status)).toEqual(['reported', 'reviewing', 'needMore', 'reviewing', 'closed']);
    // Decided: never asked again.
    expect(await runAt(6000)).toEqual({ applied: 0, waiting: 0, closed: 0, failed: 0 });
    expect(queries()).toBe(asked + 2);
  });

  it('issues from the insurer’s signed callback; a forged, skewed or replayed callback is refused 401 and changes nothing', async () => {
    fake.callbackMode = 'late';
    const order = await paidOrder();
    const policy = fake.policies.get(order.orderCode)!;
    expect(policy.notifyUrl).toBe(`${origin}${GATEWAY_NOTIFY_PATH}`);
    await until(async () => policy.status === 'issued', 'the insurer to decide');
    expect(await statusOf(order.orderCode)).toBe('waitIssue');

    const post = async (m: { url: string; body: string; headers: Record<string, string> }) => {
      const response = await fetch(m.url, { method: 'POST', body: m.body, headers: m.headers });
      return { status: response.status, body: (await response.json()) as { code: string } };
    };
    expect(await post(fake.callbackMessage(order.orderCode, { forge: true }))).toEqual({ status: 401, body: { code: 'INVALID_SIGNATURE', message: 'signature refused' } });
    expect(await post(fake.callbackMessage(order.orderCode, { skewS: -6 * 60 }))).toMatchObject({ status: 401, body: { code: 'STALE_TIMESTAMP' } });
    expect(await post({ ...fake.callbackMessage(order.orderCode), body: '{"orderCode":"x"}' })).toMatchObject({ status: 401 });
    const notJson = fake.callbackMessage(order.orderCode);
    const garbage = 'not json at all';
    expect(await post({ ...notJson, body: garbage, headers: { ...notJson.headers, ...signedHeaders({ keyId: fake.keyId, secret: fake.secret }, { method: 'POST', path: GATEWAY_NOTIFY_PATH, body: garbage }) } })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    // Signed, but naming another order than the application's: acknowledged, ignored.
    const mismatched = JSON.stringify({ orderCode: 'O-another-order', applicationFormCode: order.applicationFormCode, status: 'issued', policyNo: 'GW-X' });
    expect(await post({ url: `${origin}${GATEWAY_NOTIFY_PATH}`, body: mismatched, headers: { ...signedHeaders({ keyId: fake.keyId, secret: fake.secret }, { method: 'POST', path: GATEWAY_NOTIFY_PATH, body: mismatched }), 'content-type': 'application/json' } })).toMatchObject({ status: 200 });
    expect(await statusOf(order.orderCode)).toBe('waitIssue');

    // A genuine one, then the same bytes again: applied, then refused as a replay.
    const genuine = fake.callbackMessage(order.orderCode);
    expect(await post(genuine)).toEqual({ status: 200, body: { code: 'SUCCESS', message: 'OK' } });
    expect(await post(genuine)).toMatchObject({ status: 401, body: { code: 'REPLAYED_NONCE' } });
    expect(await statusOf(order.orderCode)).toBe('waitInsurance');
    expect((await orderDetail(t.app, session.token, order.orderCode)).body.data?.policyNo).toBe(policy.policyNo);

    // The insurer's own late callback: answered SUCCESS, nothing applied twice.
    await fake.settled();
    expect(fake.deliveries.filter((d) => d.orderCode === order.orderCode).map((d) => d.status)).toEqual([200]);
    expect(await issueEvents(order.orderCode)).toEqual(['waitInsurance']);
  });

  it('answers whatever a stranger posts to the callback route with a 4xx, never a 500', async () => {
    const url = GATEWAY_NOTIFY_PATH;
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: '' },
      { headers: { 'content-type': 'application/json' }, payload: '{"orderCode":' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' },
      { headers: { 'content-type': 'text/plain', 'x-gateway-key-id': fake.keyId, 'x-gateway-timestamp': '9'.repeat(12), 'x-gateway-nonce': 'n'.repeat(16), 'x-gateway-signature': '%%%' }, payload: 'x' },
      { headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(20_000) },
    ];
    for (const c of cases) {
      const response = await t.app.inject({ method: 'POST', url, ...c });
      expect(response.statusCode, c.payload.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, c.payload.slice(0, 20)).toBeLessThan(500);
    }
    expect((await t.app.inject({ method: 'POST', url: url.replace(/gateway$/, 'sandbox'), headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(404);
  });

  it('applies a callback delivered twice once', async () => {
    fake.callbackMode = 'twice';
    const order = await paidOrder();
    await fake.settled();
    expect(fake.deliveries.filter((d) => d.orderCode === order.orderCode).map((d) => d.status)).toEqual([200, 200]);
    expect(await statusOf(order.orderCode)).toBe('waitInsurance');
    expect(await issueEvents(order.orderCode)).toEqual(['waitInsurance']);
    const received = fake.policies.get(order.orderCode)!;
    expect(received.requests).toBe(1);
    // What the insurer underwrites on: the holder and the insureds as entered.
    expect(received.holder).toMatchObject({ name: validApplication(XUZHOU).policyHolder.name });
    expect(received.insureds.length).toBeGreaterThan(0);
    // A product without a health notice sends no answers.
    expect(received).not.toHaveProperty('healthAnswers');
  });

  it('sends the health notice answers of a product with a notice in the issue request', async () => {
    const order = await submitOrder(t.app, session.token, seriousIllnessApplication());
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    await until(async () => fake.policies.has(order.orderCode), 'the issue request to reach the insurer');
    expect(fake.policies.get(order.orderCode)?.healthAnswers).toEqual(SERIOUS_ILLNESS_ALL_NO);
    // Issued before the next test counts what the query job finds waiting.
    await fake.settled();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the policy to be issued');
  });

  it('serves the insurer’s own e-policy when it supplies one (stored, so asked once), and draws ours when it answers 404', async () => {
    fake.callbackMode = 'prompt';
    const ePolicyOf = async (applicationFormCode: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/_gw${fillPath(policyCalls.ePolicy.path, { applicationFormCode })}`, headers: { authorization: `Bearer ${session.token}` } });
      return { type: response.headers['content-type'], bytes: response.rawPayload };
    };
    const supplied = await paidOrder();
    await fake.settled();
    const insurersPdf = Buffer.from('%PDF-1.4\n% the insurer’s own e-policy\n%%EOF\n');
    fake.documents.set(supplied.orderCode, insurersPdf);
    const first = await ePolicyOf(supplied.applicationFormCode);
    expect(first.type).toBe('application/pdf');
    expect(first.bytes.equals(insurersPdf)).toBe(true);
    expect((await ePolicyOf(supplied.applicationFormCode)).bytes.equals(insurersPdf)).toBe(true);
    expect(fake.requests.filter((r) => r.path === `/policies/${supplied.orderCode}/document`)).toEqual([{ method: 'GET', path: `/policies/${supplied.orderCode}/document`, status: 200 }]);

    const drawn = await paidOrder();
    await fake.settled();
    const ours = await ePolicyOf(drawn.applicationFormCode);
    expect(ours.type).toBe('application/pdf');
    expect(ours.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(ours.bytes.byteLength).toBeGreaterThan(insurersPdf.byteLength * 10);
    expect(fake.requests.filter((r) => r.path === `/policies/${drawn.orderCode}/document`).map((r) => r.status)).toEqual([404]);
  });

  it('learns the outcome from the query job when the callback never comes, after INSURER_QUERY_AFTER_MINUTES; a refusal too', async () => {
    fake.callbackMode = 'never';
    const issued = await paidOrder();
    const refusedOrder = await submitOrder(t.app, session.token, validApplication(XUZHOU));
    fake.refuseIssue.add(refusedOrder.orderCode);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, refusedOrder.applicationFormCode)));
    await t.settled();
    await until(async () => fake.policies.get(refusedOrder.orderCode)?.status === 'refused', 'the insurer to refuse');
    await fake.settled();
    expect(fake.deliveries.filter((d) => d.orderCode === issued.orderCode)).toEqual([]);
    // Not due yet: nothing asked.
    expect(await t.handles.insurerQueries.runOnce()).toEqual({ applied: 0, waiting: 0, closed: 0, failed: 0 });
    expect(await statusOf(issued.orderCode)).toBe('waitIssue');
    offsetMs = 2 * MINUTE;
    try {
      // Two runs at once (as on two instances): each due row is claimed by one of them.
      const runs = await Promise.all([t.handles.insurerQueries.runOnce(), t.handles.insurerQueries.runOnce()]);
      expect(runs[0].applied + runs[1].applied).toBe(2);
    } finally {
      offsetMs = 0;
    }
    expect(await statusOf(issued.orderCode)).toBe('waitInsurance');
    expect(await statusOf(refusedOrder.orderCode)).toBe('issueFail');
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/policies/${issued.orderCode}`)).toHaveLength(1);
    // Done: not asked again.
    offsetMs = 60 * MINUTE;
    try {
      expect((await t.handles.insurerQueries.runOnce()).applied).toBe(0);
    } finally {
      offsetMs = 0;
    }
  });

  it('撤销 refused by the insurer answers 4001 and changes nothing; 退保 while the insurer answers 503 answers 5003 and changes nothing', async () => {
    fake.callbackMode = 'prompt';
    const order = await paidOrder();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the callback to issue the order');
    const policyNo = fake.policies.get(order.orderCode)!.policyNo!;

    fake.refuseEndorsements = true;
    expect((await endorse(policyNo)).body).toEqual({ code: '4001', msg: '保险公司未同意撤销保单', data: null });
    expect(await statusOf(order.orderCode)).toBe('waitInsurance');
    expect(fake.policies.get(order.orderCode)!.status).toBe('issued');
    fake.refuseEndorsements = false;

    fake.failNext = 3; // every attempt of the call (3 with its retries)
    expect((await endorse(policyNo)).body).toEqual({ code: '5003', msg: '保险公司系统繁忙，请稍后再试', data: null });
    expect(fake.failNext).toBe(0);
    expect(await statusOf(order.orderCode)).toBe('waitInsurance');
    expect(fake.policies.get(order.orderCode)!.status).toBe('issued');

    // Agreed: cancelled at the insurer with the whole premium back, 已退保 here.
    expect((await endorse(policyNo)).body).toMatchObject({ code: '0000', data: { status: 'surrender' } });
    expect(fake.policies.get(order.orderCode)).toMatchObject({ status: 'cancelled', refundFen: Math.round(order.amount * 100) });
  });

  it('退保 of a policy in force refused by the insurer answers 4001 and changes nothing; agreed, the insurer answers its refund', async () => {
    fake.callbackMode = 'prompt';
    const order = await paidOrder();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the callback to issue the order');
    const policyNo = fake.policies.get(order.orderCode)!.policyNo!;
    offsetMs = 3 * 24 * 60 * MINUTE;
    try {
      Object.assign(session, await login(t.app, session.phone));
      await t.lifecycle.runOnce();
      expect(await statusOf(order.orderCode)).toBe('guarantee');
      fake.refuseEndorsements = true;
      expect((await endorse(policyNo)).body).toEqual({ code: '4001', msg: '保险公司未同意退保', data: null });
      expect(await statusOf(order.orderCode)).toBe('guarantee');
      fake.refuseEndorsements = false;
      expect((await endorse(policyNo)).body).toMatchObject({ code: '0000', msg: '退保成功', data: { status: 'surrender' } });
      const surrendered = fake.policies.get(order.orderCode)!;
      expect(surrendered.status).toBe('surrendered');
      // The fake's clock is not moved: the whole cover is still ahead of it, so the whole premium.
      expect(surrendered.refundFen).toBe(Math.round(order.amount * 100));
      // The insurer's figure is the refund here (the product's own rule would give back less, three days into the cover).
      const detail = await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: session.token, payload: { applicationFormCode: order.applicationFormCode } });
      expect(detail.body.data?.refunds.map((r) => [r.status, r.amount])).toEqual([['pending', order.amount]]);
    } finally {
      // The session logged in at the moved clock stays valid (its expiry is later still).
      offsetMs = 0;
      fake.refuseEndorsements = false;
    }
  });

  it('an issue request lost to a busy insurer is found by the query job and sent again under the same order code', async () => {
    fake.callbackMode = 'prompt';
    fake.failNext = 3;
    const order = await submitOrder(t.app, session.token, validApplication(XUZHOU));
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    await until(async () => fake.failNext === 0, 'the issue request to be tried three times');
    expect(fake.policies.has(order.orderCode)).toBe(false);
    offsetMs = 2 * MINUTE;
    try {
      expect(await t.handles.insurerQueries.runOnce()).toMatchObject({ waiting: 1 });
    } finally {
      offsetMs = 0;
    }
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the resent request to be issued and called back');
    expect(fake.policies.get(order.orderCode)!.requests).toBe(1);
  });

  it('refuses our request with a wrong signature (401, the documented body); an answer not signed by the insurer is refused by us', async () => {
    const body = '{"orderCode":"O1"}';
    const wrong = signedHeaders({ keyId: fake.keyId, secret: 'x'.repeat(32) }, { method: 'POST', path: '/policies', body });
    const response = await fetch(`${fake.baseUrl}/policies`, { method: 'POST', body, headers: { ...wrong, 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'INVALID_SIGNATURE', message: 'signature refused' });

    // The same gateway with a secret the fake does not know: the fake refuses us (401, signed with its own secret), we refuse its answer.
    const { settings } = readGatewaySettings({ ...fake.env(), INSURER_GATEWAY_SECRET: 'y'.repeat(32) });
    const lines: object[] = [];
    const log = { info: (line: object) => void lines.push(line), warn: (line: object) => void lines.push(line) };
    const stranger = new GatewayInsurerProvider({ settings: settings!, callOut: createCallOut({ log, initialDelayMs: 1 }), nonces: new DatabaseNonceStore(t.database.db) });
    const failure = await stranger.query('O1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OutboundError);
    expect(failure).toMatchObject({ retryable: false, vendorCode: 'INVALID_SIGNATURE' });
    // One log line, without a body or a secret.
    expect(lines).toEqual([expect.objectContaining({ vendor: 'insurer-gateway', call: 'policies.query', attempts: 1, outcome: 'error:INVALID_SIGNATURE' })]);
    expect(JSON.stringify(lines)).not.toContain(settings!.secret);
    expect(String((failure as Error).message)).not.toContain(settings!.secret);
  });
});

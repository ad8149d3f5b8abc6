/**
 * Several instances on one database: two real server
 * processes started at once on one throw-away PostgreSQL database (and one
 * DATA_DIR, as on a shared volume), the exactly-once workloads sent through
 * both in turn — one serial submitted to both at once, each payment
 * notification delivered to either, both lifecycle schedulers running — and
 * the outcome compared with the same workload through one instance: one
 * order, one payment, one policy, every scheduled transition applied once.
 * PostgreSQL only (DATABASE_URL): PGlite is one process's embedded database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, GW, RESUB_HEADER } from '../../src/contract/define-call.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { paymentCalls } from '../../src/contract/payment.ts';
import { throwAwayDatabase } from '../support/bench-support.ts';
import { LIFECYCLE_SWEEP_LOG } from '../../src/server/orders/lifecycle-scheduler.ts';
import { AlipayProvider, type AlipayKeys } from '../../src/server/providers/payment/alipay-provider.ts';
import type { ChannelPayment, ChannelSandboxProvider } from '../../src/server/providers/payment/channel-sandbox-provider.ts';
import { JdPayProvider, type JdKeys } from '../../src/server/providers/payment/jd-pay-provider.ts';
import { signSandboxNotification } from '../../src/server/providers/payment/sandbox-notification.ts';
import { WECHAT_APP_ID, WECHAT_OAUTH_PATH, WechatPayProvider, type WechatKeys } from '../../src/server/providers/payment/wechat-pay-provider.ts';
import { gwCall, loginOverHttp, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { JINING, validApplication, XUZHOU } from './helpers.ts';

const admin = process.env.DATABASE_URL;
const PAY_SECRET = 'instances-test-pay-secret-0123456789';
type Channel = 'sandbox' | 'wechat' | 'alipay' | 'jd';
/** JD's notifications carry no id of their own (the app keys them by trade and status): the second one is the same notification. */
const CHANNELS: Channel[] = ['sandbox', 'wechat', 'alipay', 'jd'];
/** Submissions of one serial, spread over the instances, all at once. */
const SAME_SERIAL = 12;
/** Orders the schedulers time out, and issued policies they start. */
const TIMED_OUT = 8;
const STARTED = 4;

describe.skipIf(!admin)('several server instances on one PostgreSQL database', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let sql: pg.Pool;
  let encoders: Record<Exclude<Channel, 'sandbox'>, ChannelSandboxProvider>;

  beforeAll(async () => {
    scratch = await throwAwayDatabase(admin!, 'edu_instances');
    dataDir = mkdtempSync(join(tmpdir(), 'edu-instances-'));
    // No payment keys yet: both instances start at once on an empty DATA_DIR and an empty database.
    const env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'instances-test-jwt-secret-0123456789',
      PAY_SANDBOX_SECRET: PAY_SECRET,
      LIFECYCLE_INTERVAL_MS: '100',
      LOG_LEVEL: 'info',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    sql = new pg.Pool({ connectionString: scratch.url, max: 2 });
    // Dropping the database at the end ends idle connections; that is no error of the test.
    sql.on('error', () => undefined);
    // The channels' sandbox keys as the instances keep them, to sign notifications as the channels would.
    const keys = JSON.parse(readFileSync(join(dataDir, 'dev-payment-keys.json'), 'utf8')) as { wechat: WechatKeys; alipay: AlipayKeys; jd: JdKeys };
    const options = { baseUrl: '', notifyPath: '', post: async () => ({ status: 200, text: '' }), notifyDelayMs: 0 };
    encoders = { wechat: new WechatPayProvider(options, keys.wechat), alipay: new AlipayProvider(options, keys.alipay), jd: new JdPayProvider(options, keys.jd) };
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sql?.end();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (query: string, params: unknown[]) => Number((await sql.query<{ n: number }>(query, params)).rows[0]!.n);

  /** One client submitting a serial again and again through the instances (a retrying app behind a load balancer). */
  async function sameSerial(via: ServerProcess[], token: string) {
    const serial = (await gwCall<string>(via[0]!.base, 'GET', orderCalls.serial.path, { token })).data;
    const form = validApplication(JINING);
    const resubs = await Promise.all(Array.from({ length: SAME_SERIAL }, (_, i) => gwCall<string>(via[i % via.length]!.base, 'GET', orderCalls.resubToken.path, { token })));
    const answers = await Promise.all(
      resubs.map((resub, i) =>
        gwCall<{ body: { order: { code: string } } }>(via[i % via.length]!.base, 'POST', orderCalls.submitOrder.path, {
          token,
          body: { source: '01', entryType: '00', idempotentSerialNo: serial, applicationForms: [form] },
          headers: { [RESUB_HEADER]: resub.data },
        }),
      ),
    );
    const created = answers.filter((answer) => answer.code === '0000');
    return {
      ordersOfSerial: await count('select count(*)::int as n from orders where idempotent_serial_no = $1', [serial]),
      orderCodesAnswered: new Set(created.map((answer) => answer.data.body.order.code)).size,
      // Every other answer is a business refusal with a message, never a server error.
      refusalsClean: answers.every((answer) => answer.status === 200 && (answer.code === '0000' || (/^4\d{3}$/.test(answer.code) && answer.msg.length > 0))),
    };
  }

  async function submit(via: ServerProcess, token: string, productCode: string) {
    const serial = (await gwCall<string>(via.base, 'GET', orderCalls.serial.path, { token })).data;
    const resub = (await gwCall<string>(via.base, 'GET', orderCalls.resubToken.path, { token })).data;
    const answer = await gwCall<{ body: { order: { code: string; amount: number }; applicationForms: { information: { applicationFormCode: string } }[] } }>(
      via.base,
      'POST',
      orderCalls.submitOrder.path,
      { token, body: { source: '01', entryType: '00', idempotentSerialNo: serial, applicationForms: [validApplication(productCode)] }, headers: { [RESUB_HEADER]: resub } },
    );
    if (answer.code !== '0000') throw new Error(`submitOrder: ${answer.code} ${answer.msg}`);
    return { orderCode: answer.data.body.order.code, applicationFormCode: answer.data.body.applicationForms[0]!.information.applicationFormCode, amountFen: Math.round(answer.data.body.order.amount * 100) };
  }

  /** The client's way to a trade: the order made on one instance, the trade opened on the other (WeChat's OAuth page on the first). */
  async function openTrade(order: { orderCode: string; applicationFormCode: string }, channel: Channel, first: ServerProcess, second: ServerProcess, token: string): Promise<string> {
    const tradeOf = (payUrl: string) => new URL(payUrl, 'http://x').searchParams.get('tradeNo') ?? '';
    if (channel === 'sandbox' || channel === 'alipay') {
      const channelQuery = channel === 'alipay' ? '&channel=alipay' : '';
      return tradeOf((await gwCall<{ payUrl: string }>(second.base, 'GET', `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}${channelQuery}`, { token })).data.payUrl);
    }
    if (channel === 'jd') return (await gwCall<{ tradeNum: string }>(second.base, 'POST', paymentCalls.payOrderJd.path, { token, body: { orderCode: order.orderCode } })).data.tradeNum;
    const allowed = await fetch(`${first.base}${WECHAT_OAUTH_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_uri: '/#/payment', decision: 'allow' }).toString(),
      redirect: 'manual',
    });
    const code = new URL(allowed.headers.get('location') ?? '', 'http://x').searchParams.get('code') ?? '';
    const openid = await gwCall<{ openid: string }>(second.base, 'POST', fillPath(paymentCalls.getOpenid.path, { a: WECHAT_APP_ID, b: code, c: 'edu', d: 'st' }), { token });
    if (openid.code !== '0000') throw new Error(`getOpenid on another instance: ${openid.code} ${openid.msg}`);
    return (await gwCall<{ tradeNo: string }>(second.base, 'POST', paymentCalls.payOrderWeixin.path, { token, body: { orderCode: order.orderCode, openid: openid.data.openid } })).data.tradeNo;
  }

  async function encode(channel: Channel, payment: ChannelPayment) {
    if (channel !== 'sandbox') return encoders[channel].encode(payment);
    const body = await signSandboxNotification(PAY_SECRET, { ...payment, paidAt: payment.paidAt.toISOString() });
    return { body, contentType: 'application/jose', headers: {} };
  }

  async function deliver(via: ServerProcess, channel: Channel, encoded: { body: string; contentType: string; headers: Record<string, string> }): Promise<boolean> {
    const response = await fetch(`${via.base}${GW}${fillPath(paymentCalls.payNotify.path, { provider: channel })}`, {
      method: 'POST',
      headers: { ...encoded.headers, 'content-type': encoded.contentType },
      body: encoded.body,
    });
    const answer = { status: response.status, text: await response.text() };
    return channel === 'sandbox' ? (JSON.parse(answer.text) as { code: string }).code === '0000' : encoders[channel].acknowledged(answer);
  }

  async function until(what: string, done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Each channel's notification sent three times to every instance at once, and a second notification of the same payment to each. */
  async function payments(via: ServerProcess[], token: string) {
    const outcome: Record<string, unknown> = {};
    await Promise.all(
      CHANNELS.map(async (channel, i) => {
        const first = via[i % via.length]!;
        const second = via[(i + 1) % via.length]!;
        const order = await submit(first, token, XUZHOU);
        const tradeNo = await openTrade(order, channel, first, second, token);
        const payment = { notifyId: randomUUID(), tradeNo, amountFen: order.amountFen, status: 'SUCCESS' as const, paidAt: new Date() };
        const once = await encode(channel, payment);
        const again = await encode(channel, { ...payment, notifyId: randomUUID() });
        const acknowledged = await Promise.all([...via.flatMap((to) => [once, once, once, again].map((encoded) => deliver(to, channel, encoded)))]);
        const formStatus = async () => (await sql.query<{ status: string }>('select status from application_forms where application_form_code = $1', [order.applicationFormCode])).rows[0]!.status;
        // The winning instance's insurer issues the policy asynchronously.
        await until(`the policy of ${channel}`, async () => !['toBePaid', 'waitIssue'].includes(await formStatus()));
        const orderId = await count('select id as n from orders where order_code = $1', [order.orderCode]);
        outcome[channel] = {
          allAcknowledged: acknowledged.every(Boolean),
          succeededPayments: await count(`select count(*)::int as n from payments where order_id = $1 and status = 'succeeded'`, [orderId]),
          notificationsRecorded: await count('select count(*)::int as n from payment_notifications where trade_no = $1', [tradeNo]),
          policies: await count('select count(policy_no)::int as n from application_forms where order_id = $1', [orderId]),
          paidEvents: await count(`select count(*)::int as n from policy_status_events where order_id = $1 and actor = 'payment'`, [orderId]),
          issueEvents: await count(`select count(*)::int as n from policy_status_events where order_id = $1 and actor = 'insurer'`, [orderId]),
          refunds: await count('select count(*)::int as n from refunds where order_id = $1', [orderId]),
          status: await formStatus(),
        };
      }),
    );
    return outcome;
  }

  /** Orders made due all at once (one transaction) while every instance's scheduler runs. */
  async function scheduled(via: ServerProcess[], token: string) {
    const made: string[] = [];
    for (let i = 0; i < TIMED_OUT + STARTED; i++) made.push((await submit(via[i % via.length]!, token, JINING)).orderCode);
    const started = made.slice(0, STARTED);
    const client = await sql.connect();
    try {
      await client.query('begin');
      await client.query(`update orders set status = 'waitInsurance' where order_code = any($1)`, [started]);
      await client.query(
        `update application_forms f set status = 'waitInsurance', start_date = now() - interval '1 second' from orders o where o.id = f.order_id and o.order_code = any($1)`,
        [started],
      );
      await client.query(`update orders set pay_deadline = now() - interval '1 second' where order_code = any($1)`, [made.slice(STARTED)]);
      await client.query('commit');
    } finally {
      client.release();
    }
    const moved = () => count(`select count(*)::int as n from orders where order_code = any($1) and status in ('paymentTimeout', 'guarantee')`, [made]);
    await until('the schedulers', async () => (await moved()) === made.length);
    // A few more sweeps of every scheduler: nothing moves twice.
    await new Promise((r) => setTimeout(r, 400));
    const events = await sql.query<{ n: number }>(
      `select count(e.id)::int as n from orders o join application_forms f on f.order_id = o.id left join policy_status_events e on e.application_form_id = f.id and e.actor = 'scheduler' where o.order_code = any($1) group by f.id`,
      [made],
    );
    const statuses = await sql.query<{ status: string; n: number }>(
      `select f.status, count(*)::int as n from application_forms f join orders o on o.id = f.order_id where o.order_code = any($1) group by f.status order by f.status`,
      [made],
    );
    return {
      schedulerEventsPerForm: [...new Set(events.rows.map((row) => row.n))],
      forms: events.rows.length,
      statuses: Object.fromEntries(statuses.rows.map((row) => [row.status, row.n])),
    };
  }

  /** Rows each instance's scheduler says it moved since `from` (its log). */
  const sweptSince = (server: ServerProcess, from: number) =>
    server
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => line.includes(LIFECYCLE_SWEEP_LOG))
      .map((line) => (JSON.parse(line) as { lifecycle: Record<string, number> }).lifecycle)
      .reduce((sum, moved) => sum + (moved.paymentTimeout ?? 0) + (moved.start ?? 0) + (moved.expire ?? 0), 0);

  async function workload(via: ServerProcess[]) {
    const token = await loginOverHttp(via[0]!.base);
    const logFrom = via.map((server) => server.output().length);
    const result = { sameSerial: await sameSerial(via, token), payments: await payments(via, token), scheduled: await scheduled(via, token) };
    const swept = via.map((server, i) => sweptSince(server, logFrom[i]!));
    return { result, swept };
  }

  const expected = {
    sameSerial: { ordersOfSerial: 1, orderCodesAnswered: 1, refusalsClean: true },
    payments: Object.fromEntries(
      CHANNELS.map((channel) => [
        channel,
        { allAcknowledged: true, succeededPayments: 1, notificationsRecorded: channel === 'jd' ? 1 : 2, policies: 1, paidEvents: 1, issueEvents: 1, refunds: 0, status: expect.stringMatching(/^(waitInsurance|guarantee)$/) },
      ]),
    ),
    scheduled: { schedulerEventsPerForm: [1], forms: TIMED_OUT + STARTED, statuses: { guarantee: STARTED, paymentTimeout: TIMED_OUT } },
  };

  it('gives one order, one payment, one policy and one move per due row through two instances, as through one', async () => {
    const two = await workload([a, b]);
    expect(two.result).toEqual(expected);
    // Both schedulers ran; between them they moved each due row once (what each did is in its own log).
    expect(two.swept[0]! + two.swept[1]!).toBe(TIMED_OUT + STARTED);

    await b.stop();
    const one = await workload([a]);
    expect(one.result).toEqual(two.result);
    expect(one.swept).toEqual([TIMED_OUT + STARTED]);
  }, 120_000);
});

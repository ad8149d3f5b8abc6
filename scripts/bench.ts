/**
 * `npm run bench`: one run on loopback, printed as a table.
 * - quote requests per second (POST /_gw/prod-svc/calpremiums), as a ratio to
 *   a bare Fastify route answering a JSON POST, both measured in this run;
 * - order submissions per second and their p99 latency on PGlite, and on
 *   PostgreSQL when DATABASE_URL is set (serials and anti-resubmit tokens are
 *   fetched before the clock starts: only submitOrder/v2 is timed);
 * - payment notifications handled per second and their p99 latency, for the
 *   WeChat (RSA-SHA256 + AES-256-GCM) and Alipay (RSA2 form) styles, each
 *   trade notified twice (the second is a duplicate answered as success);
 *   orders and trades are prepared before the clock starts;
 * - the time to validate all manifests (cold, with the ajv compile, and warm).
 * Every loop is bounded in count and time and targets 127.0.0.1 only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { reservedRoutes } from '../src/contract/app-routes.ts';
import { fillPath, GW, RESUB_HEADER } from '../src/contract/define-call.ts';
import { checkManifestSet } from '../src/engine/manifest/index.ts';
import { channelSandbox, loginWithSms, sampleApplication, SAMPLE_PRODUCT_CODES, startBenchApp } from '../src/server/bench-support.ts';
import { orderCalls } from '../src/contract/order.ts';
import { paymentCalls } from '../src/contract/payment.ts';
import { productCalls } from '../src/contract/product.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const CONCURRENCY = 8;
const NOTIFY_TRADES = Number(process.env.BENCH_NOTIFY_TRADES ?? 150);

const quoteBody = JSON.stringify([
  {
    productCode: SAMPLE_PRODUCT_CODES.xuzhou,
    buyCopies: 1,
    channelNo: 'edu',
    renewalStatus: 1,
    factorInfos: [{ factorCode: 'socialSecurity', factorValue: 'N' }],
    insuranceVOS: [{ count: 1, programCode: 'XZ25-SJ', riskBeans: [{ riskCode: '2701' }] }],
  },
]);

async function rps(url: string, body: string): Promise<number> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: 16,
    // The load generator runs in its own thread so that it does not share the server's event loop.
    workers: 1,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function bareFastifyRps(): Promise<number> {
  const bare = Fastify({ logger: false });
  bare.post('/bare', async (request) => ({ code: '0000', msg: '', data: { echo: Array.isArray(request.body) } }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await rps(`${url}/bare`, quoteBody);
  } finally {
    await bare.close();
  }
}

async function quoteRps(): Promise<number> {
  const bench = await startBenchApp({ listen: true });
  try {
    return await rps(`${bench.url}${GW}${productCalls.calPremiums.path}`, quoteBody);
  } finally {
    await bench.close();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function orderThroughput(databaseUrl?: string): Promise<{ kind: string; perSecond: number; p50: number; p99: number }> {
  const bench = await startBenchApp({ listen: true, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    const base = `${bench.url}${GW}`;
    const users = await Promise.all(Array.from({ length: CONCURRENCY }, () => loginWithSms(bench.app)));
    const get = async (token: string, path: string) => {
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: string }).data;
    };
    // Untimed preparation: one serial and one anti-resubmit token per order.
    const jobs: { user: (typeof users)[number]; resub: string; body: string }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const user = users[i % users.length]!;
      const [serial, resub] = await Promise.all([get(user.token, orderCalls.serial.path), get(user.token, orderCalls.resubToken.path)]);
      jobs.push({
        user,
        resub,
        body: JSON.stringify({ idempotentSerialNo: serial, source: '01', entryType: '00', applicationForms: [sampleApplication(SAMPLE_PRODUCT_CODES.xuzhou)] }),
      });
    }
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          const t0 = performance.now();
          const res = await fetch(base + orderCalls.submitOrder.path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${job.user.token}`, [RESUB_HEADER]: job.resub },
            body: job.body,
          });
          const envelope = (await res.json()) as { code: string; msg: string };
          if (envelope.code !== '0000') throw new Error(`submitOrder: ${envelope.code} ${envelope.msg}`);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { kind: bench.kind, perSecond: jobs.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await bench.close();
  }
}

/** Payment notifications per second and p99 of one channel style (each trade notified twice: once new, once a duplicate). */
async function notificationThroughput(
  channel: 'wechat' | 'alipay',
  databaseUrl?: string,
): Promise<{ kind: string; channel: string; perSecond: number; p50: number; p99: number; count: number }> {
  const bench = await startBenchApp({ listen: true, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    const base = `${bench.url}${GW}`;
    const users = await Promise.all(Array.from({ length: CONCURRENCY }, () => loginWithSms(bench.app)));
    const call = async <T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const envelope = (await res.json()) as { code: string; msg: string; data: T };
      if (envelope.code !== '0000') throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
      return envelope.data;
    };
    // Untimed: one order and one open trade per notification pair.
    const provider = channelSandbox(bench.handles, channel);
    const jobs: { body: string; contentType: string; headers: Record<string, string> }[] = [];
    for (let i = 0; i < NOTIFY_TRADES; i++) {
      const user = users[i % users.length]!;
      const [serial, resub] = await Promise.all([call<string>(user.token, 'GET', orderCalls.serial.path), call<string>(user.token, 'GET', orderCalls.resubToken.path)]);
      const order = await call<{ body: { order: { code: string; amount: number }; applicationForms: { information: { applicationFormCode: string } }[] } }>(
        user.token,
        'POST',
        orderCalls.submitOrder.path,
        { idempotentSerialNo: serial, source: '01', entryType: '00', applicationForms: [sampleApplication(SAMPLE_PRODUCT_CODES.xuzhou)] },
        { [RESUB_HEADER]: resub },
      );
      const formCode = order.body.applicationForms[0]!.information.applicationFormCode;
      const payUrl = (await call<{ payUrl: string }>(user.token, 'GET', `${paymentCalls.payUrl.path}?appCode=${formCode}&channel=alipay`)).payUrl;
      const tradeNo =
        channel === 'alipay'
          ? new URL(payUrl, 'http://x').searchParams.get('tradeNo')!
          : (await call<{ mwebUrl: string; tradeNo: string }>(user.token, 'POST', paymentCalls.payOrderWapBiz.path, { orderCode: order.body.order.code })).tradeNo;
      const encoded = provider.encode({ notifyId: randomUUID(), tradeNo, amountFen: Math.round(order.body.order.amount * 100), status: 'SUCCESS', paidAt: new Date() });
      jobs.push(encoded, encoded);
    }
    const url = base + fillPath(paymentCalls.payNotify.path, { provider: channel });
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          const t0 = performance.now();
          const res = await fetch(url, { method: 'POST', headers: { ...job.headers, 'content-type': job.contentType }, body: job.body });
          const text = await res.text();
          if (!provider.acknowledged({ status: res.status, text })) throw new Error(`notify ${channel}: ${res.status} ${text}`);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { kind: bench.kind, channel, perSecond: jobs.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: jobs.length };
  } finally {
    await bench.close();
  }
}

function manifestTiming(): { files: number; coldMs: number; warmMs: number } {
  const dir = new URL('../manifests/', import.meta.url).pathname;
  const load = () =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ file: f, data: JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown }));
  let t0 = performance.now();
  const entries = load();
  if (checkManifestSet(entries, reservedRoutes()).length > 0) throw new Error('manifests have problems: run npm run manifests:check');
  const coldMs = performance.now() - t0;
  const rounds = 50;
  t0 = performance.now();
  for (let i = 0; i < rounds; i++) checkManifestSet(load(), reservedRoutes());
  return { files: entries.length, coldMs, warmMs: (performance.now() - t0) / rounds };
}

const manifests = manifestTiming();
const bare = await bareFastifyRps();
const quote = await quoteRps();
const orders = [await orderThroughput()];
if (process.env.DATABASE_URL) orders.push(await orderThroughput(process.env.DATABASE_URL));
const notifications = [await notificationThroughput('wechat'), await notificationThroughput('alipay')];
if (process.env.DATABASE_URL) {
  notifications.push(await notificationThroughput('wechat', process.env.DATABASE_URL), await notificationThroughput('alipay', process.env.DATABASE_URL));
}

const f = (n: number, digits = 0) => n.toFixed(digits);
console.log('\nbenchmark (one run, loopback, 2 cores)');
console.log(`  bare Fastify JSON route      ${f(bare)} req/s`);
console.log(`  quote (calpremiums)          ${f(quote)} req/s  = ${f(quote / bare, 2)} x bare route`);
for (const o of orders) {
  console.log(`  submitOrder on ${o.kind.padEnd(10)}   ${f(o.perSecond, 1)} orders/s  p50 ${f(o.p50, 1)} ms  p99 ${f(o.p99, 1)} ms  (${ORDERS} orders, ${CONCURRENCY} concurrent)`);
}
if (!process.env.DATABASE_URL) console.log('  submitOrder on PostgreSQL    skipped: set DATABASE_URL');
for (const n of notifications) {
  console.log(
    `  ${n.channel.padEnd(6)} notify on ${n.kind.padEnd(10)} ${f(n.perSecond, 1)} notifications/s  p50 ${f(n.p50, 1)} ms  p99 ${f(n.p99, 1)} ms  (${n.count}, half duplicates, ${CONCURRENCY} concurrent)`,
  );
}
if (!process.env.DATABASE_URL) console.log('  notifications on PostgreSQL  skipped: set DATABASE_URL');
console.log(`  validate ${manifests.files} manifests         cold ${f(manifests.coldMs, 1)} ms (with ajv compile), warm ${f(manifests.warmMs, 2)} ms`);

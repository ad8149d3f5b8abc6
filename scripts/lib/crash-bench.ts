/**
 * `BENCH_ONLY=crash` (scripts/bench.ts): order load against a real server
 * process, killed with SIGKILL a few times mid-load and restarted on the same
 * database, then the database checked directly.
 *
 * Each simulated client loops: serial, anti-resubmit token, submitOrder; for
 * every other order it acknowledged, a sandbox trade and its signed payment
 * notification. A request cut off by the kill has an unknown outcome: after
 * the restart the client retries it as the app does (same serial and body with
 * a new token; the same notification). At the end the server is stopped and
 * the database read: acknowledged orders missing, serials with two orders (or
 * acknowledged with two order codes), and half-written rows (orders without
 * forms, forms without insureds, totals that differ from their forms, paid
 * orders without their payment, applied notifications without a paid order).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { RESUB_HEADER, fillPath, GW } from '../../src/contract/define-call.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { paymentCalls } from '../../src/contract/payment.ts';
import { PAID_STATUSES } from '../../src/contract/policy-lifecycle.ts';
import { sampleApplication, SAMPLE_PRODUCT_CODES, throwAwayDatabase } from '../../tests/support/bench-support.ts';
import { openDb } from '../../src/server/db/open-db.ts';
import { signSandboxNotification } from '../../src/server/providers/payment/sandbox-notification.ts';
import { gwCall, loginOverHttp, startServerProcess, type ServerProcess } from '../../tests/support/server-process.ts';

const CLIENTS = 8;
const KILLS = Number(process.env.BENCH_CRASH_KILLS ?? 5);
/** Load before each kill, ms (the first round's is the shortest; a fixed spread, no randomness). */
const LOAD_MS = [3000, 5000, 4000, 6000, 3500];

interface OrderJob {
  /** The client's (a serial is its user's own). */
  token: string;
  serial: string;
  body: unknown;
  /** acked: the client got the order; unknown: cut off by a kill; refused: a 4xxx answer. */
  state: 'sending' | 'acked' | 'unknown' | 'refused';
  orderCodes: Set<string>;
  /** The first acknowledged order's form and amount (to pay it). */
  form?: { applicationFormCode: string; amountFen: number };
  /** When the kill cut this request off (retried after the restart). */
  cutAt?: Date;
}

interface PaymentJob {
  tradeNo: string;
  orderCode: string;
  notification: string;
  state: 'sending' | 'acked' | 'unknown' | 'refused';
  retried: boolean;
}

export interface CrashFigures {
  kind: string;
  kills: number;
  ordersSent: number;
  ordersAcknowledged: number;
  /** Cut off by a kill; each retried after the restart. */
  ordersInFlightAtKill: number;
  /** Of those, the ones whose order had committed before the kill (the retry got that order back). */
  committedBeforeKill: number;
  ordersRefused: number;
  ordersMissing: number;
  ordersDuplicated: number;
  paymentsAcknowledged: number;
  paymentsInFlightAtKill: number;
  paymentsMissing: number;
  paymentsDuplicated: number;
  halfWritten: Record<string, number>;
}

async function runClient(server: ServerProcess, token: string, orders: OrderJob[], payments: PaymentJob[], paySecret: string, stopAt: () => boolean): Promise<void> {
  let n = 0;
  while (!stopAt()) {
    let job: OrderJob | undefined;
    try {
      const [serial, resub] = await Promise.all([
        gwCall<string>(server.base, 'GET', orderCalls.serial.path, { token }),
        gwCall<string>(server.base, 'GET', orderCalls.resubToken.path, { token }),
      ]);
      job = {
        token,
        serial: serial.data,
        body: { source: '01', entryType: '00', idempotentSerialNo: serial.data, applicationForms: [sampleApplication(SAMPLE_PRODUCT_CODES.xuzhou)] },
        state: 'sending',
        orderCodes: new Set(),
      };
      orders.push(job);
      await submit(server, token, job, resub.data);
      if (job.state === 'acked' && n++ % 2 === 0) await pay(server, token, job, payments, paySecret);
    } catch {
      // The server is gone: this client waits for the next round.
      if (job?.state === 'sending') job.state = 'unknown';
      return;
    }
  }
}

async function submit(server: ServerProcess, token: string, job: OrderJob, resub: string): Promise<void> {
  const answer = await gwCall<{ body: { order: { code: string; amount: number }; applicationForms: { information: { applicationFormCode: string } }[] } }>(
    server.base,
    'POST',
    orderCalls.submitOrder.path,
    { token, body: job.body, headers: { [RESUB_HEADER]: resub } },
  );
  if (answer.code === '0000') {
    job.state = 'acked';
    job.orderCodes.add(answer.data.body.order.code);
    job.form ??= { applicationFormCode: answer.data.body.applicationForms[0]?.information.applicationFormCode ?? '', amountFen: Math.round(answer.data.body.order.amount * 100) };
  } else job.state = 'refused';
}

async function pay(server: ServerProcess, token: string, job: OrderJob, payments: PaymentJob[], paySecret: string): Promise<void> {
  const orderCode = [...job.orderCodes][0]!;
  if (!job.form?.applicationFormCode) return;
  const payUrl = await gwCall<{ payUrl: string }>(server.base, 'GET', `${paymentCalls.payUrl.path}?appCode=${job.form.applicationFormCode}`, { token });
  const tradeNo = new URL(payUrl.data.payUrl, 'http://x').searchParams.get('tradeNo') ?? '';
  const notification = await signSandboxNotification(paySecret, {
    notifyId: randomUUID(),
    tradeNo,
    amountFen: job.form.amountFen,
    status: 'SUCCESS',
    paidAt: new Date().toISOString(),
  });
  const payment: PaymentJob = { tradeNo, orderCode, notification, state: 'sending', retried: false };
  payments.push(payment);
  try {
    await notify(server, payment);
  } catch (error) {
    payment.state = 'unknown';
    throw error;
  }
}

async function notify(server: ServerProcess, payment: PaymentJob): Promise<void> {
  const response = await fetch(`${server.base}${GW}${fillPath(paymentCalls.payNotify.path, { provider: 'sandbox' })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/jose' },
    body: payment.notification,
  });
  payment.state = ((await response.json()) as { code: string }).code === '0000' ? 'acked' : 'refused';
}

async function count(db: Awaited<ReturnType<typeof openDb>>['db'], query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** One database: load, kill -9 and restart KILLS times, retry what was cut off, then check the rows. */
export async function crashRun(kind: 'pglite' | 'postgres', adminUrl?: string): Promise<CrashFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'edu-crash-bench-'));
  const scratch = kind === 'postgres' ? await throwAwayDatabase(adminUrl!, 'edu_crash_bench') : undefined;
  const paySecret = randomBytes(24).toString('base64url');
  const env = {
    DATABASE_URL: scratch?.url ?? '',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(24).toString('base64url'),
    PAY_SANDBOX_SECRET: paySecret,
    SMS_PER_IP_PER_HOUR: '1000000',
    // Payments are notified by the load itself; no timeouts move the orders meanwhile.
    LIFECYCLE_INTERVAL_MS: '0',
    SANDBOX_NOTIFY_DELAY_MS: '0',
  };
  const orders: OrderJob[] = [];
  const payments: PaymentJob[] = [];
  let kills = 0;
  // The rows are read from the database itself once the server has stopped.
  try {
    let server = await startServerProcess(env);
    const tokens = await Promise.all(Array.from({ length: CLIENTS }, () => loginOverHttp(server.base)));
    for (let round = 0; round < KILLS; round++) {
      let stopped = false;
      const clients = tokens.map((token) => runClient(server, token, orders, payments, paySecret, () => stopped));
      await new Promise((r) => setTimeout(r, LOAD_MS[round % LOAD_MS.length]));
      // Mid-load: requests are in flight on every client.
      const killedAt = new Date();
      await server.stop('SIGKILL');
      kills++;
      stopped = true;
      await Promise.all(clients);
      for (const job of orders) if ((job.state === 'unknown' || job.state === 'sending') && !job.cutAt) job.cutAt = killedAt;
      server = await startServerProcess(env);
      await retryCutOff(server, orders, payments);
    }
    await server.stop('SIGTERM');
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
  const database = await openDb({ databaseUrl: scratch?.url, dataDir });
  try {
    return await figures(kind, kills, database.db, orders, payments);
  } finally {
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What the app does after a lost answer: the same serial and body with a new token; the channel resends its notification. */
async function retryCutOff(server: ServerProcess, orders: OrderJob[], payments: PaymentJob[]): Promise<void> {
  for (const job of orders.filter((o) => o.state === 'unknown' || o.state === 'sending')) {
    const resub = await gwCall<string>(server.base, 'GET', orderCalls.resubToken.path, { token: job.token });
    await submit(server, job.token, job, resub.data);
  }
  for (const payment of payments.filter((p) => p.state === 'unknown' || p.state === 'sending')) {
    payment.retried = true;
    await notify(server, payment);
  }
}

async function figures(kind: string, kills: number, db: Awaited<ReturnType<typeof openDb>>['db'], orders: OrderJob[], payments: PaymentJob[]): Promise<CrashFigures> {
  const acked = orders.filter((o) => o.state === 'acked');
  const codes = acked.flatMap((o) => [...o.orderCodes]);
  const found = new Set(
    ((await db.execute(sql`select order_code from orders where order_code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`)) as unknown as { rows: { order_code: string }[] }).rows.map(
      (row) => row.order_code,
    ),
  );
  const retried = orders.filter((o) => o.cutAt);
  // Cut off after its commit: the order was written before the kill, the client heard of it only from its retry.
  const created = retried.length
    ? ((await db.execute(sql`select idempotent_serial_no as serial, created_at from orders where idempotent_serial_no in (${sql.join(retried.map((o) => sql`${o.serial}`), sql`, `)})`)) as unknown as {
        rows: { serial: string; created_at: string | Date }[];
      }).rows
    : [];
  const createdAt = new Map(created.map((row) => [row.serial, new Date(row.created_at)]));
  const committedBefore = retried.filter((o) => (createdAt.get(o.serial)?.getTime() ?? Infinity) <= o.cutAt!.getTime()).length;
  const paid = PAID_STATUSES.map((s) => sql`${s}`);
  const ackedPayments = payments.filter((p) => p.state === 'acked');
  const paidOrders = ackedPayments.length
    ? await count(
        db,
        sql`select count(distinct o.id)::int as n from orders o join payments p on p.order_id = o.id and p.status = 'succeeded' where o.order_code in (${sql.join(
          ackedPayments.map((p) => sql`${p.orderCode}`),
          sql`, `,
        )}) and o.status in (${sql.join(paid, sql`, `)})`,
      )
    : 0;
  return {
    kind,
    kills,
    ordersSent: orders.length,
    ordersAcknowledged: acked.length,
    ordersInFlightAtKill: retried.length,
    committedBeforeKill: committedBefore,
    ordersRefused: orders.filter((o) => o.state === 'refused').length,
    ordersMissing: codes.filter((c) => !found.has(c)).length,
    ordersDuplicated:
      acked.filter((o) => o.orderCodes.size > 1).length +
      (await count(db, sql`select count(*)::int as n from (select idempotent_serial_no from orders group by 1 having count(*) > 1) d`)),
    paymentsAcknowledged: ackedPayments.length,
    paymentsInFlightAtKill: payments.filter((p) => p.retried).length,
    paymentsMissing: ackedPayments.length - paidOrders,
    paymentsDuplicated: await count(db, sql`select count(*)::int as n from (select order_id from payments where status = 'succeeded' group by 1 having count(*) > 1) d`),
    halfWritten: {
      'orders without forms': await count(db, sql`select count(*)::int as n from orders o where not exists (select 1 from application_forms f where f.order_id = o.id)`),
      'forms without insureds': await count(db, sql`select count(*)::int as n from application_forms where jsonb_array_length(insureds) = 0 or holder is null`),
      'order totals unlike their forms': await count(
        db,
        sql`select count(*)::int as n from orders o where o.amount_fen <> (select coalesce(sum(f.premium_fen), 0) from application_forms f where f.order_id = o.id)`,
      ),
      'paid orders without a payment': await count(
        db,
        sql`select count(*)::int as n from orders o where o.status in (${sql.join(paid, sql`, `)}) and o.paid_at is not null and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'succeeded')`,
      ),
      'applied notifications, order unpaid': await count(
        db,
        sql`select count(*)::int as n from payment_notifications n join payments p on p.trade_no = n.trade_no join orders o on o.id = p.order_id where n.status = 'SUCCESS' and (p.status = 'pending' or o.status = 'toBePaid')`,
      ),
      'forms unlike their order status': await count(db, sql`select count(*)::int as n from application_forms f join orders o on o.id = f.order_id where f.status <> o.status`),
    },
  };
}

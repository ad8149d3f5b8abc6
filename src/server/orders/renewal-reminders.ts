/**
 * Renewal reminders (docs/policy-lifecycle.md, "Renewal reminders"): on each
 * of its manifest's `renewalReminderDays` before a policy's end, its holder
 * is texted the renewalReminder template with a link to the renewal. A
 * durable job on the lifecycle's tick: a run plans the reminders now due
 * (one row per policy and day, unique, so planning twice plans once), then
 * claims due rows (db/claim-due.ts: a lease, SKIP LOCKED, so two instances
 * never hold one) and marks each sent before it sends, so a reminder goes at
 * most once; a send that fails is put back and tried again later.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAID_STATUSES, REVERSED_STATUSES } from '../../contract/policy-lifecycle.ts';
import type { AppDeps } from '../app-deps.ts';
import { productCodesOf } from '../catalogue/manifest-fields.ts';
import { backoffMs, claimDue, type Claimed } from '../db/claim-due.ts';
import { renewalReminders } from '../db/schema.ts';
import { maskPhone } from '../../engine/rules/index.ts';

type ReminderDeps = Pick<AppDeps, 'db' | 'now' | 'manifests' | 'sms' | 'config'>;

/** How long a run holds a claimed reminder: far longer than one SMS call. */
const LEASE_MS = 5 * 60_000;
const RETRY_BASE_MS = 10 * 60_000;
const RETRY_MAX_MS = 6 * 3_600_000;
/** Failed sends after which a reminder is given up (kept as failed, with the last error). */
export const MAX_REMINDER_ATTEMPTS = 5;
const BATCH = 50;

/** A renewal of the policy paid and not reversed (refunded or surrendered): the holder has renewed. */
const RENEWED_STATUSES = PAID_STATUSES.filter((status) => !REVERSED_STATUSES.includes(status));

export interface ReminderRunResult {
  planned: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

export class RenewalReminders {
  constructor(
    private readonly deps: ReminderDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Plans the reminders now due, then sends the claimed ones. */
  async runOnce(): Promise<ReminderRunResult> {
    const result: ReminderRunResult = { planned: await this.plan(), sent: 0, skipped: 0, retried: 0, failed: 0 };
    const claimed = await claimDue(
      this.deps.db,
      { table: renewalReminders, id: renewalReminders.id, nextAttemptAt: renewalReminders.nextAttemptAt, attempts: renewalReminders.attempts },
      { now: this.deps.now(), leaseMs: LEASE_MS, limit: BATCH, where: eq(renewalReminders.status, 'pending') },
    );
    for (const claim of claimed) result[await this.remind(claim)] += 1;
    return result;
  }

  /**
   * A reminder row for each policy in force of a product with reminder days
   * whose day has come: the latest day only (a policy 5 days from its end
   * when the job first sees it gets the 7-day reminder, not the 30-day one too).
   */
  private async plan(): Promise<number> {
    const now = this.deps.now().toISOString();
    let planned = 0;
    for (const manifest of this.deps.manifests.all) {
      const days = [...(manifest.renewalReminderDays ?? [])].sort((a, b) => b - a);
      const codes = productCodesOf(manifest);
      for (const [i, day] of days.entries()) {
        const later = days[i + 1] ?? 0;
        const result = await this.deps.db.execute(sql`
          insert into renewal_reminders (application_form_id, days_before, next_attempt_at)
          select af.id, ${day}::int, ${now}::timestamptz from application_forms af join orders o on o.id = af.order_id
          where af.product_code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)}) and af.status = 'guarantee' and af.policy_no is not null and o.deleted_at is null
            and af.end_date - ${day}::int * interval '1 day' <= ${now}::timestamptz
            and af.end_date - ${later}::int * interval '1 day' > ${now}::timestamptz
          on conflict (application_form_id, days_before) do nothing
          returning id`);
        planned += (result as unknown as { rows: unknown[] }).rows.length;
      }
    }
    return planned;
  }

  private async remind(claim: Claimed): Promise<'sent' | 'skipped' | 'retried' | 'failed'> {
    const { db } = this.deps;
    const held = and(eq(renewalReminders.id, claim.id), eq(renewalReminders.attempts, claim.attempts), eq(renewalReminders.status, 'pending'));
    const [row] = (
      (await db.execute(sql`
        select af.application_form_code as "applicationFormCode", af.product_code as "productCode", af.product_name as "productName",
          af.status as "status", af.policy_no as "policyNo", af.holder->>'phone' as "phone", u.renewal_reminders as "wanted", rr.days_before as "daysBefore",
          exists (select 1 from application_forms r where r.renewal->>'renewalLastPolicyNo' = af.policy_no
            and r.status in (${sql.join(RENEWED_STATUSES.map((s) => sql`${s}`), sql`, `)})) as "renewed"
        from renewal_reminders rr join application_forms af on af.id = rr.application_form_id
          join orders o on o.id = af.order_id join users u on u.id = o.user_id
        where rr.id = ${claim.id}`)) as unknown as { rows: ReminderRow[] }
    ).rows;
    if (!row) return 'skipped';
    const skip = !row.wanted ? 'opted out' : row.renewed ? 'renewed' : row.status !== 'guarantee' ? `policy ${row.status}` : !row.phone ? 'no phone' : undefined;
    const now = this.deps.now();
    if (skip) {
      await db.update(renewalReminders).set({ status: 'skipped', reason: skip, nextAttemptAt: null }).where(held);
      return 'skipped';
    }
    // Marked sent first: a crash after this sends nothing twice (a reminder may be lost, never doubled).
    const marked = await db.update(renewalReminders).set({ status: 'sent', sentAt: now, nextAttemptAt: null, reason: null }).where(held).returning({ id: renewalReminders.id });
    if (marked.length === 0) return 'skipped';
    const fields = { applicationFormCode: row.applicationFormCode, daysBefore: row.daysBefore, phone: maskPhone(row.phone!) };
    try {
      await this.deps.sms.send(row.phone!, 'renewalReminder', { product: row.productName, link: renewalLink(this.deps.config.publicUrl, row) });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      const givenUp = claim.attempts >= MAX_REMINDER_ATTEMPTS;
      const wait = backoffMs(claim.attempts, RETRY_BASE_MS, RETRY_MAX_MS);
      await db
        .update(renewalReminders)
        .set(givenUp ? { status: 'failed', sentAt: null, reason: message } : { status: 'pending', sentAt: null, reason: message, nextAttemptAt: new Date(now.getTime() + wait) })
        .where(and(eq(renewalReminders.id, claim.id), eq(renewalReminders.attempts, claim.attempts)));
      this.log.warn({ ...fields, err: error }, givenUp ? 'renewal reminder given up' : 'renewal reminder not sent: tried again later');
      return givenUp ? 'failed' : 'retried';
    }
    this.log.info(fields, 'renewal reminder sent');
    return 'sent';
  }
}

interface ReminderRow {
  applicationFormCode: string;
  productCode: string;
  productName: string;
  status: string;
  policyNo: string;
  phone: string | null;
  wanted: boolean;
  daysBefore: number;
  renewed: boolean;
}

/** The renewal view of the product, which opens the renewal of this policy with its form filled in. */
export function renewalLink(publicUrl: string | undefined, row: { productCode: string; applicationFormCode: string }): string {
  const query = new URLSearchParams({ productCode: row.productCode, applicationFormCode: row.applicationFormCode });
  return `${publicUrl ?? ''}/#/insurerenew?${query.toString()}`;
}

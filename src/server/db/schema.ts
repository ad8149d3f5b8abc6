/**
 * Database schema (PostgreSQL dialect; the same tables run on PGlite and on a
 * PostgreSQL server). Money is stored in fen (integers). Invariants that the
 * application relies on are also enforced here: unique keys for idempotency
 * serials, anti-resubmit tokens and payment notifications, foreign keys, and
 * CHECK constraints on statuses.
 *
 * After a change run `npm run db:generate` and check in the new migration.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { POLICY_STATUSES } from '../../contract/policy-status.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** `column IN ('a','b',…)` for a CHECK constraint; values are our own constants, never user input. */
function oneOf(column: unknown, values: readonly string[]) {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  userCode: text('user_code').notNull().unique(),
  phone: text('phone').notNull().unique(),
  createdAt: createdAt(),
  lastLoginAt: ts('last_login_at'),
});

export const SMS_PURPOSES = ['login'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/**
 * One live code per phone and purpose: sending upserts the row, which makes the
 * "one send per 60 s" rule a single atomic statement.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('sms_codes_phone_purpose_key').on(t.phone, t.purpose),
    check('sms_codes_purpose_check', oneOf(t.purpose, SMS_PURPOSES)),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Serial numbers handed out by idg3; an order's idempotentSerialNo must be one of the caller's. */
export const serials = pgTable('serials', {
  serial: text('serial').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const resubTokens = pgTable(
  'resub_tokens',
  {
    token: text('token').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('resub_tokens_expires_idx').on(t.expiresAt)],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderCode: text('order_code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    idempotentSerialNo: text('idempotent_serial_no').notNull().unique(),
    /** SHA-256 of the submitted application forms: a serial reused with another body is refused. */
    requestHash: text('request_hash'),
    amountFen: integer('amount_fen').notNull(),
    status: text('status').notNull().default('toBePaid'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    check('orders_status_check', oneOf(t.status, POLICY_STATUSES)),
    check('orders_amount_check', sql`${t.amountFen} >= 0`),
  ],
);

export const applicationForms = pgTable(
  'application_forms',
  {
    id: id(),
    applicationFormCode: text('application_form_code').notNull().unique(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    /** Snapshot: the manifest may be renamed or withdrawn after the sale. */
    productName: text('product_name').notNull(),
    planCode: text('plan_code').notNull(),
    planName: text('plan_name').notNull(),
    premiumFen: integer('premium_fen').notNull(),
    copies: integer('copies').notNull().default(1),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date').notNull(),
    holder: jsonb('holder').notNull(),
    insureds: jsonb('insureds').notNull(),
    wards: jsonb('wards').notNull().default(sql`'[]'::jsonb`),
    factors: jsonb('factors').notNull().default(sql`'{}'::jsonb`),
    promoCode: text('promo_code'),
    /** `{renewalTimes, renewalLastPolicyNo}` when the parent renews (spec §4 Renewal). */
    renewal: jsonb('renewal'),
    /**
     * The spec §3 application-form fields without a column of their own, as the
     * server settled them: branch, channel, agents, renewal flags and the §9 constants.
     */
    formTerms: jsonb('form_terms'),
    policyNo: text('policy_no').unique(),
    status: text('status').notNull().default('toBePaid'),
    createdAt: createdAt(),
    issuedAt: ts('issued_at'),
  },
  (t) => [
    index('application_forms_order_idx').on(t.orderId),
    // The repeat-insurance check looks insureds up by ID number inside the jsonb array.
    index('application_forms_insureds_idx').using('gin', t.insureds.op('jsonb_path_ops')),
    check('application_forms_status_check', oneOf(t.status, POLICY_STATUSES)),
    check('application_forms_premium_check', sql`${t.premiumFen} >= 0`),
    check('application_forms_copies_check', sql`${t.copies} >= 1`),
  ],
);

/**
 * `duplicate`: money arrived for an order another trade had already paid; `late`: money arrived
 * for an order that can no longer be paid (timed out, cancelled, closed). Both get a refund row.
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'duplicate', 'late'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: id(),
    tradeNo: text('trade_no').notNull().unique(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amountFen: integer('amount_fen').notNull(),
    subject: text('subject').notNull(),
    returnUrl: text('return_url').notNull(),
    /** `duplicate`: money arrived for an order another trade had already paid; it needs a refund. */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_amount_check', sql`${t.amountFen} > 0`),
  ],
);

/** Every verified provider notification, once: the unique notify_id makes re-deliveries no-ops. */
export const paymentNotifications = pgTable('payment_notifications', {
  id: id(),
  notifyId: text('notify_id').notNull().unique(),
  provider: text('provider').notNull(),
  tradeNo: text('trade_no').notNull(),
  raw: text('raw').notNull(),
  verified: boolean('verified').notNull(),
  status: text('status').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
});

/** Pay-out record saved by the confirm page before paying (spec §3). */
export const payOuts = pgTable('pay_outs', {
  id: id(),
  applicationFormId: bigint('application_form_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => applicationForms.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  productCode: text('product_code').notNull(),
  startTime: text('start_time'),
  holderCode: text('holder_code'),
  isRenewal: text('is_renewal'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// --- payments
export const REFUND_REASONS = ['duplicatePayment', 'latePayment', 'issueFail'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_STATUSES = ['pending', 'refunded'] as const;

/**
 * Money to give back: a payment for an order that was already paid, closed,
 * cancelled or timed out, or whose policy the insurer refused to issue. One
 * row per payment (the unique key makes recording it idempotent); a payment is
 * never dropped.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    check('refunds_reason_check', oneOf(t.reason, REFUND_REASONS)),
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
  ],
);

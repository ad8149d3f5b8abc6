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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { POLICY_STATUSES } from '../../contract/policy-status.ts';
import { BIZ_TYPES, COMMENT_NODES } from '../../engine/ratings/ratings.ts';
import type { PolicyStatus } from '../../contract/order.ts';
import { CLAIM_KINDS, CLAIM_STATUSES, type ClaimKind, type ClaimStatus } from '../../contract/claims.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** `column IN ('a','b',…)` for a CHECK constraint; values are our own constants, never user input. */
function oneOf(column: unknown, values: readonly string[]) {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

/** The spec §6 agent rule, in order: promo code, employee number, the product's fixed agent (always wins), the holder's manager. */
export const AGENT_SOURCES = ['promoCode', 'employeeNum', 'fixedAgent', 'manager'] as const;
export type AgentSource = (typeof AGENT_SOURCES)[number];

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  userCode: text('user_code').notNull().unique(),
  phone: text('phone').notNull().unique(),
  createdAt: createdAt(),
  lastLoginAt: ts('last_login_at'),
  /** Log-ins so far (wxb/isFirstLogin answers true while it is 1). */
  loginCount: integer('login_count').notNull().default(0),
  /** `scrypt$N$r$p$salt$hash` (base64url), or null for an SMS-only account. */
  passwordHash: text('password_hash'),
  /** Bumped by a password change: access tokens carry it, older ones are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  /** User info (spec §3): what the user typed on /userInfo. */
  actualName: text('actual_name'),
  sex: text('sex'),
  dateOfBirth: text('date_of_birth'),
  contactAddress: text('contact_address'),
  imgUrl: text('img_url'),
  /** Identity confirmed by the identity provider (real-name check). */
  realName: text('real_name'),
  idNo: text('id_no'),
  realNameAt: ts('real_name_at'),
  faceAt: ts('face_at'),
  /** Whether the renewal reminders of the user's policies are texted (个人中心 → 续保提醒; docs/policy-lifecycle.md). */
  renewalReminders: boolean('renewal_reminders').notNull().default(true),
});

export const SMS_PURPOSES = ['login', 'register', 'reset', 'changePhone'] as const;
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
    /**
     * The pair this token was rotated into, sealed (AES-256-GCM) with a key
     * derived from this token, so only its holder can open it: the same
     * client refreshing twice within the grace window gets the same pair.
     */
    successorSealed: text('successor_sealed'),
    /** Hash of the client (user agent and address) that rotated it. */
    rotatedFor: text('rotated_for'),
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
  /**
   * The application the confirm page's repeat check was asked about with this
   * serial (hash as `orders.request_hash`): the check answers only for its
   * insureds, and the order of the serial must carry that application.
   */
  checkedHash: text('checked_hash'),
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
    status: text('status').$type<PolicyStatus>().notNull().default('toBePaid'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    /** Unpaid at this instant → paymentTimeout (the lifecycle scheduler); null for orders never waiting for a payment. */
    payDeadline: ts('pay_deadline'),
    /** The holder deleted the (cancelled or timed-out) order: hidden from every list and lookup. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // --- policies: the scheduler's payment-timeout sweep reads only unpaid orders by deadline.
    index('orders_pay_deadline_idx').on(t.payDeadline).where(sql`${t.status} = 'toBePaid'`),
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
    /** The promoter the server attributed the sale to (spec §6 agent rule), or null. */
    promoterUserId: uuid('promoter_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Which rule of spec §6 decided the agent. */
    agentSource: text('agent_source').$type<AgentSource>(),
    /**
     * The promoter's reward rate in basis points (500 = 5 %), copied from the
     * manifest's `promotion.rewardRate` when the sale is made, so a later change
     * of the manifest does not rewrite past rewards. Null without a promoter.
     */
    rewardRateBp: integer('reward_rate_bp'),
    /** When the reward of this sale was paid out to the promoter (`npm run staff -- pay-rewards`). */
    rewardPaidAt: ts('reward_paid_at'),
    /** `{renewalTimes, renewalLastPolicyNo}` when the parent renews (spec §4 Renewal). */
    renewal: jsonb('renewal'),
    /**
     * The spec §3 application-form fields without a column of their own, as the
     * server settled them: branch, channel, agents, renewal flags and the §9 constants.
     */
    formTerms: jsonb('form_terms'),
    policyNo: text('policy_no').unique(),
    status: text('status').$type<PolicyStatus>().notNull().default('toBePaid'),
    createdAt: createdAt(),
    issuedAt: ts('issued_at'),
    /** When the status last changed (the lifecycle's transitions set it). */
    statusChangedAt: ts('status_changed_at'),
  },
  (t) => [
    index('application_forms_order_idx').on(t.orderId),
    // The promoter area: a promoter's sales by time, with the status and premium so that
    // the achievements aggregate is an index-only scan (100,000 sales in the benchmark).
    index('application_forms_promoter_sales_idx').on(t.promoterUserId, t.createdAt, t.status, t.premiumFen),
    check('application_forms_agent_source_check', oneOf(t.agentSource, AGENT_SOURCES)),
    check('application_forms_reward_rate_check', sql`${t.rewardRateBp} between 0 and 10000`),
    // --- policies: the scheduler's start and expiry sweeps.
    index('application_forms_start_due_idx').on(t.startDate).where(sql`${t.status} = 'waitInsurance'`),
    index('application_forms_end_due_idx').on(t.endDate).where(sql`${t.status} in ('waitInsurance', 'guarantee')`),
    // The repeat-insurance check looks insured people up by their identity keys: document number, and
    // name and birthday (insured_identity_keys and covered_insured_index, migration 0020).
    index('application_forms_insured_keys_idx')
      .using('gin', sql`insured_identity_keys(${t.insureds})`)
      .with({ fastupdate: false }),
    check('application_forms_status_check', oneOf(t.status, POLICY_STATUSES)),
    check('application_forms_premium_check', sql`${t.premiumFen} >= 0`),
    check('application_forms_copies_check', sql`${t.copies} >= 1`),
  ],
);

/**
 * The health notice (健康告知) answers of an application form as the server
 * checked them against the manifest (src/engine/health/health-notice.ts):
 * question id → answer, only the questions shown. Written in the order's
 * transaction; sent to the insurer with the issue request. A form of a
 * product without a notice has no row.
 */
export const healthAnswers = pgTable('health_answers', {
  applicationFormId: bigint('application_form_id', { mode: 'number' })
    .primaryKey()
    .references(() => applicationForms.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

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

// --- ratings
/**
 * Product ratings (comment-svc). One rating per user, business and node.
 * Imported ratings (the demo seed) have no user and keep only their account.
 */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    productCode: text('product_code').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Login account (phone) of the rater; masked in every answer. */
    loginAccount: text('login_account').notNull(),
    bizNo: text('biz_no').notNull(),
    bizType: text('biz_type').notNull(),
    commentNode: text('comment_node').notNull(),
    /** Mean of the star items in tenths (47 = 4.7). */
    scoreTenths: integer('score_tenths').notNull(),
    /** Star items: `[{code, name, score}]`. */
    items: jsonb('items').notNull(),
    tags: jsonb('tags').notNull().default(sql`'[]'::jsonb`),
    text: text('text').notNull().default(''),
    /** 1 visible, 0 hidden by moderation. */
    status: integer('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('comments_user_biz_node_key').on(t.userId, t.bizNo, t.commentNode),
    index('comments_product_node_idx').on(t.productCode, t.commentNode, t.createdAt),
    check('comments_node_check', oneOf(t.commentNode, COMMENT_NODES)),
    check('comments_biz_type_check', oneOf(t.bizType, BIZ_TYPES)),
    check('comments_score_check', sql`${t.scoreTenths} between 10 and 50`),
  ],
);
// --- accounts

/** Image captchas (GET v2/kaptcha): the answer is stored hashed; one use, 3 tries, 5 minutes. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: ts('used_at'),
});

/**
 * WeChat sandbox OAuth codes already exchanged. The codes carry their openid
 * under a signature, so any instance can read them; this table makes each
 * usable once across instances (docs/scaling.md). Kept 10 minutes (codes live 5).
 */
export const sandboxOauthCodesUsed = pgTable('sandbox_oauth_codes_used', {
  code: text('code').primaryKey(),
  usedAt: ts('used_at').notNull(),
});

/**
 * The WeChat openids the server itself obtained for a user (getOpenid's code
 * exchange). JSAPI pay accepts only one of these, so a client cannot open a
 * trade for an openid it made up or took from someone else.
 */
export const wechatPayers = pgTable(
  'wechat_payers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openid: text('openid').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.openid] })],
);

/**
 * Failed log-ins per account (the phone typed, registered or not, so the
 * limits say nothing about who has an account). A success clears the row.
 */
export const loginFailures = pgTable('login_failures', {
  account: text('account').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull(),
  lockedUntil: ts('locked_until'),
});

export const IDENTITY_STATUSES = ['pending', 'passed', 'failed'] as const;

/** One real-name (+ face) verification, by the client's verId (op-log validate/id, validate/face, ver/edu). */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    verId: text('ver_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    idNo: text('id_no').notNull(),
    idStatus: text('id_status').notNull(),
    idReason: text('id_reason'),
    faceStatus: text('face_status'),
    backUrl: text('back_url'),
    /** sha256 of the one-time ticket of the face page (the page's link carries the ticket itself). */
    faceTicketHash: text('face_ticket_hash').unique(),
    /** When the face page was handed out; its ticket is good for FACE_TICKET_TTL after that. */
    faceStartedAt: ts('face_started_at'),
    /** The identity vendor's handle on the face check (Tencent's BizToken), to ask for its outcome; null for the sandbox. */
    faceVendorToken: text('face_vendor_token'),
    /** Why the face check failed, in the user's language. */
    faceReason: text('face_reason'),
    createdAt: createdAt(),
    faceAt: ts('face_at'),
  },
  (t) => [
    index('identity_verifications_user_idx').on(t.userId, t.createdAt),
    check('identity_verifications_id_status_check', oneOf(t.idStatus, IDENTITY_STATUSES)),
  ],
);

/** Uploaded images (POST user-svc/api/file), served by an unguessable id. */
export const userFiles = pgTable('user_files', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  /** base64 of the bytes (≤ 2 MB before encoding). */
  data: text('data').notNull(),
  createdAt: createdAt(),
});

/** Brokerage staff (selectByEmployeeNum): a user who is a broker and may promote. */
export const staffMembers = pgTable('staff_members', {
  employeeNum: text('employee_num').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  licenseNumber: text('license_number').notNull(),
  branchCode: text('branch_code').notNull(),
  branchName: text('branch_name').notNull(),
  /** Sales channel of the staff member; '05' is all-sale and sets the order's schanelCode (spec §6). */
  channelCode: text('channel_code').notNull().default(''),
  /** What the staff member may do: STAFF_ROLES (src/contract/promoter.ts). */
  roles: text('roles').array().notNull().default(sql`'{broker}'::text[]`),
  /**
   * The products and markets the member covers: product codes (`23PR370860`) and market ids (`jining`, every
   * product of manifests/markets/jining.json); `*` covers every product. Empty covers none.
   */
  scope: text('scope').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

export { STAFF_ROLES, type StaffRole } from '../../contract/promoter.ts';

/**
 * The codes of a promoter (a user who shares: a staff member, or a customer who
 * recommends): the promo code a share link carries and the manager code printed
 * for a 客户经理. Both random, so one cannot be derived from another.
 */
export const promoterCodes = pgTable('promoter_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  promoCode: text('promo_code').notNull().unique(),
  managerCode: text('manager_code').notNull().unique(),
  createdAt: createdAt(),
});

/** How a customer got their manager: a promo link at log-in, the first order's promo code, or staff. */
export const MANAGER_SOURCES = ['link', 'order', 'staff'] as const;
export type ManagerSource = (typeof MANAGER_SOURCES)[number];

/** The promoter (customer manager) of a customer (registerCustomer/addCustomer). */
export const customerManagers = pgTable(
  'customer_managers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    managerUserCode: text('manager_user_code').notNull(),
    schanelCode: text('schanel_code').notNull().default(''),
    source: text('source').$type<ManagerSource>().notNull().default('link'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [index('customer_managers_manager_idx').on(t.managerUserCode), check('customer_managers_source_check', oneOf(t.source, MANAGER_SOURCES))],
);

/** Consent to the registration notice and privacy clause (agreePrivacyLog/save). */
export const privacyConsents = pgTable('privacy_consents', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  documents: text('documents').notNull(),
  ip: text('ip').notNull(),
  agreedAt: ts('agreed_at').notNull(),
});
// --- schools

/**
 * The school directory (edu-svc schoolinfo). Seeded schools are verified
 * (owner null); a school a parent adds is owned by them, unverified and only
 * visible to them. `nameKey` is the name normalised for de-duplication
 * (no spaces, full-width brackets and letters folded); `regionCode` is the
 * most precise code known (county, else city).
 */
export const schools = pgTable(
  'schools',
  {
    id: id(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    schoolKind: text('school_kind').notNull(),
    schoolNature: text('school_nature'),
    provinceCode: text('province_code').notNull(),
    cityCode: text('city_code').notNull(),
    countyCode: text('county_code'),
    regionCode: text('region_code').notNull(),
    address: text('address'),
    phone: text('phone'),
    /** Colleges of a university (selectSchoolCollege), in display order. */
    colleges: jsonb('colleges').notNull().default(sql`'[]'::jsonb`),
    verified: boolean('verified').notNull().default(false),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('schools_directory_key').on(t.regionCode, t.nameKey).where(sql`${t.ownerUserId} is null`),
    uniqueIndex('schools_owner_key').on(t.ownerUserId, t.regionCode, t.nameKey).where(sql`${t.ownerUserId} is not null`),
    index('schools_city_idx').on(t.cityCode),
    index('schools_county_idx').on(t.countyCode),
    check('schools_owner_check', sql`(${t.ownerUserId} is null) = ${t.verified}`),
  ],
);

// --- policies (lifecycle, drafts)

/**
 * Every status change of an application form, written by the one transition
 * function of the lifecycle (src/server/orders/lifecycle-repo.ts) in the same
 * statement batch as the change: an audit trail, and the proof that a
 * time-driven transition ran once.
 */
export const policyStatusEvents = pgTable(
  'policy_status_events',
  {
    id: id(),
    applicationFormId: bigint('application_form_id', { mode: 'number' })
      .notNull()
      .references(() => applicationForms.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** Who moved it: user, scheduler, payment, insurer. */
    actor: text('actor').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('policy_status_events_form_idx').on(t.applicationFormId),
    check('policy_status_events_from_check', oneOf(t.fromStatus, POLICY_STATUSES)),
    check('policy_status_events_to_check', oneOf(t.toStatus, POLICY_STATUSES)),
  ],
);

/** Insure forms saved as drafts (暂存, ins-order/order/saveTempForm/v2), per user, resumable on any device. */
export const tempForms = pgTable(
  'temp_forms',
  {
    id: id(),
    serial: text('serial').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    /** The insure form in progress (InsureDraft of the web app), validated by the contract on save. */
    form: jsonb('form').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('temp_forms_user_idx').on(t.userId, t.updatedAt)],
);
// --- payments
export const REFUND_REASONS = ['duplicatePayment', 'latePayment', 'issueFail', 'surrender'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** pending: to send (or to send again); processing: accepted by the channel, not yet done; succeeded and failed are final. */
export const REFUND_STATUSES = ['pending', 'processing', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money to give back: a payment for an order that was already paid, closed,
 * cancelled or timed out, or whose policy the insurer refused to issue. One
 * row per payment (the unique key makes recording it idempotent); a payment is
 * never dropped. The refund job (payments/refund-payouts.ts) sends it to the
 * channel the payment came from under its stable `refund_no`, so a re-send
 * never pays twice; `next_attempt_at` is when the job takes it up next (its
 * lease while a run holds it), null once it is final.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    /** RF + the id: the out_request_no / out_refund_no every channel refunds once. */
    refundNo: text('refund_no')
      .notNull()
      .unique()
      .generatedAlwaysAs(sql`'RF' || lpad(id::text, 12, '0')`),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    /** Runs of the job that took the refund up (also the fence of a run's writes). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').defaultNow(),
    /** The last transient failure, for the operator (no body of the platform's answer). */
    lastError: text('last_error'),
    platformRefundNo: text('platform_refund_no'),
    /** The platform's words when it refused the refund (status failed). */
    refusedReason: text('refused_reason'),
    /** When the channel first accepted the refund (WeChat Pay's bill dates a refund by this day). */
    acceptedAt: ts('accepted_at'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
    check('refunds_reason_check', oneOf(t.reason, REFUND_REASONS)),
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
  ],
);
// --- renewal reminders (docs/policy-lifecycle.md, "Renewal reminders")
export const RENEWAL_REMINDER_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type RenewalReminderStatus = (typeof RENEWAL_REMINDER_STATUSES)[number];

/**
 * One renewal reminder of one policy: the manifest's `renewalReminderDays`
 * day before its end, planned once (unique per policy and day) and sent at
 * most once by the durable reminder job (db/claim-due.ts).
 */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    id: id(),
    applicationFormId: bigint('application_form_id', { mode: 'number' })
      .notNull()
      .references(() => applicationForms.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    status: text('status').$type<RenewalReminderStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').defaultNow(),
    /** Why it was not sent (opted out, renewed, no longer in force) or the last failure. */
    reason: text('reason'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('renewal_reminders_form_day_idx').on(t.applicationFormId, t.daysBefore),
    index('renewal_reminders_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
    check('renewal_reminders_status_check', oneOf(t.status, RENEWAL_REMINDER_STATUSES)),
  ],
);

// --- other calls (docs/other-calls.md)

/**
 * Client operation-log events (op-log raw/json): personal data masked before
 * they are written, at most 4 KB each, kept 30 days. The address counts the
 * per-address limit.
 */
export const clientEvents = pgTable(
  'client_events',
  {
    id: id(),
    /** The sender when a valid token came along (no foreign key: a log line outlives its account and never fails on it). */
    userId: uuid('user_id'),
    event: text('event').notNull(),
    page: text('page'),
    data: jsonb('data'),
    clientAt: ts('client_at'),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('client_events_ip_idx').on(t.ip, t.createdAt), index('client_events_created_idx').on(t.createdAt)],
);

/**
 * One use of a rate-limit key (http/rate-limit.ts): an SMS send per phone and
 * per address, a recording start per address, a limited call per user (and
 * product). Budgets count a key's rows in their window.
 */
export const rateLimitUses = pgTable(
  'rate_limit_uses',
  {
    id: id(),
    key: text('key').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('rate_limit_uses_key_idx').on(t.key, t.at), index('rate_limit_uses_at_idx').on(t.at)],
);

// --- promoter area

/**
 * Product links and renewal reminders a promoter texted to one of their
 * customers (promoter area customerPush). One row per promoter, customer and
 * Shanghai calendar day: the unique key makes "at most one SMS a day" a single
 * atomic insert.
 */
export const customerPushes = pgTable(
  'customer_pushes',
  {
    id: id(),
    promoterUserId: uuid('promoter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerUserId: uuid('customer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    productCode: text('product_code').notNull(),
    /** The Shanghai calendar day of the send, YYYY-MM-DD. */
    day: text('day').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [
    uniqueIndex('customer_pushes_daily_key').on(t.promoterUserId, t.customerUserId, t.day),
    check('customer_pushes_kind_check', oneOf(t.kind, ['product', 'renewal'])),
  ],
);

// --- contracts (docs/contracts.md)

export const CONTRACT_STATUSES = ['signing', 'signed', 'expired', 'rejected'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/**
 * One electronic agreement of a contract-mode product: its parties (stored in
 * full, shown masked), the e-sign task (created idempotently on contract_no,
 * our business number) and the files in the storage provider.
 */
export const contracts = pgTable(
  'contracts',
  {
    contractNo: text('contract_no').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    status: text('status').$type<ContractStatus>().notNull().default('signing'),
    holderName: text('holder_name').notNull(),
    holderIdNo: text('holder_id_no').notNull(),
    insuredName: text('insured_name').notNull(),
    insuredIdNo: text('insured_id_no').notNull(),
    schoolName: text('school_name').notNull(),
    managerEmployeeNum: text('manager_employee_num').notNull(),
    /** The e-sign platform's task and the signer's page (expires). */
    esignProvider: text('esign_provider').notNull(),
    taskId: text('task_id'),
    signUrl: text('sign_url'),
    /** SHA-256 (hex) of the unsigned document the parent read. */
    documentSha256: text('document_sha256').notNull(),
    draftKey: text('draft_key').notNull(),
    signedKey: text('signed_key'),
    signedAt: ts('signed_at'),
    /** The last e-sign event applied (its sequence number): an older one arriving later changes nothing. */
    lastEventSeq: integer('last_event_seq').notNull().default(0),
    lastPolledAt: ts('last_polled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contracts_user_idx').on(t.userId, t.createdAt),
    check('contracts_status_check', sql`${t.status} in ('signing', 'signed', 'expired', 'rejected')`),
  ],
);

/** Every e-sign callback applied, by the platform's event id: a duplicate or replay finds its row and changes nothing. */
export const esignEvents = pgTable('esign_events', {
  eventId: text('event_id').primaryKey(),
  contractNo: text('contract_no').notNull(),
  type: text('type').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: createdAt(),
});

/** Files of the database storage provider (STORAGE_PROVIDER=database): signed and unsigned agreements. */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  /** base64 of the bytes. */
  data: text('data').notNull(),
  createdAt: createdAt(),
});

/** Roster status of an insured of an offline product: 0 not yet, 1 agreement signed, 2 insured (paid). */
export const ROSTER_STATUSES = ['0', '1', '2'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

/** The school roster of an offline product, loaded from the school's CSV by an operator (npm run roster). */
export const offlineRoster = pgTable(
  'offline_roster',
  {
    id: id(),
    productCode: text('product_code').notNull(),
    idNo: text('id_no').notNull(),
    name: text('name').notNull(),
    schoolName: text('school_name').notNull(),
    className: text('class_name').notNull().default(''),
    status: text('status').$type<RosterStatus>().notNull().default('0'),
    contractNo: text('contract_no'),
    /** The order whose payment moved the entry to 2 (insured); cleared by a reset. */
    orderCode: text('order_code'),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offline_roster_product_id_no').on(t.productCode, t.idNo),
    check('offline_roster_status_check', sql`${t.status} in ('0', '1', '2')`),
  ],
);

/**
 * The e-sign sandbox's own signing tasks (what a real platform keeps on its
 * side): in the database, so a task outlives a restart of the server and two
 * server processes on one database see the same tasks. Idempotent on our
 * business number; `seq` numbers the task's events (incremented atomically).
 */
export const esignSandboxTasks = pgTable('esign_sandbox_tasks', {
  taskId: text('task_id').primaryKey(),
  businessNo: text('business_no').notNull().unique(),
  title: text('title').notNull(),
  /** The document's text shown on the signing page. */
  preview: jsonb('preview').$type<string[]>().notNull(),
  signerName: text('signer_name').notNull(),
  signerIdNo: text('signer_id_no').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status').notNull().default('signing'),
  seq: integer('seq').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  /** The drawn signature (PNG, base64) once signed. */
  signature: text('signature'),
  signedAt: ts('signed_at'),
  createdAt: createdAt(),
});

/**
 * The 腾讯电子签 flow created for each of our business numbers
 * (providers/esign/tencent-ess-provider.ts): the platform takes no
 * idempotency key, so the adapter keeps which flow it created for a contract
 * number and the last signing link while it is fresh. The row is claimed
 * (inserted without a flow) by the one request that creates the flow, so no
 * transaction or lock is held during the platform's calls; a claim older than
 * a minute without a flow is taken over.
 */
export const esignTencentFlows = pgTable('esign_tencent_flows', {
  businessNo: text('business_no').primaryKey(),
  flowId: text('flow_id').unique(),
  claimedAt: ts('claimed_at').notNull(),
  signUrl: text('sign_url'),
  signUrlExpiresAt: ts('sign_url_expires_at'),
  createdAt: createdAt(),
});

/** A user certified as a signer with the e-sign platform (cloudCertiPerInfo): the holder of their agreements. */
export const esignSigners = pgTable('esign_signers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  idNo: text('id_no').notNull(),
  provider: text('provider').notNull(),
  certifiedAt: createdAt(),
});
// --- recording (traceable sales)

/**
 * The recording of one sale (可回溯): opened by the web app on the first
 * insurance page, owned by the first logged-in user who appends to it (a sale
 * begins on a detail page before log-in), linked to the order when the order
 * is created (the policy follows through the order's application forms).
 * Kept for the retention period of docs/recording.md, never deleted by a route.
 */
export const recordings = pgTable(
  'recordings',
  {
    serial: text('serial').primaryKey(),
    /** Null until the first logged-in append or step claims it; then only this user may append. */
    userId: uuid('user_id').references(() => users.id),
    orderCode: text('order_code').references(() => orders.orderCode),
    productCode: text('product_code'),
    entryRoute: text('entry_route').notNull(),
    build: text('build').notNull(),
    createdAt: createdAt(),
    /** When the chunk marked final arrived (the payment result was shown). */
    finishedAt: ts('finished_at'),
    /** The address that started it. */
    startIp: text('start_ip'),
  },
  (t) => [
    index('recordings_order_idx').on(t.orderCode),
    index('recordings_user_idx').on(t.userId, t.createdAt),
    // The purge of abandoned recordings looks for old ones without an order.
    index('recordings_unlinked_idx').on(t.createdAt).where(sql`${t.orderCode} is null`),
  ],
);

/**
 * One uploaded chunk of rrweb events: pako-deflated JSON, chained by SHA-256
 * to the chunk before. Append-only: the primary key (serial, seq) makes an
 * upload idempotent, and a trigger (migration recording_append_only) refuses
 * every UPDATE and DELETE. The data is either in the row (`data`, with
 * STORAGE_PROVIDER=database) or an object of the storage provider
 * (`object_key`, a server-made key naming the chunk's hash), never both.
 */
export const recordingChunks = pgTable(
  'recording_chunks',
  {
    serial: text('serial')
      .notNull()
      .references(() => recordings.serial),
    seq: integer('seq').notNull(),
    /** The deflated bytes' base64, as received (the hash covers it); null when the bytes are an object in storage. */
    data: text('data'),
    /** The storage key of the deflated bytes when they are not in the row. */
    objectKey: text('object_key'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /** Bytes of the deflated data. */
    size: integer('size').notNull(),
    eventCount: integer('event_count').notNull(),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
    /** The pages shown since the previous chunk, with their versions (build and manifest hash). */
    pages: jsonb('pages').notNull(),
    final: boolean('final').notNull().default(false),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recording_chunks_key').on(t.serial, t.seq),
    check('recording_chunks_data_check', sql`(${t.data} is null) <> (${t.objectKey} is null)`),
  ],
);

/** The key steps of a recorded sale (op-log op/ins), append-only like the chunks. */
export const recordingSteps = pgTable(
  'recording_steps',
  {
    id: id(),
    serial: text('serial')
      .notNull()
      .references(() => recordings.serial),
    step: text('step').notNull(),
    clientAt: ts('client_at').notNull(),
    route: text('route').notNull(),
    productCode: text('product_code'),
    clauseName: text('clause_name'),
    orderCode: text('order_code'),
    result: text('result'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('recording_steps_serial_idx').on(t.serial, t.clientAt),
    // A step the client sends again (its acknowledgement was lost) is the same row: stored once.
    uniqueIndex('recording_steps_once').on(t.serial, t.step, t.clientAt, t.route, sql`coalesce(${t.clauseName}, '')`),
  ],
);

/**
 * Short-lived credentials a vendor hands out one at a time (the WeChat official
 * account's access_token and jsapi_ticket: a second fetch invalidates the
 * first), held once for every instance and refreshed under an advisory lock
 * (providers/shared-credentials.ts).
 */
export const sharedCredentials = pgTable('shared_credentials', {
  /** e.g. `wechat:wx5a4d0c0ffee5a4d0:access_token`. */
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

// --- payments: daily reconciliation (payments/reconciliation.ts, docs/payments.md "Reconciliation")

export const RECONCILIATION_STATUSES = ['pending', 'done', 'failed'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/**
 * One channel's bill of one Beijing day, compared once with payments and
 * refunds: a durable job (db/claim-due.ts), so a run that died is taken up
 * again and two instances never run one day at once. `attempts` numbers the
 * runs; each run's differences carry its number.
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: id(),
    provider: text('provider').notNull(),
    /** yyyy-MM-dd, Beijing time. */
    billDate: text('bill_date').notNull(),
    status: text('status').$type<ReconciliationStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').defaultNow(),
    lastError: text('last_error'),
    billLines: integer('bill_lines'),
    matched: integer('matched'),
    differences: integer('differences'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reconciliations_day_unique').on(t.provider, t.billDate),
    index('reconciliations_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
    check('reconciliations_status_check', oneOf(t.status, RECONCILIATION_STATUSES)),
  ],
);

/**
 * unknown_here: on the platform's bill, not collected (or not refunded) here; missing_on_platform: collected here
 * that day, not on the bill; amount_differs: both, different amounts; refund_unseen: refunded here that day, not on the bill.
 */
export const DIFFERENCE_KINDS = ['unknown_here', 'missing_on_platform', 'amount_differs', 'refund_unseen'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

/** A difference a reconciliation run found. Recorded only: nothing in payments or refunds is changed by it. */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: id(),
    reconciliationId: bigint('reconciliation_id', { mode: 'number' })
      .notNull()
      .references(() => reconciliations.id, { onDelete: 'cascade' }),
    /** The run (the reconciliation's attempts) that found it. */
    run: integer('run').notNull(),
    kind: text('kind').$type<DifferenceKind>().notNull(),
    subject: text('subject').$type<'payment' | 'refund'>().notNull(),
    tradeNo: text('trade_no').notNull(),
    refundNo: text('refund_no'),
    platformNo: text('platform_no'),
    platformAmountFen: integer('platform_amount_fen'),
    localAmountFen: integer('local_amount_fen'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reconciliation_differences_run_idx').on(t.reconciliationId, t.run),
    check('reconciliation_differences_kind_check', oneOf(t.kind, DIFFERENCE_KINDS)),
    check('reconciliation_differences_subject_check', oneOf(t.subject, ['payment', 'refund'])),
  ],
);

// --- insurer: applications handed to an insurer that answers later (orders/insurer-queries.ts)

/**
 * One row per order handed to an insurer that can be asked about it (the
 * insurer provider's `query`): due `next_attempt_at` for the query job, which
 * claims rows like the refund job (claimDue) and asks the insurer until the
 * order has its outcome; then `next_attempt_at` is null.
 */
export const insurerSubmissions = pgTable(
  'insurer_submissions',
  {
    id: id(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Runs of the query job that took the row up (also the fence of a run's writes). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    /** The last failure of a query, for the operator (no body of the insurer's answer). */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('insurer_submissions_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`)],
);

/**
 * Nonces of the insurer gateway's signed answers and callbacks seen in the
 * last minutes (docs/insurer-gateway.md): a second message with a nonce seen
 * is a replay, refused on every instance. Rows older than the signature
 * window are deleted by the query job.
 */
export const gatewayNonces = pgTable('gateway_nonces', {
  nonce: text('nonce').primaryKey(),
  seenAt: ts('seen_at').notNull(),
});

/**
 * The people a parent saved to fill the insure form (常用被保人,
 * docs/accounts.md#family-members). The ID number is stored only encrypted
 * (AES-256-GCM, PERSON_DATA_KEY: family/person-crypto.ts) beside its masked
 * form and a keyed hash (HMAC-SHA-256) that keeps one person once per user;
 * the name, birthday, phone, school and class are kept as typed. Saved only
 * with the parent's consent (`consented_at`); deleting a person deletes the row.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    idType: text('id_type').notNull(),
    /** base64url of iv (12 bytes) ‖ ciphertext ‖ GCM tag (16 bytes). */
    idNoCipher: text('id_no_cipher').notNull(),
    /** HMAC-SHA-256 (hex) of type and number, under a key derived from PERSON_DATA_KEY. */
    idNoHash: text('id_no_hash').notNull(),
    idNoMasked: text('id_no_masked').notNull(),
    birthday: text('birthday'),
    sex: text('sex'),
    phone: text('phone'),
    schoolName: text('school_name'),
    className: text('class_name'),
    consentedAt: ts('consented_at').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('family_members_user_person_uq').on(t.userId, t.idNoHash), index('family_members_user_idx').on(t.userId, t.id)],
);

/**
 * Claims (理赔报案, docs/claims.md): one a report of an accident of one insured
 * of a policy in force. The payee's account number is stored only encrypted
 * (AES-256-GCM, PERSON_DATA_KEY: family/person-crypto.ts, the owner the claim's
 * user) beside its masked form. The status moves only through the one
 * transition of claims/claim-transition.ts, conditional on the status read.
 */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    /** CL + Shanghai date + 10 digits (dailyCode). */
    claimNo: text('claim_no').notNull().unique(),
    applicationFormId: bigint('application_form_id', { mode: 'number' })
      .notNull()
      .references(() => applicationForms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    insuredIndex: integer('insured_index').notNull(),
    kind: text('kind').$type<ClaimKind>().notNull(),
    /** YYYY-MM-DD, Beijing. */
    accidentDate: text('accident_date').notNull(),
    accidentPlace: text('accident_place').notNull(),
    description: text('description').notNull(),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    /** base64url of iv (12 bytes) ‖ ciphertext ‖ GCM tag (16 bytes). */
    accountNoCipher: text('account_no_cipher').notNull(),
    accountNoMasked: text('account_no_masked').notNull(),
    status: text('status').$type<ClaimStatus>().notNull().default('reported'),
    /** What the insurer paid (分), once closed. */
    amountFen: integer('amount_fen'),
    /** What the insurer asked for, or why it declined. */
    insurerNote: text('insurer_note'),
    insurerClaimNo: text('insurer_claim_no'),
    /** When it was first sent to the insurer. */
    sentAt: ts('sent_at'),
    /**
     * The claim query job (claims/claim-queries.ts): when the insurer is next asked about a claim it holds
     * without a decision (null: nothing to ask), and the runs that took it up (the fence of a run's writes).
     */
    nextQueryAt: ts('next_query_at'),
    queryAttempts: integer('query_attempts').notNull().default(0),
    /** The last failed query, for the operator (no body of the insurer's answer). */
    queryError: text('query_error'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('claims_user_idx').on(t.userId, t.createdAt),
    index('claims_query_due_idx').on(t.nextQueryAt).where(sql`${t.nextQueryAt} is not null`),
    index('claims_form_idx').on(t.applicationFormId),
    check('claims_status_check', oneOf(t.status, CLAIM_STATUSES)),
    check('claims_kind_check', oneOf(t.kind, CLAIM_KINDS)),
  ],
);

/** A claim's history: one row a status change (the first, from null, its report). */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: id(),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status').$type<ClaimStatus>(),
    toStatus: text('to_status').$type<ClaimStatus>().notNull(),
    at: ts('at').notNull(),
    note: text('note'),
  },
  (t) => [index('claim_events_claim_idx').on(t.claimId, t.id)],
);

/** The photos of a claim, their bytes in the storage provider under `storageKey`. */
export const claimFiles = pgTable(
  'claim_files',
  {
    id: text('id').primaryKey(),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('claim_files_claim_idx').on(t.claimId, t.createdAt)],
);

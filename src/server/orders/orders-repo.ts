import { and, count, desc, eq, getTableColumns, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PolicyStatus } from '../../contract/order.ts';
import { issueEvent, LIVE_STATUSES } from '../../contract/policy-lifecycle.ts';
import { runNamed, type Db, type NamedStatement } from '../db/db.ts';
import { applicationForms, orders, staffMembers } from '../db/schema.ts';
import type { StaffRow } from '../auth/people-repo.ts';
import type { SessionRow } from '../auth/sessions.ts';
import type { BuyerStaff } from '../promoters/attribution.ts';
import { markRosterInsured } from '../contracts/roster.ts';
import { applyTransition, isPastPayDeadline } from './lifecycle-repo.ts';
import { documentIdentity, isMainlandNumber } from '../../engine/rules/person.ts';
import { coverPeriodOnPayment, type CoverTerms } from '../../engine/cover/cover-period.ts';

export type NewOrder = Pick<
  typeof orders.$inferInsert,
  'orderCode' | 'userId' | 'idempotentSerialNo' | 'amountFen' | 'createdAt' | 'payDeadline' | 'requestHash'
>;
export type NewApplicationForm = Omit<typeof applicationForms.$inferInsert, 'id' | 'orderId'>;

/**
 * The order transaction in one statement, the database's `submit_order`
 * (migration 0015, static inserts since 0016): spends the anti-resubmit token, takes the insured
 * people's locks ({@link lockPlan}), inserts the order with its application
 * forms, then checks that no insured is already covered
 * (`covered_insured_index`, after the locks: each statement of the function
 * takes a fresh snapshot). Outside a transaction it is one round trip,
 * committed on its own. Answers the new order's id, or null when the token
 * was not live (nothing written); throws {@link InsuredTaken} when an insured
 * is covered (everything rolled back, the token usable again), and the
 * database's unique violation when a concurrent retry of the serial committed.
 */
export async function submitOrderCall(db: Db, input: SubmitCallInput): Promise<number | null> {
  return callSubmitting(db, sql`select submit_order(${submitArguments(input)}) as "orderId"`);
}

/** What `submit_order` takes. */
export interface SubmitCallInput {
  token: { token: string; userId: string; now: Date };
  locks: readonly PersonLock[];
  order: NewOrder;
  forms: readonly NewApplicationForm[];
  cover: Omit<CoverQuestion, 'person'> & { people: readonly InsuredIdentity[] };
}

/** The live statuses as a text[] literal (plain words: no quoting needed). */
const LIVE_STATUSES_ARRAY = `{${LIVE_STATUSES.join(',')}}`;

/** The types of `submit_order`'s arguments, in its order. */
const SUBMIT_ORDER_TYPES = ['text', 'uuid', 'timestamptz', 'jsonb', 'text', 'jsonb', 'timestamptz', 'timestamptz', 'text[]', 'jsonb', 'jsonb'] as const;

/** `submit_order`'s arguments, in its order (typed by {@link SUBMIT_ORDER_TYPES}). */
function submitValues(input: SubmitCallInput): unknown[] {
  const { token, cover } = input;
  return [
    token.token,
    token.userId,
    token.now.toISOString(),
    JSON.stringify(input.locks),
    cover.productCode,
    JSON.stringify(coverPeople(cover.people)),
    cover.start.toISOString(),
    cover.end.toISOString(),
    LIVE_STATUSES_ARRAY,
    JSON.stringify(rowOf(orders, input.order)),
    JSON.stringify(input.forms.map((form) => rowOf(applicationForms, form))),
  ];
}

/** `submit_order`'s arguments as SQL, each cast to its type. */
function submitArguments(input: SubmitCallInput): SQL {
  return sql.join(
    submitValues(input).map((value, index) => sql`${value}::${sql.raw(SUBMIT_ORDER_TYPES[index]!)}`),
    sql`, `,
  );
}

/** Runs a statement calling `submit_order`; an insured already covered becomes {@link InsuredTaken}. */
async function callSubmitting(db: Db, statement: SQL): Promise<number | null> {
  const row = (await runSubmitting(db, statement)) as { orderId: number | string | null } | undefined;
  return row?.orderId === null || row?.orderId === undefined ? null : Number(row.orderId);
}

/** The first row of a statement that submits an order; an insured already covered becomes {@link InsuredTaken}. */
async function runSubmitting(db: Db, statement: SQL): Promise<unknown> {
  return submitting(async () => ((await db.execute(statement)) as unknown as { rows: unknown[] }).rows[0]);
}

/** What `run` answers; an insured already covered becomes {@link InsuredTaken}. */
async function submitting(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    const taken = takenIndexOfError(error);
    if (taken !== null) throw new InsuredTaken(taken);
    throw error;
  }
}

/**
 * `submit_plain_order_or_state` by name (runNamed): on PostgreSQL each pooled
 * connection parses and plans the call once, not on every order. Its
 * arguments: the session's five, then `submit_order`'s.
 */
const PLAIN_ORDER_STATEMENT: NamedStatement = {
  name: 'submit_plain_order_or_state_v1',
  text: `select submit_plain_order_or_state(${['uuid', 'int', 'text', 'text', 'text', ...SUBMIT_ORDER_TYPES].map((type, index) => `$${index + 1}::${type}`).join(', ')}) as "answer"`,
};

/**
 * A plain order in one statement (`submit_plain_order`, migration 0016,
 * called through `submit_plain_order_or_state`, migration 0017): the order
 * composed for a buyer without a staff record or manager, submitted only if
 * the database agrees, in the same call, with what {@link readSubmissionState}
 * would have told: the token's session is live, the buyer has neither a staff
 * record nor a manager, the serial is the buyer's, bound to no other
 * application, and made no order yet. Answers the new order's id, null when
 * the anti-resubmit token was not live (nothing written), or, when a check did
 * not hold (nothing written), `{ state }`: the submission's state read by the
 * same statement, from which the caller refuses or attributes and submits as
 * after {@link readSubmissionState}. Throws as {@link submitOrderCall}.
 */
export async function submitPlainOrderCall(
  db: Db,
  input: SubmitCallInput & { session: { sessionId: string; tokenVersion: number; userCode: string }; serial: string; requestHash: string },
): Promise<number | null | { state: SubmissionState }> {
  const { session } = input;
  const values = [session.sessionId, session.tokenVersion, session.userCode, input.serial, input.requestHash, ...submitValues(input)];
  const answer = await submitting(async () => (await runNamed(db, PLAIN_ORDER_STATEMENT, values))[0]);
  const raw = (answer as { answer: PlainAnswer | string } | undefined)?.answer;
  const { orderId, state } = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})) as PlainAnswer;
  if (state !== undefined) return { state: stateOfRow(state ?? undefined) };
  return orderId === null || orderId === undefined ? null : Number(orderId);
}

/** What `submit_plain_order_or_state` answers (json). */
interface PlainAnswer {
  orderId?: number | string | null;
  state?: StateRow | null;
}

/** `submit_order` refused the order: the insured at `index` is already covered. */
export class InsuredTaken extends Error {
  constructor(readonly index: number) {
    super(`insured ${index} is already covered`);
  }
}

/** The SQLSTATE `submit_order` raises when an insured is covered (DETAIL: the index). */
const INSURED_TAKEN = 'EI409';

function takenIndexOfError(error: unknown): number | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; detail?: unknown; cause?: unknown };
    if (candidate.code === INSURED_TAKEN) return Number(candidate.detail);
    current = candidate.cause;
  }
  return null;
}

/**
 * The columns `submit_order` writes (migration 0016 lists them in its static
 * inserts, so PL/pgSQL keeps their plans): the server never sends another
 * (it would not be written), and tests/server/submit-order-function.test.ts
 * holds these lists to the function and to the schema.
 */
export const SUBMITTED_COLUMNS = {
  orders: ['order_code', 'user_id', 'idempotent_serial_no', 'request_hash', 'amount_fen', 'created_at', 'pay_deadline'],
  applicationForms: [
    'application_form_code', 'product_code', 'product_name', 'plan_code', 'plan_name', 'premium_fen', 'copies', 'start_date', 'end_date',
    'holder', 'insureds', 'wards', 'factors', 'promo_code', 'promoter_user_id', 'agent_source', 'reward_rate_bp', 'renewal', 'form_terms',
    'created_at',
  ],
} as const;

/**
 * A row of `table` as json keyed by column name (what `submit_order` inserts
 * with `jsonb_populate_record`): dates as ISO strings, json columns as they
 * are, undefined values left out (NULL, or the default the function gives).
 * A key outside {@link SUBMITTED_COLUMNS} is a programming error.
 */
function rowOf(table: typeof orders | typeof applicationForms, values: object): Record<string, unknown> {
  const names = table === orders ? SUBMITTED_NAMES.orders : SUBMITTED_NAMES.applicationForms;
  const row: Record<string, unknown> = {};
  for (const key in values) {
    const name = names.get(key);
    if (name === undefined) throw new Error(`submit_order does not write ${key}`);
    const value = (values as Record<string, unknown>)[key];
    if (value !== undefined) row[name] = value instanceof Date ? value.toISOString() : value;
  }
  return row;
}

/** The column name of each property that {@link rowOf} may write, per table (from the schema and {@link SUBMITTED_COLUMNS}). */
const SUBMITTED_NAMES = {
  orders: submittedNames(orders, SUBMITTED_COLUMNS.orders),
  applicationForms: submittedNames(applicationForms, SUBMITTED_COLUMNS.applicationForms),
};

function submittedNames(table: typeof orders | typeof applicationForms, written: readonly string[]): ReadonlyMap<string, string> {
  const columns: Record<string, { name: string }> = getTableColumns(table);
  return new Map(Object.entries(columns).flatMap(([key, column]) => (written.includes(column.name) ? [[key, column.name] as const] : [])));
}

export interface OrderSummary {
  orderCode: string;
  userId: string;
  amountFen: number;
  applicationFormCodes: string[];
  /** SHA-256 of the application forms the order was submitted with (null for orders made before it was kept). */
  requestHash?: string | null;
}

/** {@link OrderSummary} as json the way a driver gives it (PGlite and node-postgres parse json; text is parsed here). */
function orderSummaryOf(value: OrderSummary | string | null | undefined): OrderSummary | undefined {
  const order = typeof value === 'string' ? (JSON.parse(value) as OrderSummary) : (value ?? undefined);
  return order && order.applicationFormCodes ? order : undefined;
}

/** A row of `staff_members` as `to_jsonb` gives it (keys are column names), mapped as drizzle maps a selected row. */
function staffRowOf(value: Record<string, unknown> | string | null | undefined): StaffRow | null {
  const json = typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;
  if (!json) return null;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(staffMembers))) {
    const raw = json[column.name];
    row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
  }
  return row as StaffRow;
}

/** What an order submission reads before it writes (`order_submission_state`, migration 0016). */
export interface SubmissionState {
  /** The access token's session as the database has it (compared with the claims by `sessionRevokedBy`); undefined without the user. */
  session: SessionRow | undefined;
  /** The buyer's own staff record and manager (the sale's attribution). */
  buyer: BuyerStaff;
  /** Whether the anti-resubmit token is live (unspent, unexpired, the user's). */
  tokenLive: boolean;
  /** Who the serial was issued to. */
  serialOwner: string | undefined;
  /** The application a repeat check bound the serial to (its request hash), or null. */
  checkedHash: string | null;
  /** The order the serial already made. */
  previous: OrderSummary | undefined;
}

/**
 * What an order submission checks before anything else, in one call with a
 * plan the database keeps (`order_submission_state`, migration 0016): the
 * access token's session (the revocation check of every protected call), the
 * buyer's staff record and manager (the sale's attribution), whether the
 * anti-resubmit token is live, who the serial was issued to (and the
 * application a repeat check bound it to), and the order the serial already
 * made (with its request hash).
 */
export async function readSubmissionState(
  db: Db,
  input: { userId: string; sessionId: string | null; token: string; now: Date; serial: string },
): Promise<SubmissionState> {
  const result = await db.execute(sql`select * from order_submission_state(
    ${input.userId}::uuid, ${input.sessionId}::uuid, ${input.token}, ${input.now.toISOString()}::timestamptz, ${input.serial}
  )`);
  const [row] = (result as unknown as { rows: StateRow[] }).rows;
  return stateOfRow(row);
}

/** {@link SubmissionState} from a row of `order_submission_state` (or its json); no row: the user does not exist. */
function stateOfRow(row: StateRow | undefined): SubmissionState {
  if (!row) return { session: undefined, buyer: { ownStaff: null, manager: undefined }, tokenLive: false, serialOwner: undefined, checkedHash: null, previous: undefined };
  const managerStaff = staffRowOf(row.s_manager_staff);
  return {
    session: { tokenVersion: row.s_token_version, userCode: row.s_user_code, revoked: row.s_session_revoked },
    buyer: {
      ownStaff: staffRowOf(row.s_own_staff),
      manager: row.s_manager_user_id && row.s_manager_user_code ? { userId: row.s_manager_user_id, userCode: row.s_manager_user_code, staff: managerStaff } : undefined,
    },
    tokenLive: row.s_token_live === true,
    serialOwner: row.s_serial_owner ?? undefined,
    checkedHash: row.s_checked_hash ?? null,
    previous: orderSummaryOf(row.s_previous),
  };
}

/** A row of `order_submission_state` as the drivers give it. */
interface StateRow {
  s_token_version: number;
  s_user_code: string;
  s_session_revoked: boolean;
  s_own_staff: Record<string, unknown> | string | null;
  s_manager_user_id: string | null;
  s_manager_user_code: string | null;
  s_manager_staff: Record<string, unknown> | string | null;
  s_token_live: boolean;
  s_serial_owner: string | null;
  s_checked_hash: string | null;
  s_previous: OrderSummary | string | null;
}

export async function getOrderBySerial(db: Db, serial: string): Promise<OrderSummary | undefined> {
  const rows = await db
    .select({
      orderCode: orders.orderCode,
      userId: orders.userId,
      amountFen: orders.amountFen,
      requestHash: orders.requestHash,
      applicationFormCode: applicationForms.applicationFormCode,
    })
    .from(orders)
    .innerJoin(applicationForms, eq(applicationForms.orderId, orders.id))
    .where(eq(orders.idempotentSerialNo, serial))
    .orderBy(applicationForms.id);
  const [first] = rows;
  if (!first) return undefined;
  return {
    orderCode: first.orderCode,
    userId: first.userId,
    amountFen: first.amountFen,
    applicationFormCodes: rows.map((r) => r.applicationFormCode),
    requestHash: first.requestHash,
  };
}

/**
 * One application form with its order, as every read of a single order needs
 * it. The status is the stored one: the lifecycle writes every change.
 */
function formViewColumns() {
  return {
    orderId: orders.id,
    orderCode: orders.orderCode,
    userId: orders.userId,
    orderAmountFen: orders.amountFen,
    paidAt: orders.paidAt,
    payDeadline: orders.payDeadline,
    deletedAt: orders.deletedAt,
    formId: applicationForms.id,
    applicationFormCode: applicationForms.applicationFormCode,
    productCode: applicationForms.productCode,
    productName: applicationForms.productName,
    planCode: applicationForms.planCode,
    planName: applicationForms.planName,
    premiumFen: applicationForms.premiumFen,
    startDate: applicationForms.startDate,
    endDate: applicationForms.endDate,
    holder: applicationForms.holder,
    insureds: applicationForms.insureds,
    policyNo: applicationForms.policyNo,
    storedStatus: sql<PolicyStatus>`${applicationForms.status}`,
    status: sql<PolicyStatus>`${applicationForms.status}`,
    createdAt: applicationForms.createdAt,
    issuedAt: applicationForms.issuedAt,
    wards: applicationForms.wards,
    factors: applicationForms.factors,
    copies: applicationForms.copies,
    renewal: applicationForms.renewal,
    promoCode: applicationForms.promoCode,
    promoterUserId: applicationForms.promoterUserId,
    /** The terms a payment fixes the cover dates by (a start counted from the payment day), else null. */
    coverTerms: sql<CoverTerms | null>`${applicationForms.formTerms} -> 'coverTerms'`,
  };
}

/** How a single application form is addressed. */
export type FormKey = { orderCode: string } | { applicationFormCode: string } | { orderId: number } | { policyNo: string };

function formKeyCondition(key: FormKey) {
  if ('policyNo' in key) return eq(applicationForms.policyNo, key.policyNo);
  if ('orderCode' in key) return eq(orders.orderCode, key.orderCode);
  if ('applicationFormCode' in key) return eq(applicationForms.applicationFormCode, key.applicationFormCode);
  return eq(orders.id, key.orderId);
}

/** The (first) application form of an order with its order and status. */
export async function getFormView(db: Db, key: FormKey) {
  const [row] = await db
    .select(formViewColumns())
    .from(applicationForms)
    .innerJoin(orders, eq(applicationForms.orderId, orders.id))
    .where(formKeyCondition(key))
    .orderBy(applicationForms.id)
    .limit(1);
  return row;
}

export type FormView = NonNullable<Awaited<ReturnType<typeof getFormView>>>;

/** A page of the user's application forms (deleted ones left out), newest first. */
export async function listFormViewsOfUser(
  db: Db,
  input: {
    userId: string;
    status?: PolicyStatus | undefined;
    statuses?: readonly PolicyStatus[];
    productCodes?: readonly string[];
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(orders.userId, input.userId),
    isNull(orders.deletedAt),
    input.status ? eq(applicationForms.status, input.status) : undefined,
    input.statuses ? inArray(applicationForms.status, [...input.statuses]) : undefined,
    input.productCodes ? (input.productCodes.length ? inArray(applicationForms.productCode, [...input.productCodes]) : sql`false`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(formViewColumns())
      .from(applicationForms)
      .innerJoin(orders, eq(applicationForms.orderId, orders.id))
      .where(where)
      .orderBy(desc(applicationForms.createdAt), desc(applicationForms.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ n: count() })
      .from(applicationForms)
      .innerJoin(orders, eq(applicationForms.orderId, orders.id))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many of the user's (not deleted) application forms are in each status. */
export async function countFormsByStatus(db: Db, userId: string): Promise<Partial<Record<PolicyStatus, number>>> {
  const rows = await db
    .select({ status: applicationForms.status, n: count() })
    .from(applicationForms)
    .innerJoin(orders, eq(applicationForms.orderId, orders.id))
    .where(and(eq(orders.userId, userId), isNull(orders.deletedAt)))
    .groupBy(applicationForms.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** A person as the repeat check sees them: the document, and the name and birthday when known. */
export interface InsuredIdentity {
  licenceType: string;
  licenceNo: string;
  name?: string | undefined;
  birthday?: string | undefined;
}

/**
 * The people as `covered_insured_index` (migration 0015, the repeat-insurance
 * rule in SQL) compares them (one person, one identity): the same
 * mainland number under any document type; the same type and number for
 * other documents; or the same name and birthday when one of the two has no
 * mainland number (two valid mainland numbers are two people).
 */
function coverPeople(people: readonly InsuredIdentity[]) {
  return people.map((person) => {
    const mainland = isMainlandNumber(person.licenceType, person.licenceNo);
    const document = mainland ? { licenceNo: person.licenceNo } : { licenceType: person.licenceType, licenceNo: person.licenceNo };
    const named = person.name && person.birthday ? [{ name: person.name, birthday: person.birthday }] : null;
    return { document: [document], named, mainland };
  });
}

/** What the repeat check compares: a person's cover of a product over [start, end), at `now`. */
export interface CoverQuestion {
  productCode: string;
  person: InsuredIdentity;
  start: Date;
  end: Date;
  now: Date;
}

/** True when a live application of `productCode` insures the person and its cover overlaps [start, end) (the confirm page's check). */
export async function hasOverlappingCover(db: Db, input: CoverQuestion): Promise<boolean> {
  const result = await db.execute(sql`select covered_insured_index(
    ${input.productCode}, ${JSON.stringify(coverPeople([input.person]))}::jsonb, ${input.start.toISOString()}::timestamptz,
    ${input.end.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz, ${LIVE_STATUSES_ARRAY}::text[]
  ) as "taken"`);
  const [row] = (result as unknown as { rows: { taken: number | null }[] }).rows;
  return row?.taken !== null && row?.taken !== undefined;
}

/**
 * Takes the people's locks ({@link lockStatement}) until the transaction
 * ends; only the test hook `orderLocked` needs them taken before
 * {@link submitOrderCall}, which takes them again (advisory locks stack).
 */
export async function takeLocks(db: Db, locks: readonly PersonLock[]): Promise<void> {
  await db.execute(sql`select ${lockStatement(locks)} as "locked"`);
}

/**
 * An insured person's lock: a key and whether it is taken shared (see
 * {@link personLocks}).
 */
export interface PersonLock {
  key: string;
  shared: boolean;
}

/**
 * The locks of a person, as {@link samePerson} decides who is the same
 * person: the document (a mainland number under any type is one key),
 * exclusive; and the name with the birthday, exclusive for a person without a
 * mainland number (anyone of that name and birthday may be them) but shared
 * for a mainland number's holder, whom only a person without one can match by
 * name (two mainland numbers are two people): two children of one name and
 * birthday with their own ID numbers do not wait for each other.
 */
export function personLocks(productCode: string, person: InsuredIdentity): PersonLock[] {
  const locks = [{ key: `${productCode}:${documentIdentity(person) ?? person.licenceNo}`, shared: false }];
  if (person.name && person.birthday) {
    locks.push({ key: `${productCode}:${person.name}|${person.birthday}`, shared: isMainlandNumber(person.licenceType, person.licenceNo) });
  }
  return locks;
}

/**
 * The locks of several people, each key once (exclusive when any of them
 * needs it so) and sorted by key, so that two orders naming the same children
 * take their locks in the same order (no deadlock).
 */
export function lockPlan(productCode: string, people: readonly InsuredIdentity[]): PersonLock[] {
  const shared = new Map<string, boolean>();
  for (const { key, shared: wanted } of people.flatMap((person) => personLocks(productCode, person))) {
    shared.set(key, (shared.get(key) ?? true) && wanted);
  }
  return [...shared.keys()].sort().map((key) => ({ key, shared: shared.get(key) === true }));
}

/**
 * A scalar that serialises work on insured people of one product until the
 * transaction ends (PostgreSQL and PGlite both have transaction-scoped
 * advisory locks, exclusive and shared): all their locks ({@link lockPlan})
 * in one statement, taken in the order given; 0 without locks.
 */
function lockStatement(locks: readonly PersonLock[]) {
  if (locks.length === 0) return sql`0`;
  const keys = sql.join(
    locks.map(({ key }) => sql`${key}`),
    sql`, `,
  );
  const modes = sql.join(
    locks.map(({ shared }) => sql`${shared}`),
    sql`, `,
  );
  return sql`(select count(case when l.shared then pg_advisory_xact_lock_shared(hashtext(l.k)) else pg_advisory_xact_lock(hashtext(l.k)) end)
    from unnest(array[${keys}]::text[], array[${modes}]::boolean[]) as l(k, shared))`;
}

/**
 * toBePaid → waitIssue through the lifecycle, once: false when the order was
 * already paid or is in another state. A payment made after the order's
 * deadline does not pay it: the order times out instead (the payment is then
 * the caller's to refund).
 */
export async function markOrderPaid(db: Db, orderId: number, paidAt: Date): Promise<boolean> {
  if (await isPastPayDeadline(db, orderId, paidAt)) {
    await applyTransition(db, { orderId, event: 'paymentTimeout', at: paidAt, actor: 'payment' });
    return false;
  }
  // The offline roster moves with the payment, in its transaction: once per order (docs/contracts.md).
  return db.transaction(async (tx) => {
    const result = await applyTransition(tx, { orderId, event: 'pay', at: paidAt, actor: 'payment', order: { paidAt } });
    if (result.ok) {
      await markRosterInsured(tx, orderId, paidAt);
      await fixCoverOnPayment(tx, orderId, paidAt);
    }
    return result.ok;
  });
}

/**
 * A cover sold to start from the payment day gets its dates from the payment
 * (the dates written at the order were those of a payment at that instant),
 * before the insurer is asked to issue: the policy and the insurer get the
 * dates of the payment.
 */
async function fixCoverOnPayment(db: Db, orderId: number, paidAt: Date): Promise<void> {
  const forms = await db
    .select({ id: applicationForms.id, terms: sql<CoverTerms>`${applicationForms.formTerms} -> 'coverTerms'` })
    .from(applicationForms)
    .where(and(eq(applicationForms.orderId, orderId), sql`${applicationForms.formTerms} -> 'coverTerms' is not null`));
  for (const form of forms) {
    const { start, end } = coverPeriodOnPayment(form.terms, paidAt);
    await db.update(applicationForms).set({ startDate: start, endDate: end }).where(eq(applicationForms.id, form.id));
  }
}

/** waitIssue → the issued status with its policy number; false if another worker issued it first. */
export async function markFormIssued(
  db: Db,
  input: { formId: number; orderId: number; policyNo: string; status: PolicyStatus; issuedAt: Date },
): Promise<boolean> {
  const event = input.status === 'waitInsurance' ? 'issueWaiting' : 'issueInForce';
  const result = await applyTransition(db, {
    orderId: input.orderId,
    event,
    at: input.issuedAt,
    actor: 'insurer',
    form: { policyNo: input.policyNo, issuedAt: input.issuedAt },
  });
  return result.ok;
}

/** waitIssue → issued, the status chosen from the cover start (helper of the issuance outcome). */
export async function markIssuedByDates(db: Db, input: { orderId: number; policyNo: string; startDate: Date; now: Date }): Promise<boolean> {
  const result = await applyTransition(db, {
    orderId: input.orderId,
    event: issueEvent(input.startDate, input.now),
    at: input.now,
    actor: 'insurer',
    form: { policyNo: input.policyNo, issuedAt: input.now },
  });
  return result.ok;
}

export async function markFormIssueFailed(db: Db, input: { formId: number; orderId: number }, at: Date = new Date()): Promise<void> {
  await applyTransition(db, { orderId: input.orderId, event: 'issueFail', at, actor: 'insurer' });
}

/** Forms paid but not issued since before `before` (a crash between payment and issuance). */
export async function listOrdersWaitingIssue(db: Db, before: Date): Promise<{ orderId: number }[]> {
  return db
    .selectDistinct({ orderId: orders.id })
    .from(applicationForms)
    .innerJoin(orders, eq(applicationForms.orderId, orders.id))
    .where(and(eq(applicationForms.status, 'waitIssue'), lt(orders.paidAt, before)))
    .limit(100);
}

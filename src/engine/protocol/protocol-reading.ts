/**
 * The protocol-reading rule of spec §4: a product's clauses come in two lists
 * (notices — notificationType 2 and 3 — and the others, spec §3); going on
 * needs every listed clause read (the read count equals the list count and is
 * not zero); 全部已读 marks them all read.
 *
 * Pure data in, data out: the insure screen, the notice screens
 * (/calmCareNotify, /fuxingNotify, /insuranceNotificationAgreement) and the
 * protocol screens (/checkProtocol, /commonProtocolRead) all decide with
 * these functions, and the web's state layer only stores what they return.
 */

/** Notice types forming the first list (spec §3: 2 and 3 form one group, others another). */
export const NOTICE_TYPES: readonly number[] = [2, 3];

/** Anything with an optional notificationType: a manifest Protocol or a notificationInfo item. */
export interface Typed {
  notificationType?: number;
}

/** The two clause lists of spec §4, each in its original order. */
export interface ClauseLists<T> {
  /** Insurance notices and clauses (notificationType 2 or 3). */
  notices: T[];
  /** Everything else (authorisations, statements, privacy). */
  others: T[];
}

/** Splits clauses into the two lists, keeping their order. */
export function groupClauses<T extends Typed>(clauses: readonly T[]): ClauseLists<T> {
  const notices: T[] = [];
  const others: T[] = [];
  for (const clause of clauses) {
    const isNotice = clause.notificationType !== undefined && NOTICE_TYPES.includes(clause.notificationType);
    (isNotice ? notices : others).push(clause);
  }
  return { notices, others };
}

/** What is kept between visits (local storage): which clauses of which product were read, and the agreement box. */
export interface ReadingState {
  productCode: string;
  /** Names of the clauses opened, without duplicates. */
  read: string[];
  /** The 我已阅读并同意 box. */
  agreed: boolean;
}

/** Nothing read yet. */
export function emptyReading(productCode: string): ReadingState {
  return { productCode, read: [], agreed: false };
}

/**
 * A stored state for `productCode`, or a fresh one when what is stored is
 * missing, malformed or belongs to another product (reading one product's
 * clauses never counts for another).
 */
export function restoreReading(saved: unknown, productCode: string): ReadingState {
  if (typeof saved !== 'object' || saved === null) return emptyReading(productCode);
  const s = saved as Partial<Record<keyof ReadingState, unknown>>;
  if (s.productCode !== productCode || !Array.isArray(s.read)) return emptyReading(productCode);
  const read = [...new Set(s.read.filter((n): n is string => typeof n === 'string'))];
  return { productCode, read, agreed: s.agreed === true };
}

/** Marks one clause read (opening it counts as reading it). */
export function markRead(state: ReadingState, name: string): ReadingState {
  return state.read.includes(name) ? state : { ...state, read: [...state.read, name] };
}

/** 全部已读: every listed clause read and the agreement box ticked. */
export function markAllRead(state: ReadingState, names: readonly string[]): ReadingState {
  return { ...state, read: [...new Set([...state.read, ...names])], agreed: names.length > 0 };
}

/**
 * Ticks or unticks the agreement box. Ticking only holds once every clause is
 * read: before that the box stays unticked (the screen opens the first unread
 * clause instead).
 */
export function setAgreed(state: ReadingState, names: readonly string[], agreed: boolean): ReadingState {
  return { ...state, agreed: agreed && allRead(state, names) };
}

/** How many of the listed clauses are read (clauses read earlier but no longer listed do not count). */
export function readCount(state: ReadingState, names: readonly string[]): number {
  const read = new Set(state.read);
  return new Set(names.filter((n) => read.has(n))).size;
}

/** The spec's condition: read count equals the list count, and the list is not empty. */
export function allRead(state: ReadingState, names: readonly string[]): boolean {
  const listed = new Set(names).size;
  return listed > 0 && readCount(state, names) === listed;
}

/** Index in `names` of the first unread clause, or -1. */
export function firstUnread(state: ReadingState, names: readonly string[]): number {
  const read = new Set(state.read);
  return names.findIndex((n) => !read.has(n));
}

/** Why a step may not go on yet, or null when it may: every clause read, then (when asked) the box ticked. */
export type ReadingBlock = 'unread' | 'notAgreed';

export function readingBlock(state: ReadingState, names: readonly string[], needsAgreement = true): ReadingBlock | null {
  if (!allRead(state, names)) return 'unread';
  if (needsAgreement && !state.agreed) return 'notAgreed';
  return null;
}

/** Messages shown when a step is blocked (ours; the spec gives none). */
export const READING_MESSAGES: Readonly<Record<ReadingBlock, string>> = {
  unread: '请先阅读投保须知及相关条款',
  notAgreed: '请阅读并勾选同意投保声明',
};

import { and, asc, count, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/envelope.ts';
import {
  CHAIN_GENESIS,
  type ChainStatus,
  type PageVersion,
  type RecordedStep,
  type RecordingChunkBody,
  type RecordingSummary,
  type SaleStepBody,
  type StoredChunk,
} from '../../contract/recording.ts';
import { maskPhone } from '../../engine/rules/masking.ts';
import type { AuthUser } from '../auth/access-token.ts';
import type { Db } from '../db/db.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { applicationForms, orders, recordingChunks, recordings, recordingSteps, users } from '../db/schema.ts';
import { ApiError, forbidden, notFound, rejected } from '../http/envelope.ts';
import type { StorageProvider } from '../providers/storage/storage-provider.ts';
import { cap, spend } from '../http/rate-limit.ts';
import { chunkHash } from './chunk-check.ts';

/** Chunks one recording may hold (a sale of an hour at one chunk every 5 s is 720). */
export const MAX_CHUNKS = 2000;
/** Steps one recording may hold. */
export const MAX_STEPS = 500;
/** Deflated bytes one recording may hold. */
export const MAX_RECORDING_BYTES = 30 * 1024 * 1024;

export type RecordingRow = typeof recordings.$inferSelect;

const MSG_NO_RECORDING = '录屏不存在或已失效，请重新开始投保';
const MSG_NOT_OWNER = '无权写入该录屏';

/**
 * The recording a caller may append to. An unclaimed recording (a sale that
 * began on a detail page before log-in) is claimed by the first logged-in
 * caller; from then on only that user may append. Anonymous callers may append
 * only to a recording nobody has claimed.
 */
export async function requireWritableRecording(db: Db, serial: string, user: AuthUser | null): Promise<RecordingRow> {
  const [row] = await db.select().from(recordings).where(eq(recordings.serial, serial)).limit(1);
  if (!row) throw new ApiError(ErrorCode.NotFound, MSG_NO_RECORDING);
  if (row.userId === null) {
    if (!user) return row;
    // Claimed once: two tabs racing both read null; only the first update wins.
    const claimed = await db
      .update(recordings)
      .set({ userId: user.userId })
      .where(and(eq(recordings.serial, serial), isNull(recordings.userId)))
      .returning();
    if (claimed[0]) return claimed[0];
    return requireWritableRecording(db, serial, user);
  }
  if (!user || user.userId !== row.userId) throw new ApiError(ErrorCode.Forbidden, MSG_NOT_OWNER);
  return row;
}

/** Recordings one client address may start per hour, by default (RECORDING_STARTS_PER_IP_PER_HOUR). */
export const RECORDING_STARTS_PER_IP_PER_HOUR = 120;
export const MSG_TOO_MANY_STARTS = '录屏开启过于频繁，请稍后再试';

/**
 * Opens a recording, or refuses (4029) when its address started
 * `perIpPerHour` in the last hour: `recording/start` needs no log-in (a sale
 * begins on a detail page), so without this one address could create
 * unbounded serials. Generous, because parents behind one carrier NAT share an
 * address and every detail page opened starts a sale. Counted by the one
 * limiter (http/rate-limit.ts), so concurrent starts cannot slip past together.
 */
export async function createRecording(
  db: Db,
  input: { serial: string; userId: string | null; productCode: string | null; entryRoute: string; build: string; ip: string; perIpPerHour: number; now: Date },
): Promise<void> {
  const starts = cap(`recording-ip:${input.ip}`, input.perIpPerHour, 3600_000, MSG_TOO_MANY_STARTS);
  await spend(db, [starts], input.now, async (tx) => {
    await tx.insert(recordings).values({
      serial: input.serial,
      userId: input.userId,
      productCode: input.productCode,
      entryRoute: input.entryRoute,
      build: input.build,
      startIp: input.ip,
      createdAt: input.now,
    });
  });
}

/** Days an abandoned recording (never linked to an order) is kept (docs/recording.md, Retention). */
export const ABANDONED_RETENTION_DAYS = 90;

/**
 * Purges up to `limit` abandoned recordings: never linked to an order and
 * started more than {@link ABANDONED_RETENTION_DAYS} days ago (by the
 * database's clock, the one its retention trigger judges by), their steps and
 * chunks first. The trigger refuses any other deletion, so a bug here cannot
 * remove a sale's record. Rows are taken with SKIP LOCKED: several server
 * instances share the work. Answers how many recordings went.
 */
export async function purgeAbandonedRecordings(db: Db, storage: StorageProvider, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ serial: recordings.serial })
      .from(recordings)
      .where(and(isNull(recordings.orderCode), lt(recordings.createdAt, sql`now() - make_interval(days => ${ABANDONED_RETENTION_DAYS})`)))
      .orderBy(asc(recordings.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const serials = due.map((row) => row.serial);
    if (serials.length === 0) return 0;
    // Objects first: should the transaction then fail, the next run finds the same recordings and
    // deletes their rows (a missing object is no error), so no object outlives its row.
    const objects = await tx
      .select({ key: recordingChunks.objectKey })
      .from(recordingChunks)
      .where(and(inArray(recordingChunks.serial, serials), isNotNull(recordingChunks.objectKey)));
    for (const { key } of objects) if (key) await storage.delete(key);
    await tx.delete(recordingSteps).where(inArray(recordingSteps.serial, serials));
    await tx.delete(recordingChunks).where(inArray(recordingChunks.serial, serials));
    await tx.delete(recordings).where(inArray(recordings.serial, serials));
    return serials.length;
  });
}

/** True when chunk data goes to the storage provider as objects rather than into the rows. */
export function chunksInObjects(storage: StorageProvider): boolean {
  return storage.name !== 'database';
}

/** The server-made key of a chunk's object: its hash in the name, so another chunk can never overwrite it. */
function chunkObjectKey(serial: string, seq: number, hash: string): string {
  return `recordings/${serial}/${seq}-${hash}`;
}

const CHUNK_CONTENT_TYPE = 'application/octet-stream';

/**
 * The base64 a chunk was received as: from its row, or re-encoded from its
 * object (chunks are stored only when their base64 is canonical, so this is
 * the very text the hash covers). A missing object reads as nothing, which
 * the chain check shows as a broken chunk.
 */
async function chunkData(storage: StorageProvider, row: { data: string | null; objectKey: string | null }): Promise<string> {
  if (row.data !== null) return row.data;
  if (row.objectKey === null) return '';
  const object = await storage.get(row.objectKey);
  return object ? Buffer.from(object.bytes).toString('base64') : '';
}

/**
 * Stores one chunk, idempotently on (serial, seq): the same chunk again is a
 * duplicate and changes nothing; another chunk under a used sequence, a chunk
 * that does not chain to its stored neighbours, or one past the final chunk
 * is refused and changes nothing. Chunks may arrive out of order; a missing
 * one shows as a gap until it comes.
 */
export async function storeChunk(
  db: Db,
  storage: StorageProvider,
  recording: RecordingRow,
  body: RecordingChunkBody,
  pages: PageVersion[],
  now: Date,
): Promise<'stored' | 'duplicate'> {
  const { serial, seq } = body;
  const near = await db
    .select({ seq: recordingChunks.seq, hash: recordingChunks.hash, prevHash: recordingChunks.prevHash, final: recordingChunks.final })
    .from(recordingChunks)
    .where(and(eq(recordingChunks.serial, serial), inArray(recordingChunks.seq, [seq - 1, seq, seq + 1])));
  const same = near.find((c) => c.seq === seq);
  if (same) {
    if (same.hash === body.hash) return 'duplicate';
    throw new ApiError(ErrorCode.Resubmit, '该序号的录屏分片已存在且内容不同，未作更改');
  }
  const before = near.find((c) => c.seq === seq - 1);
  if (before && before.hash !== body.prevHash) throw rejected('录屏分片与上一分片的哈希链不符，未作更改');
  if (before?.final) throw rejected('录屏已结束，不能再追加分片');
  const after = near.find((c) => c.seq === seq + 1);
  if (after && after.prevHash !== body.hash) throw rejected('录屏分片与下一分片的哈希链不符，未作更改');
  const [totals] = await db
    .select({
      n: count(),
      bytes: sql<number>`coalesce(sum(${recordingChunks.size}), 0)::int`,
      finalSeq: sql<number | null>`max(case when ${recordingChunks.final} then ${recordingChunks.seq} end)`,
    })
    .from(recordingChunks)
    .where(eq(recordingChunks.serial, serial));
  if (totals && totals.finalSeq !== null && seq > totals.finalSeq) throw rejected('录屏已结束，不能再追加分片');
  if (body.final && totals && (await db.$count(recordingChunks, and(eq(recordingChunks.serial, serial), sql`${recordingChunks.seq} > ${seq}`))) > 0) {
    throw rejected('结束分片之后已有分片，序号不符');
  }
  const size = Math.floor((body.data.length * 3) / 4) - (body.data.endsWith('==') ? 2 : body.data.endsWith('=') ? 1 : 0);
  if (seq >= MAX_CHUNKS || (totals?.n ?? 0) >= MAX_CHUNKS) throw rejected('录屏分片数已达上限');
  if ((totals?.bytes ?? 0) + size > MAX_RECORDING_BYTES) throw rejected('录屏总大小已达上限');
  // The object before the row: a row never names a missing object. A racing duplicate writes the same bytes under the same key.
  const objectKey = chunksInObjects(storage) ? chunkObjectKey(serial, seq, body.hash) : null;
  if (objectKey) await storage.put(objectKey, Buffer.from(body.data, 'base64'), CHUNK_CONTENT_TYPE);
  try {
    await db.insert(recordingChunks).values({
      serial,
      seq,
      data: objectKey ? null : body.data,
      objectKey,
      prevHash: body.prevHash,
      hash: body.hash,
      size,
      eventCount: body.eventCount,
      firstAt: new Date(body.firstAt),
      lastAt: new Date(body.lastAt),
      pages,
      final: body.final,
      receivedAt: now,
    });
  } catch (error) {
    // Two uploads of the same chunk racing: the loser re-reads.
    if (!isUniqueViolation(error)) throw error;
    const [stored] = await db
      .select({ hash: recordingChunks.hash })
      .from(recordingChunks)
      .where(and(eq(recordingChunks.serial, serial), eq(recordingChunks.seq, seq)));
    if (stored?.hash === body.hash) return 'duplicate';
    throw new ApiError(ErrorCode.Resubmit, '该序号的录屏分片已存在且内容不同，未作更改');
  }
  if (body.final) await db.update(recordings).set({ finishedAt: now }).where(and(eq(recordings.serial, serial), isNull(recordings.finishedAt)));
  return 'stored';
}

/**
 * Stores a key step, once: the same step sent again (same kind, time, route
 * and clause) changes nothing. A step naming an order links the recording to it: the
 * order must be the caller's, and a recording links to one order only.
 */
export async function storeStep(db: Db, recording: RecordingRow, body: SaleStepBody, user: AuthUser | null, now: Date): Promise<void> {
  const steps = await db.$count(recordingSteps, eq(recordingSteps.serial, recording.serial));
  if (steps >= MAX_STEPS) throw rejected('录屏的操作步骤已达上限');
  if (body.orderCode) {
    if (!user) throw new ApiError(ErrorCode.LoginRequired, '请先登录');
    const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderCode, body.orderCode)).limit(1);
    if (!order) throw notFound('订单');
    if (order.userId !== user.userId) throw forbidden('订单');
    if (recording.orderCode && recording.orderCode !== body.orderCode) throw rejected('该录屏已关联其他订单');
    if (!recording.orderCode) {
      await db.update(recordings).set({ orderCode: body.orderCode }).where(and(eq(recordings.serial, recording.serial), isNull(recordings.orderCode)));
    }
  }
  await db.insert(recordingSteps).values({
    serial: recording.serial,
    step: body.step,
    clientAt: new Date(body.at),
    route: body.route,
    productCode: body.productCode ?? null,
    clauseName: body.clauseName ?? null,
    orderCode: body.orderCode ?? null,
    result: body.result ?? null,
    receivedAt: now,
  }).onConflictDoNothing();
}

// ------------------------------------------------------------------ compliance

async function summariesOf(db: Db, rows: RecordingRow[]): Promise<RecordingSummary[]> {
  if (rows.length === 0) return [];
  const serials = rows.map((r) => r.serial);
  const counts = await db
    .select({ serial: recordingChunks.serial, n: count() })
    .from(recordingChunks)
    .where(inArray(recordingChunks.serial, serials))
    .groupBy(recordingChunks.serial);
  const userIds = rows.map((r) => r.userId).filter((id): id is string => id !== null);
  const phones = userIds.length
    ? await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, userIds))
    : [];
  const orderCodes = rows.map((r) => r.orderCode).filter((c): c is string => c !== null);
  const policies = orderCodes.length
    ? await db
        .select({ orderCode: orders.orderCode, policyNo: applicationForms.policyNo })
        .from(applicationForms)
        .innerJoin(orders, eq(orders.id, applicationForms.orderId))
        .where(and(inArray(orders.orderCode, orderCodes), isNotNull(applicationForms.policyNo)))
    : [];
  return rows.map((r) => {
    const phone = phones.find((p) => p.id === r.userId)?.phone;
    return {
      serial: r.serial,
      orderCode: r.orderCode,
      policyNos: policies.filter((p) => p.orderCode === r.orderCode).map((p) => p.policyNo ?? ''),
      productCode: r.productCode,
      buyer: phone ? maskPhone(phone) : null,
      entryRoute: r.entryRoute,
      build: r.build,
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      chunkCount: counts.find((c) => c.serial === r.serial)?.n ?? 0,
    };
  });
}

/** The recordings of an order, or of the order a policy belongs to, newest first. */
export async function findRecordings(db: Db, key: { orderCode?: string; policyNo?: string }): Promise<RecordingSummary[]> {
  let orderCode = key.orderCode;
  if (!orderCode && key.policyNo) {
    const [form] = await db
      .select({ orderCode: orders.orderCode })
      .from(applicationForms)
      .innerJoin(orders, eq(orders.id, applicationForms.orderId))
      .where(eq(applicationForms.policyNo, key.policyNo))
      .limit(1);
    orderCode = form?.orderCode;
  }
  if (!orderCode) return [];
  const rows = await db.select().from(recordings).where(eq(recordings.orderCode, orderCode)).orderBy(sql`${recordings.createdAt} desc`);
  return summariesOf(db, rows);
}

/**
 * The chain of stored chunks, each hash recomputed from its data: `broken` when
 * any chunk's hash does not match its data or the chunk before, `incomplete`
 * when a chunk is missing or the final one never came, `intact` otherwise.
 */
export function verifyChain(chunks: { seq: number; data: string; hash: string; prevHash: string; final: boolean }[]): {
  chain: ChainStatus;
  gaps: number[];
  valid: boolean[];
} {
  const bySeq = new Map(chunks.map((c) => [c.seq, c]));
  const valid = chunks.map((c) => {
    if (chunkHash(c.prevHash, c.seq, c.data) !== c.hash) return false;
    if (c.seq === 0) return c.prevHash === CHAIN_GENESIS;
    const before = bySeq.get(c.seq - 1);
    return before === undefined || before.hash === c.prevHash;
  });
  const top = chunks.reduce((max, c) => Math.max(max, c.seq), -1);
  const gaps: number[] = [];
  for (let seq = 0; seq < top; seq++) if (!bySeq.has(seq)) gaps.push(seq);
  const finished = chunks.some((c) => c.final && c.seq === top);
  const chain: ChainStatus = valid.includes(false) ? 'broken' : gaps.length > 0 || !finished ? 'incomplete' : 'intact';
  return { chain, gaps, valid };
}

export async function getRecordingDetail(db: Db, storage: StorageProvider, serial: string) {
  const [row] = await db.select().from(recordings).where(eq(recordings.serial, serial)).limit(1);
  if (!row) throw notFound('录屏');
  const [summary] = await summariesOf(db, [row]);
  const rows = await db.select().from(recordingChunks).where(eq(recordingChunks.serial, serial)).orderBy(asc(recordingChunks.seq));
  const chunkRows = await Promise.all(rows.map(async (row) => ({ ...row, data: await chunkData(storage, row) })));
  const stepRows = await db
    .select()
    .from(recordingSteps)
    .where(eq(recordingSteps.serial, serial))
    .orderBy(asc(recordingSteps.clientAt), asc(recordingSteps.id));
  const { chain, gaps, valid } = verifyChain(chunkRows);
  const chunks: StoredChunk[] = chunkRows.map((c, i) => ({
    seq: c.seq,
    data: c.data,
    hash: c.hash,
    prevHash: c.prevHash,
    valid: valid[i] ?? false,
    eventCount: c.eventCount,
    size: c.size,
    firstAt: c.firstAt.getTime(),
    lastAt: c.lastAt.getTime(),
    receivedAt: c.receivedAt.getTime(),
    final: c.final,
  }));
  const steps: RecordedStep[] = stepRows.map((s) => ({
    step: s.step,
    at: s.clientAt.getTime(),
    receivedAt: s.receivedAt.getTime(),
    route: s.route,
    clauseName: s.clauseName,
    orderCode: s.orderCode,
    result: s.result,
  }));
  const pages = chunkRows.flatMap((c) => c.pages as PageVersion[]);
  return { summary: summary as RecordingSummary, chain, gaps, pages, steps, chunks };
}

/**
 * Development and test only: rewrites one stored chunk's data, so a test can
 * see the chain badge turn to broken: an object is overwritten with altered
 * bytes (as someone with the bucket's keys could); a row is changed behind the
 * append-only trigger (replica mode skips ordinary triggers; it needs a
 * superuser, which the embedded and test databases are).
 */
export async function tamperChunk(db: Db, storage: StorageProvider, serial: string, seq: number): Promise<boolean> {
  const [row] = await db
    .select({ objectKey: recordingChunks.objectKey })
    .from(recordingChunks)
    .where(and(eq(recordingChunks.serial, serial), eq(recordingChunks.seq, seq)));
  if (!row) return false;
  if (row.objectKey) {
    const object = await storage.get(row.objectKey);
    await storage.put(row.objectKey, Buffer.concat([object?.bytes ?? new Uint8Array(), Buffer.from([0, 0, 0])]), CHUNK_CONTENT_TYPE);
    return true;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const changed = await tx
      .update(recordingChunks)
      .set({ data: sql`${recordingChunks.data} || 'AAAA'` })
      .where(and(eq(recordingChunks.serial, serial), eq(recordingChunks.seq, seq)))
      .returning({ seq: recordingChunks.seq });
    return changed.length > 0;
  });
}

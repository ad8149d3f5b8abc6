/**
 * The `recstore` part of `npm run bench`: sale recordings uploaded with
 * STORAGE_PROVIDER=database (chunks in the rows) and with STORAGE_PROVIDER=s3
 * (chunks as objects in s3rver on loopback), in the same run: the latency of
 * each chunk upload (recording/batchupload through the app, four at a time),
 * and the database's size before and after the sales (PostgreSQL's
 * pg_database_size, PGlite's own) with the bucket's bytes on disk.
 * A sale is RECSTORE_CHUNKS chunks of rrweb-like events deflated to about
 * 16 KB each, the size the recorder sends every 5 s of a real purchase.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { CHAIN_GENESIS, recordingCalls } from '../../src/contract/recording.ts';
import { GW } from '../../src/contract/define-call.ts';
import { benchConfig, startBenchApp } from '../../tests/support/bench-support.ts';
import { percentile, timedLoop } from './bench-server.ts';

const SALES = Number(process.env.RECSTORE_SALES ?? 1000);
const CHUNKS = Number(process.env.RECSTORE_CHUNKS ?? 5);
const BUCKET = 'edu-recordings';

export interface RecordingStorageFigures {
  mode: 'database' | 's3';
  kind: string;
  uploads: number;
  p50: number;
  p99: number;
  databaseGrowthBytes: number;
  /** The database's whole size once the sales are stored. */
  databaseBytes: number;
  bucketBytes: number;
}

/** Deterministic rrweb-like mouse and input events, deflated to about 16 KB (a chunk of 5 s of a purchase). */
function eventsData(seed: number): { data: string; eventCount: number } {
  let state = seed * 2654435761;
  const next = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const events = Array.from({ length: 1200 }, (_, i) => ({
    type: 3,
    timestamp: 1_700_000_000_000 + i * 12,
    data: { source: i % 7 === 0 ? 5 : 1, positions: [{ x: Math.floor(next() * 390), y: Math.floor(next() * 844), id: Math.floor(next() * 900), timeOffset: -Math.floor(next() * 50) }] },
  }));
  return { data: deflateSync(Buffer.from(JSON.stringify(events))).toString('base64'), eventCount: events.length };
}

function bytesUnder(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    total += entry.isDirectory() ? bytesUnder(full) : statSync(full).size;
  }
  return total;
}

export async function recordingStorageRun(mode: 'database' | 's3', databaseUrl?: string): Promise<RecordingStorageFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'edu-recstore-'));
  const s3rver = mode === 's3' ? new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: folder, configureBuckets: [{ name: BUCKET, configs: [] }] }) : undefined;
  const port = s3rver ? (await s3rver.run()).port : 0;
  const bench = await startBenchApp({
    ...(databaseUrl ? { databaseUrl } : {}),
    config: {
      recordingStartsPerIpPerHour: SALES * 2,
      ...(mode === 's3'
        ? {
            providers: { ...benchConfig().providers, storage: 's3' as const },
            s3: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
          }
        : {}),
    },
  });
  try {
    const size = async () => {
      const result = await bench.db.execute(sql`select pg_database_size(current_database())::text as bytes`);
      return Number((result as unknown as { rows: { bytes: string }[] }).rows[0]?.bytes ?? NaN);
    };
    const contents = Array.from({ length: CHUNKS }, (_, seq) => eventsData(seq + 1));
    const serials: string[] = [];
    for (let sale = 0; sale < SALES; sale++) {
      const started = await bench.app.inject({ method: 'POST', url: `${GW}${recordingCalls.start.path}`, payload: { entryRoute: '/insure', build: 'bench' } });
      serials.push((started.json() as { data: { serial: string } }).data.serial);
    }
    await bench.db.execute(sql`checkpoint`).catch(() => undefined);
    const before = await size();
    // One job per sale: its chunks in order (the recorder sends a sale's chunks one after another).
    const timings: number[] = [];
    await timedLoop(serials, 4, async (serial) => {
      let prevHash = CHAIN_GENESIS;
      for (let seq = 0; seq < CHUNKS; seq++) {
        const { data, eventCount } = contents[seq]!;
        const hash = createHash('sha256').update(`${prevHash}:${seq}:${data}`).digest('hex');
        const at = 1_700_000_000_000 + seq * 5000;
        const t0 = performance.now();
        const answer = await bench.app.inject({
          method: 'POST',
          url: `${GW}${recordingCalls.upload.path}`,
          payload: { serial, seq, prevHash, hash, data, eventCount, firstAt: at, lastAt: at + 4999, pages: [], final: seq === CHUNKS - 1 },
        });
        timings.push(performance.now() - t0);
        if ((answer.json() as { code: string }).code !== '0000') throw new Error(`recstore: upload refused: ${answer.body.slice(0, 200)}`);
        prevHash = hash;
      }
    });
    await bench.db.execute(sql`checkpoint`).catch(() => undefined);
    const after = await size();
    timings.sort((a, b) => a - b);
    return { mode, kind: bench.kind, uploads: timings.length, p50: percentile(timings, 50), p99: percentile(timings, 99), databaseGrowthBytes: after - before, databaseBytes: after, bucketBytes: s3rver ? bytesUnder(folder) : 0 };
  } finally {
    await bench.close();
    await s3rver?.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

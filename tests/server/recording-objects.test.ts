/**
 * Sale recordings with STORAGE_PROVIDER=s3 (the SigV4-checking S3 fake on loopback): each chunk's
 * bytes are a private object under a server-made key, the row keeps the hash
 * chain and the key only; compliance replays the same base64 the recorder
 * sent; an object altered or removed in the bucket turns the chain broken; the
 * purge of abandoned recordings removes their objects too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceCalls } from '../../src/contract/recording.ts';
import { recordingChunks } from '../../src/server/db/schema.ts';
import { upsertStaff } from '../../src/server/promoters/staff-admin.ts';
import type { S3Settings } from '../../src/server/providers/storage/s3-storage.ts';
import { RecordingRetention } from '../../src/server/recording/retention.ts';
import { startS3Fake, type S3Fake } from '../fakes/s3-fake.ts';
import { chain, hashOf, recordingCallsOf } from './fixtures/recording-chain.ts';
import { backends, call, expectOk, login, makeTestApp, testConfig, type Session, type TestApp } from './helpers.ts';

const BUCKET = 'edu-recordings';
const DAY = 24 * 3600_000;

describe.each(backends)('recorded sales kept in S3 (%s)', (backend) => {
  let folder: string;
  let fake: S3Fake;
  let s3: S3Settings;
  let bucket: S3Client;
  let t: TestApp;
  let buyer: Session;
  let reviewer: Session;
  let offset = 0;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'edu-recording-s3-'));
    fake = await startS3Fake({ bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3-fake-secret-of-the-tests', directory: folder });
    s3 = { endpoint: fake.endpoint, region: fake.region, bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3-fake-secret-of-the-tests', forcePathStyle: true };
    bucket = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
    t = await makeTestApp({ backend, now: () => new Date(Date.now() + offset), config: { providers: { ...testConfig().providers, storage: 's3' }, s3 } });
    buyer = await login(t.app);
    reviewer = await login(t.app);
    await upsertStaff(
      t.database.db,
      { phone: reviewer.phone, employeeNum: 'C2001', name: '钱合规', licenseNumber: '02000132000080002019000902', branchCode: 'JT0000', branchName: '总公司', roles: ['compliance'] },
      new Date(),
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    bucket?.destroy();
    await fake?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const { start, upload, detail } = recordingCallsOf(() => t.app, () => reviewer.token);
  const objectsOf = async (serial: string) =>
    ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `recordings/${serial}/` }))).Contents ?? []).map((o) => o.Key ?? '').sort();

  it('keeps the bytes in the bucket and the chain in the rows; the replay gives back what the recorder sent', async () => {
    const serial = await start(buyer.token);
    const chunks = chain(serial, 3);
    for (const chunk of chunks) expect(expectOk(await upload(chunk, buyer.token)).result).toBe('stored');
    expect(expectOk(await upload(chunks[1]!, buyer.token)).result).toBe('duplicate');

    const rows = await t.database.db.select().from(recordingChunks).where(eq(recordingChunks.serial, serial));
    expect(rows.map((r) => r.data)).toEqual([null, null, null]);
    expect(await objectsOf(serial)).toEqual(chunks.map((c) => `recordings/${serial}/${c.seq}-${c.hash}`));
    const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: `recordings/${serial}/0-${chunks[0]!.hash}` }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).toString('base64')).toBe(chunks[0]!.data);

    const seen = await detail(serial);
    expect(seen.chain).toBe('intact');
    expect(seen.chunks.map((c) => c.data)).toEqual(chunks.map((c) => c.data));
    expect(seen.chunks.map((c) => c.size)).toEqual(chunks.map((c) => Buffer.from(c.data, 'base64').length));
  });

  it('a chunk whose object is altered or removed in the bucket shows as broken', async () => {
    const serial = await start(buyer.token);
    const chunks = chain(serial, 3);
    for (const chunk of chunks) expectOk(await upload(chunk, buyer.token));
    expectOk(await call(t.app, { method: 'POST', url: complianceCalls.devTamperChunk.path, token: reviewer.token, payload: { serial, seq: 1 } }));
    expect((await detail(serial)).chunks.map((c) => c.valid)).toEqual([true, false, true]);
    await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `recordings/${serial}/2-${chunks[2]!.hash}` }));
    const seen = await detail(serial);
    expect(seen.chain).toBe('broken');
    expect(seen.chunks.map((c) => c.valid)).toEqual([true, false, false]);
  });

  it('refuses base64 that would not read back the same from its bytes, and stores nothing', async () => {
    const serial = await start(buyer.token);
    // A padded chunk's last character before '=' has bits no byte keeps: flipping the lowest gives the same bytes, another text.
    const chunk = chain(serial, 6).find((c) => c.data.endsWith('='))!;
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const at = chunk.data.replace(/=+$/, '').length - 1;
    const data = `${chunk.data.slice(0, at)}${B64[B64.indexOf(chunk.data[at]!) ^ 1]}${chunk.data.slice(at + 1)}`;
    const odd = { ...chunk, data, hash: hashOf(chunk.prevHash, chunk.seq, data) };
    expect(Buffer.from(odd.data, 'base64').equals(Buffer.from(chunk.data, 'base64'))).toBe(true);
    const refused = await upload(odd, buyer.token);
    expect(refused.body).toMatchObject({ code: '4000', msg: '录屏分片不是有效的 base64 数据', data: null });
    expect(await objectsOf(serial)).toEqual([]);
  });

  it('the purge of an abandoned recording removes its objects', async () => {
    offset = -100 * DAY;
    const abandoned = await start();
    offset = 0;
    for (const chunk of chain(abandoned, 2)) expectOk(await upload(chunk));
    expect(await objectsOf(abandoned)).toHaveLength(2);
    const retention = new RecordingRetention({ db: t.database.db, storage: t.handles.providers.storage, log: t.app.log });
    expect(await retention.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await objectsOf(abandoned)).toEqual([]);
    expect(await t.database.db.$count(recordingChunks, eq(recordingChunks.serial, abandoned))).toBe(0);
  });
});

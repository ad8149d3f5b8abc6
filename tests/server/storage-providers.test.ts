/**
 * One contract for every StorageProvider (database, folder, s3): put, get,
 * delete, a missing key, keys the server would never make refused. S3 runs against
 * the S3 fake on loopback (tests/fakes/s3-fake.ts: s3rver behind a proxy that
 * checks each request's AWS Signature V4, which s3rver alone does not), so a
 * wrong secret, an unknown key and an unsigned request are refused as S3
 * refuses them; the agreement of an offline product is then made with
 * STORAGE_PROVIDER=s3 and read back through the app from the bucket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCalls, type AgreementCreated } from '../../src/contract/contracts.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { makeIdCard } from '../../src/engine/rules/index.ts';
import { loadRoster, parseRosterCsv } from '../../src/server/contracts/roster.ts';
import { createCallOut } from '../../src/server/providers/outbound.ts';
import { S3Storage, type S3Settings } from '../../src/server/providers/storage/s3-storage.ts';
import { DatabaseStorage, FolderStorage, type StorageProvider } from '../../src/server/providers/storage/storage-provider.ts';
import { startS3Fake, type S3Fake } from '../fakes/s3-fake.ts';
import { call, expectOk, login, makeTestApp, openTestDb, testConfig, type TestApp } from './helpers.ts';

const silent = { info: () => undefined, warn: () => undefined };
const BUCKET = 'edu-agreements';
const ACCESS_KEY = 'S3RVER';
const SECRET = 'S3-fake-secret-of-the-tests';
const PDF = new TextEncoder().encode('%PDF-1.7\n% an agreement\n');

describe('storage providers', () => {
  let folder: string;
  let fake: S3Fake;
  let s3: S3Settings;
  let closeDb: () => Promise<void>;
  const providers: Array<[string, StorageProvider]> = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'edu-storage-'));
    fake = await startS3Fake({ bucket: BUCKET, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, directory: join(folder, 's3') });
    s3 = { endpoint: fake.endpoint, region: fake.region, bucket: BUCKET, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, forcePathStyle: true };
    const database = await openTestDb('pglite');
    closeDb = database.close;
    providers.push(
      ['database', new DatabaseStorage(database.db)],
      ['folder', new FolderStorage(join(folder, 'files'))],
      ['s3', new S3Storage(s3, createCallOut({ log: silent, initialDelayMs: 1 }))],
    );
  }, 60_000);
  afterAll(async () => {
    for (const [, provider] of providers) provider.stop?.();
    await closeDb?.();
    await fake?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it.each(['database', 'folder', 's3'])('%s: keeps and deletes a file, answers a missing key with nothing, refuses keys the server would never make', async (name) => {
    const provider = providers.find(([n]) => n === name)![1];
    await provider.put('contracts/HT0001/agreement.pdf', PDF, 'application/pdf');
    expect(await provider.get('contracts/HT0001/agreement.pdf')).toEqual({ bytes: PDF, contentType: 'application/pdf' });
    await provider.put('contracts/HT0001/agreement.pdf', new TextEncoder().encode('%PDF-1.7 v2'), 'application/pdf');
    expect(new TextDecoder().decode((await provider.get('contracts/HT0001/agreement.pdf'))!.bytes)).toBe('%PDF-1.7 v2');
    expect(await provider.get('contracts/HT9999/agreement.pdf')).toBeUndefined();
    await provider.delete('contracts/HT0001/agreement.pdf');
    expect(await provider.get('contracts/HT0001/agreement.pdf')).toBeUndefined();
    await provider.delete('contracts/HT0001/agreement.pdf');
    for (const bad of ['../etc/passwd', 'contracts/../../x', '/contracts/a.pdf', 'contracts', 'contracts/a b.pdf']) {
      await expect(provider.put(bad, PDF, 'application/pdf')).rejects.toThrow(/bad storage key/);
      await expect(provider.get(bad)).rejects.toThrow(/bad storage key/);
      await expect(provider.delete(bad)).rejects.toThrow(/bad storage key/);
    }
  });

  it('s3: the right key and secret pass the fake\'s SigV4 check', async () => {
    const before = { ...fake.refused };
    const [, provider] = providers.find(([n]) => n === 's3')!;
    await provider.put('contracts/HT0002/agreement.pdf', PDF, 'application/pdf');
    expect(await provider.get('contracts/HT0002/agreement.pdf')).toEqual({ bytes: PDF, contentType: 'application/pdf' });
    await provider.delete('contracts/HT0002/agreement.pdf');
    expect(fake.refused).toEqual(before);
  });

  it('s3: a wrong secret is refused by the fake (SignatureDoesNotMatch) and surfaced by the adapter, not retried', async () => {
    const before = fake.refused.SignatureDoesNotMatch ?? 0;
    const wrong = new S3Storage({ ...s3, secretAccessKey: 'not-the-secret-of-the-bucket' }, createCallOut({ log: silent, initialDelayMs: 1 }));
    await expect(wrong.put('contracts/HT0003/agreement.pdf', PDF, 'application/pdf')).rejects.toMatchObject({ message: 'PutObject: SignatureDoesNotMatch', retryable: false });
    await expect(wrong.get('contracts/HT0003/agreement.pdf')).rejects.toMatchObject({ message: 'GetObject: SignatureDoesNotMatch', retryable: false });
    wrong.stop();
    // One refusal per call: the adapter did not retry.
    expect(fake.refused.SignatureDoesNotMatch).toBe(before + 2);
    const [, provider] = providers.find(([n]) => n === 's3')!;
    expect(await provider.get('contracts/HT0003/agreement.pdf')).toBeUndefined();
  });

  it('s3: an unknown access key is refused by the server (InvalidAccessKeyId) and not retried', async () => {
    const wrong = new S3Storage({ ...s3, accessKeyId: 'NOT-OUR-KEY' }, createCallOut({ log: silent, initialDelayMs: 1 }));
    await expect(wrong.get('contracts/HT0001/agreement.pdf')).rejects.toMatchObject({ message: 'GetObject: InvalidAccessKeyId', retryable: false });
    wrong.stop();
  });

  it('s3: objects are private: an anonymous GET, and a signed request whose body was swapped, are refused', async () => {
    const [, provider] = providers.find(([n]) => n === 's3')!;
    await provider.put('contracts/HT0004/agreement.pdf', PDF, 'application/pdf');
    const anonymous = await fetch(`${fake.endpoint}/${BUCKET}/contracts/HT0004/agreement.pdf`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
    // A request signed for one body and sent with another: the payload hash no longer matches.
    const client = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET }, maxAttempts: 1 });
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body?: unknown };
        // As long as the signed body, so that its content-length still holds.
        request.body = PDF.map((byte, i) => (i === PDF.length - 2 ? byte ^ 1 : byte));
        return next(args);
      },
      { step: 'finalizeRequest', priority: 'low', name: 'swapBodyAfterSigning' },
    );
    await expect(client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'contracts/HT0004/agreement.pdf', Body: PDF, ContentType: 'application/pdf' }))).rejects.toMatchObject({ name: 'XAmzContentSHA256Mismatch' });
    client.destroy();
    expect(await provider.get('contracts/HT0004/agreement.pdf')).toEqual({ bytes: PDF, contentType: 'application/pdf' });
    await provider.delete('contracts/HT0004/agreement.pdf');
  });

  describe('STORAGE_PROVIDER=s3 in the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp({ config: { providers: { ...testConfig().providers, storage: 's3' }, s3 } });
    }, 60_000);
    afterAll(() => t?.close());

    it('writes the agreement PDF to the bucket and serves it to its signer only', async () => {
      const parent = await login(t.app);
      const other = await login(t.app);
      const insured = { name: '张小宇', idNo: makeIdCard('370802', `${new Date().getFullYear() - 10}0601`, '456') };
      await loadRoster(t.database.db, '23PR370860', parseRosterCsv(`name,idNo,schoolName,className\n${insured.name},${insured.idNo},济宁市第一实验小学,三年级二班\n`).entries);
      const boundary = '----s3test';
      const png = Buffer.concat([
        Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
        Buffer.alloc(200),
      ]);
      const form = Buffer.concat([
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="name"\r\n\r\n张伟明\r\n`),
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="idNo"\r\n\r\n${makeIdCard('370802', '19850312', '123')}\r\n`),
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="idPhoto"; filename="id.png"\r\ncontent-type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      expectOk(await call(t.app, { method: 'POST', url: contractCalls.certify.path, token: parent.token, payload: form, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
      const created = expectOk(
        await call<AgreementCreated>(t.app, {
          method: 'POST',
          url: contractCalls.agreement.path,
          token: parent.token,
          payload: { productCode: '23PR370860', insuredName: insured.name, insuredIdNo: insured.idNo, schoolName: '济宁市第一实验小学' },
        }),
      );
      const client = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET } });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'contracts/' }));
      client.destroy();
      expect(listed.Contents?.some((object) => object.Key?.includes(created.contractNo))).toBe(true);
      const url = `/_gw${fillPath(contractCalls.contractFile.path, { contractNo: created.contractNo, file: 'draft.pdf' })}`;
      const file = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${parent.token}` } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const refused = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${other.token}` } });
      expect(JSON.parse(refused.body)).toMatchObject({ code: '4003', data: null });
    }, 60_000);
  });
});

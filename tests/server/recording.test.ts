/**
 * Traceable sales: recorded chunks are stored idempotently on
 * (serial, seq), may arrive out of order with the gap visible, are refused
 * with a clear message and no change when bad, are appended only by the
 * recording's owner, and the database itself refuses to change them. The
 * compliance calls find a sale by order or policy and report its chain.
 */
import { deflateSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_GENESIS, complianceCalls, recordingCalls, type RecordingSummary } from '../../src/contract/recording.ts';
import { recordingChunks, recordingSteps, recordings } from '../../src/server/db/schema.ts';
import { MSG_TOO_MANY_STARTS } from '../../src/server/recording/recordings-repo.ts';
import { RecordingRetention } from '../../src/server/recording/retention.ts';
import { upsertStaff } from '../../src/server/promoters/staff-admin.ts';
import { chain, hashOf, recordingCallsOf, type Chunk } from './fixtures/recording-chain.ts';
import { backends, call, expectOk, login, makeTestApp, submitOrder, validApplication, XUZHOU, type Session, type TestApp } from './helpers.ts';

describe.each(backends)('recorded sales (%s)', (backend) => {
  let t: TestApp;
  let buyer: Session;
  let other: Session;
  let reviewer: Session;

  const { start, upload, detail } = recordingCallsOf(() => t.app, () => reviewer.token);
  const storedSeqs = async (serial: string) =>
    (await t.database.db.select({ seq: recordingChunks.seq }).from(recordingChunks).where(eq(recordingChunks.serial, serial))).map((r) => r.seq).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await makeTestApp({ backend });
    buyer = await login(t.app);
    other = await login(t.app);
    reviewer = await login(t.app);
    await upsertStaff(
      t.database.db,
      { phone: reviewer.phone, employeeNum: 'C1001', name: '郑合规', licenseNumber: '02000132000080002019000901', branchCode: 'JT0000', branchName: '总公司', roles: ['compliance'] },
      new Date(),
    );
  });
  afterAll(async () => t.close());

  it('stores a chunk once: the same chunk again is a duplicate, another under its sequence is refused', async () => {
    const serial = await start(buyer.token);
    const [first] = chain(serial, 1);
    expect(expectOk(await upload(first!, buyer.token)).result).toBe('stored');
    expect(expectOk(await upload(first!, buyer.token)).result).toBe('duplicate');
    const forged = chain(serial, 1)[0]!;
    forged.data = deflateSync(Buffer.from(JSON.stringify([{ type: 3, timestamp: 5, data: {} }]))).toString('base64');
    forged.hash = hashOf(CHAIN_GENESIS, 0, forged.data);
    const refused = await upload(forged, buyer.token);
    expect(refused.body).toMatchObject({ code: '4009', msg: '该序号的录屏分片已存在且内容不同，未作更改', data: null });
    const [row] = await t.database.db.select().from(recordingChunks).where(eq(recordingChunks.serial, serial));
    expect(row?.hash).toBe(first!.hash);
  });

  it('stores a step once: sent again after a lost acknowledgement, it is not a second step', async () => {
    const serial = await start(buyer.token);
    const step = { serial, step: 'clauseReadEnd', at: Date.now(), route: '/insure', clauseName: '投保须知' };
    for (let i = 0; i < 3; i++) expectOk(await call(t.app, { method: 'POST', url: recordingCalls.step.path, token: buyer.token, payload: step }));
    // Another clause read in the same millisecond is another step.
    expectOk(await call(t.app, { method: 'POST', url: recordingCalls.step.path, token: buyer.token, payload: { ...step, clauseName: '保险条款' } }));
    const stored = await t.database.db.select({ clause: recordingSteps.clauseName }).from(recordingSteps).where(eq(recordingSteps.serial, serial));
    expect(stored.map((r) => r.clause).sort()).toEqual(['保险条款', '投保须知']);
  });

  it('accepts chunks out of order, shows the gap until it is filled, then the chain is intact', async () => {
    const serial = await start(buyer.token);
    const chunks = chain(serial, 4);
    for (const seq of [0, 3, 1]) expectOk(await upload(chunks[seq]!, buyer.token));
    let seen = await detail(serial);
    expect(seen.gaps).toEqual([2]);
    expect(seen.chain).toBe('incomplete');
    expectOk(await upload(chunks[2]!, buyer.token));
    seen = await detail(serial);
    expect(seen.gaps).toEqual([]);
    expect(seen.chain).toBe('intact');
    expect(seen.chunks.map((c) => c.valid)).toEqual([true, true, true, true]);
    // The page version carries the manifest hash the server serves, not the client's word.
    expect(seen.pages[0]?.manifestHash).toMatch(/^[0-9a-f]{64}$/);
    const attr = await t.app.inject({ method: 'GET', url: `/_gw/prod-svc/api/v1/attr/${XUZHOU}/edu` });
    expect(attr.headers.etag).toBe(`"${seen.pages[0]?.manifestHash}"`);
  });

  it('refuses bad chunks with a clear message and changes nothing', async () => {
    const serial = await start(buyer.token);
    const [good] = chain(serial, 2);
    expectOk(await upload(good!, buyer.token));
    const bad = (patch: Partial<Chunk>, seq = 1): Chunk => {
      const base = { ...chain(serial, 2)[seq]!, ...patch };
      return patch.hash ? base : { ...base, hash: hashOf(base.prevHash, base.seq, base.data) };
    };
    const cases: [Chunk, string][] = [
      [bad({ data: Buffer.from('not deflated at all').toString('base64') }), '录屏分片无法解压'],
      [bad({ data: 'A'.repeat(200 * 1024) }), '录屏分片过大（超过 192 KB），请分片上传'],
      [bad({ data: deflateSync(Buffer.from('{"a":1}')).toString('base64') }), '录屏分片解压后不是有效的事件列表'],
      [bad({ hash: 'f'.repeat(64) }), '录屏分片的哈希值与内容不符'],
      [bad({ eventCount: 7 }), '录屏分片的事件数与内容不符'],
      [bad({ prevHash: 'e'.repeat(64) }), '录屏分片与上一分片的哈希链不符，未作更改'],
      [bad({ prevHash: 'e'.repeat(64) }, 0), '第一个录屏分片必须从链首开始'],
    ];
    for (const [chunk, msg] of cases) {
      const result = await upload(chunk, buyer.token);
      expect({ code: result.body.code, msg: result.body.msg, data: result.body.data }).toMatchObject({ msg, data: null });
      expect(['4000', '4001', '4009']).toContain(result.body.code);
    }
    expect(await storedSeqs(serial)).toEqual([0]);
  });

  it('refuses chunks after the final one', async () => {
    const serial = await start(buyer.token);
    const chunks = chain(serial, 3, false);
    chunks[1] = { ...chunks[1]!, final: true };
    expectOk(await upload(chunks[0]!, buyer.token));
    expectOk(await upload(chunks[1]!, buyer.token));
    expect((await upload(chunks[2]!, buyer.token)).body).toMatchObject({ code: '4001', msg: '录屏已结束，不能再追加分片' });
    expect(await storedSeqs(serial)).toEqual([0, 1]);
  });

  it('lets a visitor record before log-in; the first logged-in append claims the recording, then only its owner appends', async () => {
    const serial = await start();
    const chunks = chain(serial, 4);
    expectOk(await upload(chunks[0]!));
    expectOk(await upload(chunks[1]!, buyer.token));
    expect((await upload(chunks[2]!, other.token)).body).toMatchObject({ code: '4003', msg: '无权写入该录屏', data: null });
    expect((await upload(chunks[2]!)).body).toMatchObject({ code: '4003', msg: '无权写入该录屏' });
    const step = { serial, step: 'pageEnter', at: Date.now(), route: '/insure' };
    expect((await call(t.app, { method: 'POST', url: recordingCalls.step.path, token: other.token, payload: step })).body.code).toBe('4003');
    expect(await storedSeqs(serial)).toEqual([0, 1]);
    expectOk(await upload(chunks[2]!, buyer.token));
    const unknown = 'a'.repeat(32);
    expect((await upload({ ...chain(unknown, 1)[0]! }, buyer.token)).body).toMatchObject({ code: '4004', msg: '录屏不存在或已失效，请重新开始投保' });
  });

  it('links the sale to its order through the orderCreated step (only the caller’s own order), and compliance finds it by order and by policy', async () => {
    const serial = await start(buyer.token);
    for (const chunk of chain(serial, 2)) expectOk(await upload(chunk, buyer.token));
    const order = await submitOrder(t.app, buyer.token, validApplication(XUZHOU));
    const theirs = await submitOrder(t.app, other.token, validApplication(XUZHOU));
    const step = (orderCode: string, token: string) =>
      call(t.app, { method: 'POST', url: recordingCalls.step.path, token, payload: { serial, step: 'orderCreated', at: Date.now(), route: '/confirm', orderCode } });
    expect((await step(theirs.orderCode, buyer.token)).body).toMatchObject({ code: '4003', data: null });
    expectOk(await step(order.orderCode, buyer.token));
    expect((await step(theirs.orderCode, other.token)).body.code).toBe('4003');

    const found = expectOk(
      await call<RecordingSummary[]>(t.app, { method: 'GET', url: `${complianceCalls.findRecordings.path}?orderCode=${order.orderCode}`, token: reviewer.token }),
    );
    expect(found.map((r) => r.serial)).toEqual([serial]);
    expect(found[0]?.buyer).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const seen = await detail(serial);
    expect(seen.steps.map((s) => s.step)).toEqual(['orderCreated']);
    expect(seen.chain).toBe('intact');

    // By policy number once issued.
    await t.database.db.execute(sql`update application_forms set policy_no = ${'P' + order.orderCode} where application_form_code = ${order.applicationFormCode}`);
    const byPolicy = expectOk(
      await call<RecordingSummary[]>(t.app, { method: 'GET', url: `${complianceCalls.findRecordings.path}?policyNo=P${order.orderCode}`, token: reviewer.token }),
    );
    expect(byPolicy.map((r) => r.serial)).toEqual([serial]);
    expect(byPolicy[0]?.policyNos).toEqual([`P${order.orderCode}`]);

    // Staff without the compliance role and buyers see nothing.
    for (const token of [buyer.token, other.token]) {
      const refused = await call(t.app, { method: 'GET', url: `${complianceCalls.findRecordings.path}?orderCode=${order.orderCode}`, token });
      expect(refused.body).toMatchObject({ code: '4003', msg: '仅合规人员可查看销售录屏', data: null });
    }
  });

  it('the database refuses to change or delete stored chunks and steps; a chunk altered behind its back turns the chain broken', async () => {
    const serial = await start(buyer.token);
    for (const chunk of chain(serial, 3)) expectOk(await upload(chunk, buyer.token));
    expectOk(await call(t.app, { method: 'POST', url: recordingCalls.step.path, token: buyer.token, payload: { serial, step: 'confirm', at: Date.now(), route: '/confirm' } }));
    const db = t.database.db;
    await expect(db.update(recordingChunks).set({ data: 'AAAA' }).where(eq(recordingChunks.serial, serial))).rejects.toThrow();
    await expect(db.delete(recordingChunks).where(eq(recordingChunks.serial, serial))).rejects.toThrow();
    await expect(db.update(recordingSteps).set({ step: 'payResult' }).where(eq(recordingSteps.serial, serial))).rejects.toThrow();
    await expect(db.delete(recordingSteps).where(eq(recordingSteps.serial, serial))).rejects.toThrow();
    await expect(db.execute(sql`truncate recording_chunks cascade`)).rejects.toThrow();
    await expect(db.delete(recordings).where(eq(recordings.serial, serial))).rejects.toThrow();
    expect(await storedSeqs(serial)).toEqual([0, 1, 2]);
    expect((await detail(serial)).chain).toBe('intact');

    expect((await call(t.app, { method: 'POST', url: complianceCalls.devTamperChunk.path, token: buyer.token, payload: { serial, seq: 1 } })).body.code).toBe('4003');
    expectOk(await call(t.app, { method: 'POST', url: complianceCalls.devTamperChunk.path, token: reviewer.token, payload: { serial, seq: 1 } }));
    const seen = await detail(serial);
    expect(seen.chain).toBe('broken');
    expect(seen.chunks.map((c) => c.valid)).toEqual([true, false, true]);
  });
});

describe.each(backends)('recording limits and retention (%s)', (backend) => {
  let t: TestApp;
  let offset = 0;
  const DAY = 24 * 3600_000;

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => new Date(Date.now() + offset), config: { recordingStartsPerIpPerHour: 3 } });
  }, 60_000);
  afterAll(() => t?.close());

  const start = (remoteAddress: string, token?: string) =>
    call<{ serial: string }>(t.app, {
      method: 'POST',
      url: recordingCalls.start.path,
      token,
      remoteAddress,
      payload: { productCode: XUZHOU, entryRoute: '/xuzhouStudentSafetyDetails', build: 'b1' },
    });

  it('limits the recordings one address may start in an hour', async () => {
    offset = 0;
    for (let i = 0; i < 3; i++) expectOk(await start('198.51.100.7'));
    const refused = await start('198.51.100.7');
    expect(refused.body).toMatchObject({ code: '4029', msg: MSG_TOO_MANY_STARTS, data: null });
    // Another address is not held back, and an hour later this one may start again.
    expectOk(await start('198.51.100.8'));
    offset = 3600_000 + 1000;
    expectOk(await start('198.51.100.7'));
    offset = 0;
  });

  it('purges abandoned recordings after 90 days (chunks and steps too) and keeps every recording linked to an order', async () => {
    const buyer = await login(t.app);
    offset = -100 * DAY;
    const abandoned = expectOk(await start('203.0.113.1')).serial;
    const sold = expectOk(await start('203.0.113.2', buyer.token)).serial;
    offset = -10 * DAY;
    const recent = expectOk(await start('203.0.113.3')).serial;
    offset = 0;
    const order = await submitOrder(t.app, buyer.token, validApplication(XUZHOU));
    for (const serial of [abandoned, sold, recent]) {
      const token = serial === sold ? buyer.token : undefined;
      for (const chunk of chain(serial, 2)) expectOk(await call(t.app, { method: 'POST', url: recordingCalls.upload.path, token, payload: chunk }));
      expectOk(await call(t.app, { method: 'POST', url: recordingCalls.step.path, token, payload: { serial, step: 'pageEnter', at: Date.now(), route: '/insure' } }));
    }
    expectOk(
      await call(t.app, { method: 'POST', url: recordingCalls.step.path, token: buyer.token, payload: { serial: sold, step: 'orderCreated', at: Date.now(), route: '/confirm', orderCode: order.orderCode } }),
    );
    const db = t.database.db;
    // The database refuses to delete a recording still in its retention, whatever asks.
    await expect(db.delete(recordingChunks).where(eq(recordingChunks.serial, recent))).rejects.toThrow();
    await expect(db.delete(recordings).where(eq(recordings.serial, sold))).rejects.toThrow();
    // Nor can a sale's link to its order be undone to make it purgeable.
    await expect(db.update(recordings).set({ orderCode: null }).where(eq(recordings.serial, sold))).rejects.toThrow();

    const retention = new RecordingRetention({ db, storage: t.handles.providers.storage, log: t.app.log });
    expect(await retention.runOnce()).toBe(1);
    const left = async (table: typeof recordings | typeof recordingChunks | typeof recordingSteps, serial: string) =>
      db.$count(table, eq(table.serial, serial));
    expect([await left(recordings, abandoned), await left(recordingChunks, abandoned), await left(recordingSteps, abandoned)]).toEqual([0, 0, 0]);
    for (const serial of [sold, recent]) expect([await left(recordings, serial), await left(recordingChunks, serial)]).toEqual([1, 2]);
    expect(await retention.runOnce()).toBe(0);
  }, 60_000);
});

/**
 * One contract for every e-sign provider: the same tests run against the
 * sandbox and against the real 腾讯电子签 adapter (ESIGN_PROVIDER=tencent)
 * pointed at its protocol-faithful fake, through the app's HTTP API. Asking
 * twice continues one task; the parent signs on the platform's page and the
 * callback signs the agreement, whose PDF is stored and shown in 已签署的协议;
 * a refusal ends it refused; a duplicate, an older event arriving late and a
 * forged callback change nothing. Polling without callbacks and the
 * platform's download addresses are the real adapter's (the sandbox's are in
 * contracts.test.ts).
 */
import { Writable } from 'node:stream';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCalls, type AgreementCreated, type ContractList, type SignList } from '../../src/contract/contracts.ts';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import { makeIdCard, maskName } from '../../src/engine/rules/index.ts';
import { sha256Hex } from '../../src/server/contracts/agreement-pdf.ts';
import { loggerOptions } from '../../src/server/http/log-options.ts';
import { POLL_AFTER_MS, signedKey } from '../../src/server/contracts/contract-service.ts';
import { signEsignCallback, type SandboxEsignProvider } from '../../src/server/providers/esign/sandbox-esign-provider.ts';
import type { TencentEssProvider } from '../../src/server/providers/esign/tencent-ess-provider.ts';
import { readTencentEssSettings } from '../../src/server/providers/esign/tencent-ess-settings.ts';
import { FLOW, startTencentEssFake, type TencentEssFake } from '../fakes/tencent-ess-fake.ts';
import { backends, call, expectOk, login, makeTestApp, testConfig, type Backend, type Session, type TestApp } from './helpers.ts';
import { freePort, until } from './payment-channels-support.ts';

interface Posted {
  body: string;
  headers: Record<string, string>;
}

/** How a test drives one provider: the app configured for it, and the platform's side. */
interface EsignDriver {
  label: string;
  provider: 'sandbox' | 'tencent';
  real: boolean;
  start(backend: Backend, now: () => Date): Promise<TestApp>;
  /** The parent opens the signing link and signs, or refuses, there. */
  sign(t: TestApp, signUrl: string): Promise<void>;
  refuse(t: TestApp, signUrl: string): Promise<void>;
  /** A genuine callback of the task: its signing, or an older in-progress event; `forged` signs or encrypts it with another key. */
  callback(t: TestApp, taskId: string, kind: 'signed' | 'older', options?: { forged?: boolean }): Promise<Posted>;
  /** Every callback the platform scheduled has been delivered and applied. */
  settle(t: TestApp): Promise<void>;
  stop(): Promise<void>;
}

const PRODUCT = '24PR371302';
const HOLDER = { name: '张伟明', idNo: makeIdCard('370802', '19850312', '123') };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PHOTO = Buffer.concat([PNG, Buffer.alloc(200)]);
/** A pupil of ten with the given sequence digits (a fresh insured per agreement). */
const pupil = (seq: string) => ({ name: '张小宇', idNo: makeIdCard('370802', `${new Date().getFullYear() - 10}0601`, seq) });

/** A signature drawn on the sandbox page's pad. */
function drawn(): string {
  const canvas = createCanvas(300, 120);
  const context = canvas.getContext('2d');
  context.lineWidth = 6;
  context.beginPath();
  context.moveTo(20, 90);
  context.quadraticCurveTo(150, 0, 280, 60);
  context.stroke();
  return `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}`;
}

async function rowOf(t: TestApp, contractNo: string): Promise<{ task_id: string; status: string; last_event_seq: number }> {
  const { rows } = (await t.database.db.execute(`select task_id, status, last_event_seq from contracts where contract_no = '${contractNo}'`)) as unknown as { rows: { task_id: string; status: string; last_event_seq: number }[] };
  return rows[0]!;
}

function sandboxDriver(): EsignDriver {
  const submit = async (t: TestApp, signUrl: string, path: string, extra: Record<string, string>) => {
    const page = await t.app.inject({ method: 'GET', url: signUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(maskName(HOLDER.name));
    const q = new URL(signUrl, 'http://x').searchParams;
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ task: q.get('task')!, expires: q.get('expires')!, s: q.get('s')!, ...extra }).toString(),
    });
    expect(posted.statusCode).toBe(303);
  };
  return {
    label: 'sandbox',
    provider: 'sandbox',
    real: false,
    start: (backend, now) => makeTestApp({ backend, now }),
    sign: (t, signUrl) => submit(t, signUrl, '/_sandbox/esign/sign', { signature: drawn() }),
    refuse: (t, signUrl) => submit(t, signUrl, '/_sandbox/esign/reject', {}),
    async callback(t, taskId, kind, options = {}): Promise<Posted> {
      const esign = t.handles.providers.esign as SandboxEsignProvider;
      const { rows } = (await t.database.db.execute(`select business_no, seq from esign_sandbox_tasks where task_id = '${taskId}'`)) as unknown as { rows: { business_no: string; seq: number }[] };
      const task = rows[0]!;
      const event = { eventId: `E-${Math.random()}`, type: kind === 'signed' ? 'task.signed' : 'task.viewed', taskId, businessNo: task.business_no, seq: kind === 'signed' ? task.seq : 1, occurredAt: new Date().toISOString() };
      const posted = esign.signedCallback(event);
      if (!options.forged) return { body: posted.body, headers: { ...posted.headers, 'content-type': 'application/json' } };
      const timestamp = posted.headers['x-esign-timestamp']!;
      return { body: posted.body, headers: { 'x-esign-timestamp': timestamp, 'x-esign-signature': signEsignCallback('another-key', timestamp, posted.body), 'content-type': 'application/json' } };
    },
    settle: (t) => t.settled(),
    stop: async () => undefined,
  };
}

function tencentDriver(): EsignDriver {
  let fake: TencentEssFake;
  const press = async (signUrl: string, decision: 'sign' | 'reject') => {
    const page = await fetch(signUrl);
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text).toContain(maskName(HOLDER.name));
    expect(text).not.toContain(HOLDER.idNo);
    const token = new URL(signUrl).searchParams.get('token')!;
    const answer = await fetch(new URL('/__fake/ess/sign', signUrl), { method: 'POST', body: new URLSearchParams({ token, decision }), redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/\/#\/detailSign\?contractNo=HT/);
  };
  const lines: string[] = [];
  const driver: EsignDriver & { fake(): TencentEssFake; log(): string } = {
    label: 'tencent on the 电子签 fake',
    provider: 'tencent',
    real: true,
    fake: () => fake,
    log: () => lines.join(''),
    async start(backend, now) {
      // Each callback twice, the 合同发起 one held back until after the last: duplicates and disorder on every agreement.
      fake = await startTencentEssFake({ callbackMode: 'outOfOrder', delayMs: 5 });
      const port = await freePort();
      const tencentEss = readTencentEssSettings(fake.env()).settings!;
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const t = await makeTestApp({ backend, now, logger: { ...loggerOptions('info'), stream }, config: { publicUrl: `http://127.0.0.1:${port}`, providers: { ...testConfig().providers, esign: 'tencent' }, tencentEss } });
      await t.app.listen({ port, host: '127.0.0.1' });
      return t;
    },
    sign: (_t, signUrl) => press(signUrl, 'sign'),
    refuse: (_t, signUrl) => press(signUrl, 'reject'),
    async callback(_t, taskId, kind, options = {}) {
      const flow = fake.flows.get(taskId)!;
      // Forged: encrypted under another key, its Content-Signature made with the right token (refused: the body does not decrypt).
      if (options.forged) return fake.callbackFor(taskId, { status: FLOW.signed, key: 'AnotherCallbackKey00000000000000' });
      return fake.callbackFor(taskId, kind === 'signed' ? { status: FLOW.signed } : { status: FLOW.pending, updatedOn: flow.createdOn });
    },
    async settle(t) {
      await fake.settled();
      await t.settled();
    },
    async stop() {
      await fake?.close();
    },
  };
  return driver;
}

const DRIVERS: (() => EsignDriver)[] = [sandboxDriver, tencentDriver];

describe.each(backends)('the e-sign contract (%s)', (backend) => {
  describe.each(DRIVERS.map((make) => [make().label, make] as const))('%s', (_label, make) => {
    const driver = make();
    let t: TestApp;
    let parent: Session;
    let offsetMs = 0;

    beforeAll(async () => {
      t = await driver.start(backend, () => new Date(Date.now() + offsetMs));
      parent = await login(t.app);
      const boundary = '----esigncontract';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="name"\r\n\r\n${HOLDER.name}\r\n--${boundary}\r\ncontent-disposition: form-data; name="idNo"\r\n\r\n${HOLDER.idNo}\r\n`),
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="idPhoto"; filename="id.png"\r\ncontent-type: image/png\r\n\r\n`),
        PHOTO,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      expectOk(await call(t.app, { method: 'POST', url: contractCalls.certify.path, token: parent.token, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await driver.stop();
    });

    const agreement = async (insured: { name: string; idNo: string }) =>
      expectOk(
        await call<AgreementCreated>(t.app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: { productCode: PRODUCT, insuredName: insured.name, insuredIdNo: insured.idNo, schoolName: '兰山区第一小学' } }),
      );
    const list = async () => expectOk(await call<ContractList>(t.app, { method: 'GET', url: contractCalls.contractList.path, token: parent.token })).list;
    const statusOf = async (contractNo: string) => (await list()).find((c) => c.contractNo === contractNo)?.status;
    const notify = async (posted: Posted) => {
      const answer = await t.app.inject({ method: 'POST', url: GW + fillPath(contractCalls.esignNotify.path, { provider: driver.provider }), payload: posted.body, headers: posted.headers });
      return { status: answer.statusCode, body: answer.json() as { code: string; msg: string } };
    };

    const first = pupil('401');
    let signedNo = '';

    it('creates one task per agreement: asking again continues it', async () => {
      const created = await agreement(first);
      const again = await agreement(first);
      expect(again.contractNo).toBe(created.contractNo);
      expect(again.signUrl).toBe(created.signUrl);
      signedNo = created.contractNo;
      expect((await rowOf(t, signedNo)).task_id).toBeTruthy();
      if (driver.provider === 'tencent') expect((driver as unknown as { fake(): TencentEssFake }).fake().flowsCreated).toBe(1);
    }, 60_000);

    it('signs on the platform page: the callback signs it once, 已签署的协议 lists it and its PDF is stored and readable', async () => {
      const [item] = await list();
      await driver.sign(t, item!.signUrl!);
      await driver.settle(t);
      await until(async () => (await statusOf(signedNo)) === 'signed', 'the agreement signed');
      const signed = expectOk(await call<SignList>(t.app, { method: 'GET', url: `${contractCalls.signList.path}?userCode=${parent.userCode}`, token: parent.token }));
      expect(signed.list).toEqual([{ contractUrl: `/edu-svc/logged/${signedNo}/agreement.pdf`, signTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), userName: maskName(HOLDER.name) }]);
      const file = await t.app.inject({ method: 'GET', url: `${GW}${signed.list[0]!.contractUrl}`, headers: { authorization: `Bearer ${parent.token}` } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const stored = await t.handles.providers.storage.get(signedKey(signedNo));
      expect(stored && sha256Hex(stored.bytes)).toBe(sha256Hex(file.rawPayload));
      const draft = await t.app.inject({ method: 'GET', url: `${GW}${fillPath(contractCalls.contractFile.path, { contractNo: signedNo, file: 'draft.pdf' })}`, headers: { authorization: `Bearer ${parent.token}` } });
      expect(sha256Hex(draft.rawPayload)).not.toBe(sha256Hex(file.rawPayload));
      // Every callback of it applied at most once: the signing event, and nothing moved by the duplicates or the late 合同发起.
      const { rows } = (await t.database.db.execute(`select outcome from esign_events where contract_no = '${signedNo}' and outcome = 'applied' and type = 'task.signed'`)) as unknown as { rows: unknown[] };
      expect(rows.length).toBeLessThanOrEqual(1);
      if (driver.real) {
        // The platform's own order of delivery: the signing, then the 合同发起 it held back, which was stale by then.
        const fake = (driver as unknown as { fake(): TencentEssFake }).fake();
        expect(fake.deliveries.map((d) => [d.status, d.http])).toEqual([
          [FLOW.signed, 200],
          [FLOW.pending, 200],
        ]);
        const outcomes = (await t.database.db.execute(`select type, outcome from esign_events where contract_no = '${signedNo}'`)) as unknown as { rows: unknown[] };
        expect(outcomes.rows).toHaveLength(2);
        expect(outcomes.rows).toEqual(expect.arrayContaining([
          { type: 'task.signed', outcome: 'applied' },
          { type: 'task.started', outcome: 'stale' },
        ]));
      }
    }, 60_000);

    it('a refusal on the platform page ends the agreement refused', async () => {
      const fake = driver.real ? (driver as unknown as { fake(): TencentEssFake }).fake() : undefined;
      // The platform delivers each callback of this one twice.
      if (fake) fake.callbackMode = 'twice';
      const created = await agreement(pupil('402'));
      await driver.refuse(t, created.signUrl);
      await driver.settle(t);
      await until(async () => (await statusOf(created.contractNo)) === 'rejected', 'the agreement refused');
      if (fake) {
        const { rows } = (await t.database.db.execute(`select type, outcome from esign_events where contract_no = '${created.contractNo}' and type = 'task.rejected'`)) as unknown as { rows: unknown[] };
        // Delivered twice, both acknowledged; applied once (the second found its message id recorded).
        expect(fake.deliveries.filter((d) => d.status === FLOW.rejected).map((d) => d.http)).toEqual([200, 200]);
        expect(rows).toEqual([{ type: 'task.rejected', outcome: 'applied' }]);
      }
    }, 60_000);

    it('a duplicate callback changes nothing', async () => {
      const before = await list();
      const posted = await driver.callback(t, (await rowOf(t, signedNo)).task_id, 'signed');
      const answers = [await notify(posted), await notify(posted)];
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.body.msg)).toEqual(['stale', 'duplicate']);
      expect(await list()).toEqual(before);
    });

    it('an older event arriving after the signing changes nothing', async () => {
      const before = await list();
      const seq = (await rowOf(t, signedNo)).last_event_seq;
      const answer = await notify(await driver.callback(t, (await rowOf(t, signedNo)).task_id, 'older'));
      expect(answer).toMatchObject({ status: 200, body: { code: '0000', msg: 'stale' } });
      expect(await list()).toEqual(before);
      expect((await rowOf(t, signedNo)).last_event_seq).toBe(seq);
    });

    it('a forged callback is refused and signs nothing', async () => {
      const created = await agreement(pupil('403'));
      const posted = await driver.callback(t, (await rowOf(t, created.contractNo)).task_id, 'signed', { forged: true });
      const answer = await notify(posted);
      expect(answer.body).toMatchObject({ code: '4001', msg: '签名校验失败' });
      expect(answer.status).toBeLessThan(500);
      if (driver.real) {
        // Genuinely encrypted, but its Content-Signature is not the token's.
        const genuine = await driver.callback(t, (await rowOf(t, created.contractNo)).task_id, 'signed');
        expect((await notify({ ...genuine, headers: { ...genuine.headers, 'content-signature': `sha256=${'0'.repeat(64)}` } })).body).toMatchObject({ code: '4001' });
      }
      // Not JSON, not the platform's shape, empty: refused the same way, never a 500.
      for (const body of ['not json', '{"encrypt":42}', '{"encrypt":"!!!"}', '']) expect((await notify({ body, headers: { 'content-type': 'application/json' } })).status).toBeLessThan(500);
      expect(await statusOf(created.contractNo)).toBe('signing');
    });

    it.runIf(driver.real)('asks the platform when no callback comes, and downloads the signed PDF from an address that expires', async () => {
      const fake = (driver as unknown as { fake(): TencentEssFake }).fake();
      fake.callbackMode = 'never';
      const created = await agreement(pupil('404'));
      await driver.sign(t, created.signUrl);
      expect(await statusOf(created.contractNo)).toBe('signing');
      offsetMs += POLL_AFTER_MS + 1000;
      expect(await statusOf(created.contractNo)).toBe('signed');
      const esign = t.handles.providers.esign as TencentEssProvider;
      const taskId = (await rowOf(t, created.contractNo)).task_id;
      const link = (await esign.signedDownload(taskId))!;
      expect(link.signedAt).toBeInstanceOf(Date);
      const got = await esign.download(link.url);
      expect('pdf' in got && Buffer.from(got.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(await esign.download(link.url.replace(/sign=([0-9a-f])/, (_m, c: string) => `sign=${c === '0' ? '1' : '0'}`))).toEqual({ problem: 'invalid' });
      expect(await esign.download('https://evil.example/file.pdf')).toEqual({ problem: 'invalid' });
      fake.offsetMs += 301_000;
      expect(await esign.download(link.url)).toEqual({ problem: 'expired' });
      // Unsigned flows have nothing to download.
      const open = await agreement(pupil('405'));
      expect(await esign.signedDownload((await rowOf(t, open.contractNo)).task_id)).toBeUndefined();
    }, 60_000);

    it.runIf(driver.real)('answers a platform refusal of the signer as a message, and a platform failure without creating anything twice', async () => {
      const fake = (driver as unknown as { fake(): TencentEssFake }).fake();
      const before = fake.flowsCreated;
      fake.failNext.push({ code: 'InvalidParameter.Mobile', action: 'CreateFlowByFiles' });
      const refused = await call(t.app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: { productCode: PRODUCT, insuredName: '张小宇', insuredIdNo: pupil('406').idNo, schoolName: '兰山区第一小学' } });
      expect(refused.body).toMatchObject({ code: '4001', msg: '手机号码未通过电子签平台校验，请核对' });
      // CreateFlowByFiles is never retried (a second flow would be a second contract charged): the call fails, nothing is kept.
      fake.failNext.push({ code: 'InternalError.SystemError', action: 'CreateFlowByFiles' });
      const failed = await call(t.app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: { productCode: PRODUCT, insuredName: '张小宇', insuredIdNo: pupil('406').idNo, schoolName: '兰山区第一小学' } });
      expect(failed.body.code).not.toBe('0000');
      const ok = await agreement(pupil('406'));
      expect(ok.signUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__fake\/ess\/sign\?token=/);
      expect(fake.flowsCreated).toBe(before + 1);
      // Two requests creating the task of one business number at once: one flow, both answered with it.
      const esign = t.handles.providers.esign as TencentEssProvider;
      const input = {
        businessNo: 'HT20260101ESS0000001',
        title: '学生平安保险投保协议',
        document: new Uint8Array(Buffer.from('%PDF-1.4 agreement')),
        preview: [],
        signer: { name: HOLDER.name, idNo: HOLDER.idNo, phone: '13800000000' },
        returnUrl: `${t.config.publicUrl}/#/detailSign?contractNo=HT20260101ESS0000001`,
        signatureField: { page: 1, x: 126, y: 634, width: 150, height: 60 },
      };
      const [a, b] = await Promise.all([esign.createTask(input), esign.createTask(input)]);
      expect(b.taskId).toBe(a.taskId);
      expect(fake.flowsCreated).toBe(before + 2);
    }, 60_000);

    it.runIf(driver.real)('logs every call to the platform, without personal data, keys or links', () => {
      const log = (driver as unknown as { log(): string }).log();
      for (const action of ['UploadFiles', 'CreateFlowByFiles', 'CreateFlowSignUrl', 'DescribeFlowInfo', 'DescribeFileUrls']) expect(log).toContain(`"call":"${action}"`);
      expect(log).toContain('"vendorCode":"InvalidParameter.Mobile"');
      const settings = t.config.tencentEss!;
      for (const secret of [HOLDER.idNo, HOLDER.name, parent.phone, settings.secretKey, settings.callbackKey, '__fake/ess/sign?token=', '__fake/ess/file/']) expect(log).not.toContain(secret);
    });
  });
});

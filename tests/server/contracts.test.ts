/**
 * Electronic contracts (docs/contracts.md): certification, the agreement PDF
 * (text read back with pdf.js, a page rasterised), the sandbox signing page,
 * callbacks forged, replayed, duplicated and out of order, polling when no
 * callback comes, who may read the PDF, the signed-agreement list and the roster.
 */
import { isDocumentAddress } from '../../src/contract/documents.ts';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCalls, NO_MANAGER, type AgreementCreated, type ContractList, type SignList } from '../../src/contract/contracts.ts';
import { accountCalls } from '../../src/contract/accounts.ts';
import { makeIdCard, maskName } from '../../src/engine/rules/index.ts';
import { sha256Hex } from '../../src/server/contracts/agreement-pdf.ts';
import { loadRoster, parseRosterCsv } from '../../src/server/contracts/roster.ts';
import { DOWNLOAD_TTL_MS, SIGNED_AT_HEADER, type SandboxEsignProvider } from '../../src/server/providers/esign/sandbox-esign-provider.ts';
import { buildAppWithHandles } from '../../src/server/app.ts';
import { insertStaff } from '../../src/server/auth/people-repo.ts';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import { paymentCalls } from '../../src/contract/payment.ts';
import { signSandboxNotification } from '../../src/server/providers/payment/sandbox-notification.ts';
import {
  backends,
  call,
  expectOk,
  getSerial,
  JINING,
  login,
  makeTestApp,
  openTestDb,
  payUrlOf,
  postOrder,
  submitOrder,
  TEST_PAY_SECRET,
  testConfig,
  tradeNoOf,
  validApplication,
  XUZHOU,
  type Session,
  type TestApp,
} from './helpers.ts';

const JINING_OFFLINE = '23PR370860';
const TAIYUAN = '24PR140100';
const HOLDER = { name: '张伟明', idNo: makeIdCard('370802', '19850312', '123') };
/** A pupil of 9 or 10 (born 1 June ten years ago), in 四年级 (8–11 by the grade registry) whatever the year. */
const INSURED = { name: '张小宇', idNo: makeIdCard('370802', `${new Date().getFullYear() - 10}0601`, '456') };
// A 1×1 PNG (a real photo would be larger; the sandbox checks the bytes' type).
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PHOTO = Buffer.concat([PNG_BYTES, Buffer.alloc(200)]);

/** A drawn signature, as the sandbox page's pad makes it. */
function drawnSignature(): string {
  const canvas = createCanvas(300, 120);
  const context = canvas.getContext('2d');
  context.lineWidth = 6;
  context.beginPath();
  context.moveTo(20, 80);
  context.bezierCurveTo(80, 10, 160, 110, 280, 30);
  context.stroke();
  return `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}`;
}

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = '----contracttest';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="idPhoto"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function pdfText(bytes: Uint8Array): Promise<{ text: string; inkRatio: number; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
  const viewport = page.getViewport({ scale: 1 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) ink++;
  return { text, inkRatio: ink / (data.length / 4), pages: doc.numPages };
}

describe.each(backends)('contracts (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;
  let other: Session;
  let esign: SandboxEsignProvider;

  beforeAll(async () => {
    t = await makeTestApp({ backend });
    esign = t.handles.providers.esign as SandboxEsignProvider;
    parent = await login(t.app);
    other = await login(t.app);
    const csv = `name,idNo,schoolName,className\n${INSURED.name},${INSURED.idNo},济宁市第一实验小学,三年级二班\n李四,123,济宁一中,\n`;
    const parsed = parseRosterCsv(csv);
    expect(parsed.problems).toEqual([{ line: 3, reason: '身份证号码无效' }]);
    await loadRoster(t.database.db, JINING_OFFLINE, parsed.entries);
  }, 60_000);
  afterAll(() => t?.close());

  const certify = (session: Session, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) => {
    const form = multipart(fields, file);
    return call(t.app, { method: 'POST', url: contractCalls.certify.path, token: session.token, payload: form.payload, headers: form.headers });
  };

  it('says 未配置客户经理 for a product without a manager and creates nothing', async () => {
    const manager = await call(t.app, { method: 'GET', url: `${contractCalls.manager.path}?productCode=${TAIYUAN}` });
    expect(manager.body).toMatchObject({ code: '0000', data: null, msg: NO_MANAGER });
    const created = await call(t.app, {
      method: 'POST',
      url: contractCalls.agreement.path,
      token: parent.token,
      payload: { productCode: TAIYUAN, insuredName: INSURED.name, insuredIdNo: INSURED.idNo, schoolName: '太原市实验小学' },
    });
    expect(created.body).toMatchObject({ code: '4001', msg: NO_MANAGER });
  });

  it('checks the ID photo type and size with a clear message, then certifies', async () => {
    const fields = { name: HOLDER.name, idNo: HOLDER.idNo };
    expect((await certify(parent, fields, { name: 'id.txt', bytes: Buffer.from('not an image at all'), type: 'image/png' })).body.msg).toBe('证件照片仅支持 JPG、PNG 格式');
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await certify(parent, fields, { name: 'id.png', bytes: big, type: 'image/png' })).body.msg).toBe('证件照片不能超过2MB，请压缩后重新上传');
    expect((await certify(parent, fields)).body.msg).toBe('请上传身份证人像面照片');
    const ok = expectOk(await certify(parent, fields, { name: 'id.png', bytes: PHOTO, type: 'image/png' }));
    expect(ok).toEqual({ certified: true, name: maskName(HOLDER.name) });
  });

  let contractNo = '';
  let draftSha = '';

  it('creates the agreement once (idempotent) with a real PDF: product name and masked holder in its text, a page with ink, ≤ 300 KB', async () => {
    const body = { productCode: JINING_OFFLINE, insuredName: INSURED.name, insuredIdNo: INSURED.idNo, schoolName: '济宁市第一实验小学' };
    const notOnRoster = await call(t.app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: { ...body, insuredName: '王五' } });
    expect(notOnRoster.body.msg).toBe('被保险人不在学校名单中，请联系学校核对');
    const first = expectOk(await call<AgreementCreated>(t.app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: body }));
    const again = expectOk(await call<AgreementCreated>(t.app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: body }));
    expect(again.contractNo).toBe(first.contractNo);
    expect(again.signUrl).toBe(first.signUrl);
    contractNo = first.contractNo;
    const file = await t.app.inject({ method: 'GET', url: `/_gw${fillPath(contractCalls.contractFile.path, { contractNo, file: 'draft.pdf' })}`, headers: { authorization: `Bearer ${parent.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.length).toBeLessThanOrEqual(300 * 1024);
    draftSha = sha256Hex(file.rawPayload);
    const { text, inkRatio, pages } = await pdfText(file.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('济宁市学生平安保险（学校统一收费）');
    expect(text).toContain(`甲方（投保人）：${maskName(HOLDER.name)}`);
    expect(text).not.toContain(HOLDER.name);
    expect(text).not.toContain(HOLDER.idNo);
    expect(inkRatio).toBeGreaterThan(0.003);
  }, 60_000);

  it('lets only the signer read it: another user 4003, a visitor 406', async () => {
    const url = fillPath(contractCalls.contractFile.path, { contractNo, file: 'draft.pdf' });
    expect((await call(t.app, { method: 'GET', url, token: other.token })).body).toMatchObject({ code: '4003', data: null });
    expect((await call(t.app, { method: 'GET', url })).body).toMatchObject({ code: '406' });
    expect((await call(t.app, { method: 'GET', url: `${contractCalls.signatureImage.path}?contractNo=${contractNo}`, token: other.token })).body.code).toBe('4003');
  });

  it('signs on the sandbox page; the callbacks (maybe duplicated, maybe out of order) sign it once; the list and the signed PDF show it', async () => {
    const list = expectOk(await call<ContractList>(t.app, { method: 'GET', url: contractCalls.contractList.path, token: parent.token }));
    const signUrl = list.list[0]!.signUrl!;
    const page = await t.app.inject({ method: 'GET', url: signUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(maskName(HOLDER.name));
    expect(page.body).not.toContain(HOLDER.idNo);
    const query = new URL(signUrl, 'http://x').searchParams;
    const signature = drawnSignature();
    const post = await t.app.inject({
      method: 'POST',
      url: '/_sandbox/esign/sign',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ task: query.get('task')!, expires: query.get('expires')!, s: query.get('s')!, signature }).toString(),
    });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe(`/#/detailSign?contractNo=${contractNo}`);
    await t.settled();
    const after = expectOk(await call<ContractList>(t.app, { method: 'GET', url: contractCalls.contractList.path, token: parent.token }));
    expect(after.list.map((c) => c.status)).toEqual(['signed']);
    const signed = expectOk(await call<SignList>(t.app, { method: 'GET', url: `${contractCalls.signList.path}?userCode=${parent.userCode}`, token: parent.token }));
    expect(signed.list).toEqual([{ contractUrl: `/edu-svc/logged/${contractNo}/agreement.pdf`, signTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), userName: maskName(HOLDER.name) }]);
    const docs = expectOk(await call<unknown[]>(t.app, { method: 'GET', url: `${accountCalls.documents.path}?userCode=${parent.userCode}`, token: parent.token }));
    expect(docs).toEqual(signed.list);
    // The PDF viewer opens it (the one pattern of documents it fetches with the token).
    expect(isDocumentAddress(`/_gw${signed.list[0]!.contractUrl}`)).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: `/_gw${signed.list[0]!.contractUrl}`, headers: { authorization: `Bearer ${parent.token}` } });
    const { text } = await pdfText(file.rawPayload);
    expect(text).toContain('签署时间');
    expect(text).toContain(draftSha);
    expect(file.rawPayload.length).toBeLessThanOrEqual(300 * 1024);
  }, 60_000);

  it('refuses forged and stale callbacks; a duplicate, an older event or an unknown type changes nothing', async () => {
    const notify = (body: string, headers: Record<string, string>) =>
      call<null>(t.app, { method: 'POST', url: fillPath(contractCalls.esignNotify.path, { provider: 'sandbox' }), payload: body, headers: { ...headers, 'content-type': 'application/json' } });
    const list = async () => expectOk(await call<ContractList>(t.app, { method: 'GET', url: contractCalls.contractList.path, token: parent.token })).list;
    const before = await list();
    const { rows } = (await t.database.db.execute(`select task_id from contracts where contract_no = '${contractNo}'`)) as unknown as { rows: { task_id: string }[] };
    const task = rows[0]!.task_id;
    const event = (type: string, seq: number) => ({ eventId: `E-${type}-${seq}-${Math.random()}`, type, taskId: task, businessNo: contractNo, seq, occurredAt: new Date().toISOString() });
    // Forged: signed with another key.
    const expired = event('task.expired', 99);
    const genuine = esign.signedCallback(expired);
    expect((await notify(genuine.body, { ...genuine.headers, 'x-esign-signature': 'a'.repeat(64) })).body.code).toBe('4001');
    expect((await notify(genuine.body.replace('"seq":99', '"seq":98'), genuine.headers)).body.code).toBe('4001');
    // Replayed after the window.
    const old = esign.signedCallback(event('task.expired', 100), new Date(Date.now() - 10 * 60_000));
    expect((await notify(old.body, old.headers)).body.code).toBe('4001');
    // Valid but too late: the agreement is signed, an expiry does not undo it (applied at most once, never backwards).
    expect((await notify(genuine.body, genuine.headers)).body).toMatchObject({ code: '0000', msg: 'stale' });
    expect((await notify(genuine.body, genuine.headers)).body).toMatchObject({ code: '0000', msg: 'duplicate' });
    const viewed = esign.signedCallback(event('task.viewed', 1));
    expect((await notify(viewed.body, viewed.headers)).body).toMatchObject({ code: '0000', msg: 'stale' });
    const unknown = esign.signedCallback(event('task.archived', 200));
    expect((await notify(unknown.body, unknown.headers)).body).toMatchObject({ code: '0000', msg: 'ignored' });
    expect(await list()).toEqual(before);
  });

  it('moves the roster entry to 2 through the purchase itself, once, and lets staff reset it', async () => {
    const check = expectOk(await call(t.app, { method: 'GET', url: `${contractCalls.verifyInsuredCardNo.path}?productCode=${JINING_OFFLINE}&cardNo=${INSURED.idNo}`, token: parent.token }));
    expect(check).toEqual({ found: true, status: '1' });
    const roster = async () => {
      const { rows } = (await t.database.db.execute(
        `select id, status, order_code, contract_no, created_at from offline_roster where product_code = '${JINING_OFFLINE}' and id_no = '${INSURED.idNo}'`,
      )) as unknown as { rows: { id: number | string; status: string; order_code: string | null; contract_no: string | null; created_at: unknown }[] };
      return rows[0]!;
    };
    // The parent buys the offline product for the insured on the roster (the school collects the fee: paid on submission).
    const base = validApplication(JINING);
    const form = {
      ...base,
      productCode: JINING_OFFLINE,
      planCode: 'JNXX-A',
      policyHolder: { ...base.policyHolder, name: HOLDER.name, licenceNo: HOLDER.idNo },
      insureds: [{ ...base.insureds[0]!, name: INSURED.name, licenceNo: INSURED.idNo, schoolName: '济宁市实验小学', schoolKind: 'edu_07', grade: 'P4' }],
    };
    const serial = await getSerial(t.app, parent.token);
    const order = expectOk(await postOrder(t.app, parent.token, { serial, form }));
    const orderCode = order.body.order.code;
    await t.settled();
    const insured = await roster();
    expect(insured).toMatchObject({ status: '2', order_code: orderCode, contract_no: contractNo });
    // The same submission again (a retry) answers the same order and moves nothing a second time.
    const again = expectOk(await postOrder(t.app, parent.token, { serial, form }));
    expect(again.body.order.code).toBe(orderCode);
    expect(await roster()).toEqual(insured);
    // The client's recomputation never moves it back.
    expect(expectOk(await call(t.app, { method: 'POST', url: contractCalls.updateInsStatus.path, token: parent.token, payload: { contractNo } }))).toMatchObject({ status: '2' });
    expect((await call(t.app, { method: 'POST', url: contractCalls.updateInsStatus.path, token: other.token, payload: { contractNo } })).body.code).toBe('4003');
    // Writes are never answered on GET (docs/security.md, "Methods").
    expect((await call(t.app, { method: 'GET', url: `${contractCalls.updateInsStatus.path}?contractNo=${contractNo}`, token: parent.token })).status).toBe(404);
    // Only roster staff of the product (or its market) reset it.
    const resetUrl = fillPath(contractCalls.resetStatus.path, { id: String(insured.id) });
    expect((await call(t.app, { method: 'POST', url: resetUrl, token: parent.token })).body.code).toBe('4003');
    const { rows } = (await t.database.db.execute(`select id from users where user_code = '${other.userCode}'`)) as unknown as { rows: { id: string }[] };
    await insertStaff(t.database.db, { employeeNum: `S${backend}`, userId: rows[0]!.id, name: '钱校务', licenseNumber: 'L1', branchCode: 'B', branchName: 'B', roles: ['roster'], scope: ['jining'] });
    expect((await call(t.app, { method: 'GET', url: resetUrl, token: other.token })).status).toBe(404);
    expect(expectOk(await call(t.app, { method: 'POST', url: resetUrl, token: other.token }))).toMatchObject({ status: '0', orderCode: null });
    expect(await roster()).toMatchObject({ status: '0', order_code: null, contract_no: null });
  }, 60_000);

  it('bounds the calls that answer about a person: 5 signer certifications and 10 roster answers through the agreement call a day', async () => {
    const sweeper = await login(t.app);
    const fields = { name: HOLDER.name, idNo: HOLDER.idNo };
    for (let i = 0; i < 5; i++) expectOk(await certify(sweeper, fields, { name: 'id.png', bytes: PHOTO, type: 'image/png' }));
    expect((await certify(sweeper, fields, { name: 'id.png', bytes: PHOTO, type: 'image/png' })).body).toEqual({ code: '4029', msg: '查询过于频繁，请明天再试', data: null });
    const agreement = (insuredName: string, insuredIdNo: string) =>
      call(t.app, { method: 'POST', url: contractCalls.agreement.path, token: sweeper.token, payload: { productCode: JINING_OFFLINE, insuredName, insuredIdNo, schoolName: '济宁市第一实验小学' } });
    for (let i = 0; i < 10; i++) expect((await agreement('王五', makeIdCard('370802', '20150601', String(100 + i)))).body.msg).toBe('被保险人不在学校名单中，请联系学校核对');
    // The 11th insured of the day is not looked up, even the one on the roster.
    expect((await agreement(INSURED.name, INSURED.idNo)).body).toEqual({ code: '4029', msg: '查询过于频繁，请明天再试', data: null });
    // A parent continuing an agreement they have spends nothing.
    const again = await call(t.app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: { productCode: JINING_OFFLINE, insuredName: INSURED.name, insuredIdNo: INSURED.idNo, schoolName: '济宁市第一实验小学' } });
    expect(again.body.code).not.toBe('4029');
  });
});

describe.each(backends)('contracts: the roster moves with a paid trade (%s)', (backend) => {
  it('moves an entry to 2 once under concurrent duplicate payment notifications', async () => {
    const t = await makeTestApp({ backend });
    try {
      const buyer = await login(t.app);
      const form = validApplication(XUZHOU);
      const student = form.insureds[0]!;
      // Any product's roster moves the same way (nothing here is per product).
      await loadRoster(t.database.db, XUZHOU, [{ name: student.name, idNo: student.licenceNo, schoolName: '徐州市第一实验小学', className: '' }]);
      const order = await submitOrder(t.app, buyer.token, form);
      const tradeNo = tradeNoOf(await payUrlOf(t.app, buyer.token, order.applicationFormCode));
      const amountFen = Math.round(order.amount * 100);
      const notification = (minutes: number) =>
        signSandboxNotification(TEST_PAY_SECRET, { notifyId: `N-${Math.random()}`, tradeNo, amountFen, status: 'SUCCESS', paidAt: new Date(Date.now() - minutes * 60_000).toISOString() });
      const bodies = await Promise.all([1, 2, 3, 4].map(notification));
      const url = GW + fillPath(paymentCalls.payNotify.path, { provider: 'sandbox' });
      const answers = await Promise.all([...bodies, bodies[0]!].map((payload) => t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/jose' } })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      await t.settled();
      const { rows } = (await t.database.db.execute(
        `select r.status, r.order_code, r.created_at = o.paid_at as at_payment from offline_roster r, orders o where r.product_code = '${XUZHOU}' and o.order_code = '${order.orderCode}'`,
      )) as unknown as { rows: unknown[] };
      // Moved by the notification that paid the order, with its time: no later duplicate touched it.
      expect(rows).toEqual([{ status: '2', order_code: order.orderCode, at_payment: true }]);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe.each(backends)('contracts: the e-sign sandbox keeps its tasks in the database (%s)', (backend) => {
  it('signs a task after a restart, and with two server processes on one database signs it once', async () => {
    const database = await openTestDb(backend);
    const open = async () => (await buildAppWithHandles({ db: database.db, config: testConfig(), logger: false, sms: { send: async () => undefined }, sandboxRetryBaseMs: 5 })).app;
    const apps = [await open()];
    try {
      const parent = await login(apps[0]!);
      const form = multipart({ name: HOLDER.name, idNo: HOLDER.idNo }, { name: 'id.png', bytes: PHOTO, type: 'image/png' });
      expectOk(await call(apps[0]!, { method: 'POST', url: contractCalls.certify.path, token: parent.token, payload: form.payload, headers: form.headers }));
      const agreement = (app: (typeof apps)[number], insured: { name: string; idNo: string }) =>
        call<AgreementCreated>(app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: { productCode: '24PR371302', insuredName: insured.name, insuredIdNo: insured.idNo, schoolName: '兰山区第一小学' } });
      const first = expectOk(await agreement(apps[0]!, INSURED));
      // A restart: the server that created the task is gone; a new one has nothing in memory.
      await apps.shift()!.close();
      apps.push(await open(), await open());
      const [b, c] = apps as [(typeof apps)[number], (typeof apps)[number]];
      const page = await b.inject({ method: 'GET', url: first.signUrl });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(maskName(HOLDER.name));
      // Asking again on the other process continues the same task.
      expect(expectOk(await agreement(c, INSURED)).signUrl).toBe(first.signUrl);
      // The parent presses 确认签署 twice, each press reaching another process: signed once.
      const q = new URL(first.signUrl, 'http://x').searchParams;
      const payload = new URLSearchParams({ task: q.get('task')!, expires: q.get('expires')!, s: q.get('s')!, signature: drawnSignature() }).toString();
      const press = (app: (typeof apps)[number]) => app.inject({ method: 'POST', url: '/_sandbox/esign/sign', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
      const presses = await Promise.all([press(b), press(c)]);
      // Each press is answered (back to the app, or 该协议已签署完成 when the other press signed it first).
      expect(presses.map((p) => p.statusCode)).toContain(303);
      for (const p of presses) expect([303, 410]).toContain(p.statusCode);
      const settle = async () => {
        for (let i = 0; i < 100; i++) {
          const list = expectOk(await call<ContractList>(c, { method: 'GET', url: contractCalls.contractList.path, token: parent.token })).list;
          if (list[0]?.status === 'signed') return list;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('never signed');
      };
      expect((await settle()).map((x) => x.status)).toEqual(['signed']);
      const { rows } = (await database.db.execute(`select status, seq from esign_sandbox_tasks where business_no = '${first.contractNo}'`)) as unknown as { rows: unknown[] };
      // One 'viewed' and one 'signed' event: the second press numbered nothing.
      expect(rows).toEqual([{ status: 'signed', seq: 2 }]);
      expect(await b.inject({ method: 'GET', url: first.signUrl }).then((r) => r.body)).toContain('该协议已签署完成');
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  }, 90_000);
});

describe('contracts: polling when no callback comes', () => {
  let offset = 0;
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ channelPost: async () => ({ status: 503, text: '' }), now: () => new Date(Date.now() + offset) });
  }, 60_000);
  afterAll(() => t?.close());

  /** A parent certifies, creates the Lanshan agreement and signs it on the sandbox page, every callback lost. */
  const signWithoutCallbacks = async () => {
    const parent = await login(t.app);
    const form = multipart({ name: HOLDER.name, idNo: HOLDER.idNo }, { name: 'id.png', bytes: PHOTO, type: 'image/png' });
    expectOk(await call(t.app, { method: 'POST', url: contractCalls.certify.path, token: parent.token, payload: form.payload, headers: form.headers }));
    const created = expectOk(
      await call<AgreementCreated>(t.app, { method: 'POST', url: contractCalls.agreement.path, token: parent.token, payload: { productCode: '24PR371302', insuredName: INSURED.name, insuredIdNo: INSURED.idNo, schoolName: '兰山区第一小学' } }),
    );
    const q = new URL(created.signUrl, 'http://x').searchParams;
    const signature = drawnSignature();
    await t.app.inject({ method: 'POST', url: '/_sandbox/esign/sign', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ task: q.get('task')!, expires: q.get('expires')!, s: q.get('s')!, signature }).toString() });
    (t.handles.providers.esign as SandboxEsignProvider).stop(); // every callback lost
    const list = async () => expectOk(await call<ContractList>(t.app, { method: 'GET', url: contractCalls.contractList.path, token: parent.token })).list;
    return { list, taskId: q.get('task')! };
  };

  it('asks the platform and signs the agreement from its answer', async () => {
    const { list } = await signWithoutCallbacks();
    expect((await list())[0]!.status).toBe('signing');
    offset += 10_000;
    expect((await list())[0]!.status).toBe('signed');
  }, 60_000);

  it('takes the signature from a download address that expires and cannot be forged', async () => {
    const esign = t.handles.providers.esign as SandboxEsignProvider;
    const { taskId } = await signWithoutCallbacks();
    const link = (await esign.signedDownload(taskId))!;
    const fresh = await t.app.inject({ method: 'GET', url: link.url });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-type']).toBe('image/png');
    expect(Number.isNaN(Date.parse(String(fresh.headers[SIGNED_AT_HEADER])))).toBe(false);
    expect(fresh.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const forged = link.url.replace(/([?&]s=)([0-9a-f])/, (_m, key: string, c: string) => `${key}${c === '0' ? '1' : '0'}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect(await esign.download(forged)).toEqual({ problem: 'invalid' });
    expect(await esign.download('https://evil.example/_sandbox/esign/download?task=x')).toEqual({ problem: 'invalid' });
    offset += DOWNLOAD_TTL_MS + 1_000;
    const stale = await t.app.inject({ method: 'GET', url: link.url });
    expect(stale.statusCode).toBe(410);
    expect(stale.json()).toMatchObject({ msg: '下载地址已过期' });
    expect(await esign.download(link.url)).toEqual({ problem: 'expired' });
    // The server asks for a new address each time it fetches, so an old one expiring loses nothing.
    const again = await esign.signedDownload(taskId);
    expect(again!.url).not.toBe(link.url);
    expect('png' in (await esign.download(again!.url))).toBe(true);
  }, 60_000);
});

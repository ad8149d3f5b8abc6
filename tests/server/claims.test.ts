/**
 * Claims (docs/claims.md): the report from a policy in force, its photos
 * (JPEG, PNG or HEIC by their bytes, 10 MB each), sending it and the
 * supplement, the insurer sandbox's outcomes each applied once through the
 * one transition and texted to the holder, ownership, staff visibility, and
 * the account number sealed at rest. PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCalls, MAX_CLAIM_FILE_BYTES, type ClaimDetail, type ClaimList, type ClaimOptions } from '../../src/contract/claims.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import type { ApplicationFormInput } from '../../src/contract/order.ts';
import { insertStaff } from '../../src/server/auth/people-repo.ts';
import { moveClaim } from '../../src/server/claims/claim-transition.ts';
import { getClaim } from '../../src/server/claims/claims-repo.ts';
import { applyClaimOutcome } from '../../src/server/claims/operations/send-claim.ts';
import { applicationForms, claimEvents, storedFiles, users } from '../../src/server/db/schema.ts';
import type { SmsProvider } from '../../src/server/providers/sms/sms-provider.ts';
import { shanghaiDate } from '../../src/engine/time/shanghai-time.ts';
import { backends, call, claimPhotoForm, expectOk, GUARDIAN, JINING, login, makeTestApp, payUrlOf, pressCashier, submitOrder, tradeNoOf, validApplication, type Session, type TestApp } from './helpers.ts';

const DAY_MS = 24 * 3600_000;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200), Buffer.from([0xff, 0xd9])]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), randomBytes(100)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const ACCOUNT_NO = '6222020200112233445';

/** A small zip whose one entry expands to 64 MB of zeros. */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(64 * 1024 * 1024));
  const name = Buffer.from('bomb.jpg');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(64 * 1024 * 1024, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

describe.each(backends)('claims (%s)', (backend) => {
  let t: TestApp;
  const texts: { phone: string; params: Record<string, string> }[] = [];
  const sms = {
    name: 'recording',
    send: async (phone: string, template: string, params: Record<string, string>) => {
      if (template === 'claimStatus') texts.push({ phone, params });
    },
  } as unknown as SmsProvider;
  let parent: Session;
  let stranger: Session;
  let reviewer: Session;
  let rosterStaff: Session;
  let form: ApplicationFormInput;
  let policyNo: string;
  const now = new Date();

  async function buy(session: Session, application: ApplicationFormInput, inForce: boolean): Promise<string> {
    const order = await submitOrder(t.app, session.token, application);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    const detail = expectOk(await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: session.token, payload: { applicationFormCode: order.applicationFormCode } }));
    if (inForce) {
      await t.database.db
        .update(applicationForms)
        .set({ status: 'guarantee', startDate: new Date(now.getTime() - 30 * DAY_MS), endDate: new Date(now.getTime() + 300 * DAY_MS) })
        .where(eq(applicationForms.applicationFormCode, order.applicationFormCode));
    }
    return detail.policyNo!;
  }

  beforeAll(async () => {
    t = await makeTestApp({ backend, sms });
    [parent, stranger, reviewer, rosterStaff] = [await login(t.app), await login(t.app), await login(t.app), await login(t.app)];
    form = validApplication(JINING);
    policyNo = await buy(parent, form, true);
    const userId = async (session: Session) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.userCode, session.userCode)))[0]!.id;
    await insertStaff(t.database.db, { employeeNum: `C${backend}9`, userId: await userId(reviewer), name: '郑合规', licenseNumber: 'L1', branchCode: 'JT0000', branchName: '总公司', roles: ['compliance'] });
    await insertStaff(t.database.db, { employeeNum: `R${backend}9`, userId: await userId(rosterStaff), name: '钱名单', licenseNumber: 'L2', branchCode: 'JT0000', branchName: '总公司', roles: ['roster'] });
  }, 120_000);
  afterAll(() => t?.close());

  const day = (daysAgo: number) => shanghaiDate(new Date(now.getTime() - daysAgo * DAY_MS));
  const report = (session: Session, overrides: Record<string, unknown> = {}) =>
    call<{ claimNo: string; status: string }>(t.app, {
      method: 'POST',
      url: claimCalls.reportClaim.path,
      token: session.token,
      payload: {
        policyNo,
        insuredIndex: 0,
        kind: 'accidentOutpatient',
        accidentDate: day(2),
        accidentPlace: '学校操场',
        description: '体育课跑步时摔倒，右手腕擦伤就医。',
        bank: { accountName: form.policyHolder.name, bankName: '中国工商银行', accountNo: ACCOUNT_NO },
        ...overrides,
      },
    });
  const upload = (session: Session, claimNo: string, document: string, bytes: Buffer, filename = 'a.jpg') =>
    call<{ id: string; contentType: string }>(t.app, { method: 'POST', url: fillPath(claimCalls.addClaimFile.path, { claimNo }), token: session.token, ...claimPhotoForm(document, bytes, filename) });
  const send = (session: Session, claimNo: string) => call<{ status: string }>(t.app, { method: 'POST', url: fillPath(claimCalls.sendClaim.path, { claimNo }), token: session.token });
  const detail = (session: Session, claimNo: string) => call<ClaimDetail>(t.app, { method: 'GET', url: fillPath(claimCalls.claimDetail.path, { claimNo }), token: session.token });
  const decide = (payload: Record<string, unknown>) => call<{ status: string }>(t.app, { method: 'POST', url: claimCalls.devClaimDecision.path, payload });
  const reported = async () => expectOk(await report(parent)).claimNo;

  it('offers the kinds the policy’s own plan pays, with their documents and the cover period', async () => {
    const options = expectOk(await call<ClaimOptions>(t.app, { method: 'GET', url: `${claimCalls.claimOptions.path}?policyNo=${policyNo}`, token: parent.token }));
    expect(options.kinds.map((k) => k.kind)).toContain('accidentOutpatient');
    expect(options.kinds.find((k) => k.kind === 'accidentInpatient')?.documents.map((d) => d.name)).toContain('出院小结');
    expect(options.insureds[0]!.name).not.toBe(form.insureds[0]!.name);
    expect(options.coverStart).toBe(day(30));
  });

  it('refuses a policy not in force and a product without claims (with the hotline)', async () => {
    const pending = await buy(parent, validApplication(JINING), false);
    const notInForce = await call(t.app, { method: 'GET', url: `${claimCalls.claimOptions.path}?policyNo=${pending}`, token: parent.token });
    expect(notInForce.body).toMatchObject({ code: '4001', msg: '保单未生效，暂不能报案' });
    const other = await buy(parent, validApplication(GUARDIAN), true);
    const none = await call(t.app, { method: 'GET', url: `${claimCalls.claimOptions.path}?policyNo=${other}`, token: parent.token });
    expect(none.body.code).toBe('4001');
    expect(none.body.msg).toMatch(/^该产品暂不支持线上报案，请拨打保险公司报案电话/);
  });

  it('checks the report against the policy: insured, kind, dates, payee', async () => {
    expect((await report(parent, { insuredIndex: 7 })).body.code).toBe('4000');
    expect((await report(parent, { accidentDate: day(40) })).body).toMatchObject({ code: '4000' });
    expect((await report(parent, { accidentDate: day(-1) })).body).toMatchObject({ code: '4000', msg: '出险日期不能晚于今天' });
    expect((await report(parent, { bank: { accountName: '张三丰', bankName: '中国工商银行', accountNo: ACCOUNT_NO } })).body).toMatchObject({ code: '4000', msg: '收款人须为投保人或被保险人的监护人' });
    const options = expectOk(await call<ClaimOptions>(t.app, { method: 'GET', url: `${claimCalls.claimOptions.path}?policyNo=${policyNo}`, token: parent.token }));
    const refusedKind = ['illnessInpatient', 'accidentDeathDisability'].find((k) => !options.kinds.some((o) => o.kind === k));
    if (refusedKind) expect((await report(parent, { kind: refusedKind })).body).toMatchObject({ code: '4000', msg: '本保单的保障不含该理赔类型' });
  });

  it('goes report → send → askMore → photo → send → close, texting the holder on each change, an outcome applied once', async () => {
    texts.length = 0;
    const claimNo = await reported();
    expect(claimNo).toMatch(/^CL[0-9]{18}$/);
    const missing = await send(parent, claimNo);
    expect(missing.body).toMatchObject({ code: '4001', msg: '请上传门诊病历、医疗费用发票' });
    expectOk(await upload(parent, claimNo, 'record', JPEG));
    // A PNG named .jpg is taken for what its bytes are.
    expect(expectOk(await upload(parent, claimNo, 'invoice', PNG, 'invoice.jpg')).contentType).toBe('image/png');
    expect(expectOk(await send(parent, claimNo)).status).toBe('reported');
    await t.settled();
    expect(expectOk(await detail(parent, claimNo))).toMatchObject({ status: 'reviewing', sent: true, canSend: false });
    expect((await upload(parent, claimNo, 'feeList', JPEG)).body.code).toBe('4001');

    expect(expectOk(await decide({ claimNo, action: 'askMore', note: '请补充费用清单' })).status).toBe('needMore');
    expect(expectOk(await detail(parent, claimNo))).toMatchObject({ status: 'needMore', insurerNote: '请补充费用清单', canSend: true });
    expect(expectOk(await upload(parent, claimNo, 'feeList', HEIC, 'list.heic')).contentType).toBe('image/heic');
    expect(expectOk(await send(parent, claimNo)).status).toBe('reviewing');

    expect(expectOk(await decide({ claimNo, action: 'close', amountFen: 12_345 })).status).toBe('closed');
    // The insurer says it again: nothing moves, nobody is texted twice.
    expect(await applyClaimOutcome({ db: t.database.db, now: () => new Date(), sms }, { claimNo, action: 'close', amountFen: 99_999 })).toBeUndefined();
    const closed = expectOk(await detail(parent, claimNo));
    expect(closed).toMatchObject({ status: 'closed', amount: 123.45, canSend: false });
    expect(closed.history.map((h) => h.status)).toEqual(['reported', 'reviewing', 'needMore', 'reviewing', 'closed']);
    expect(closed.bank.accountNo).toBe(`${'*'.repeat(ACCOUNT_NO.length - 4)}${ACCOUNT_NO.slice(-4)}`);
    expect(texts.map((x) => x.params['status'])).toEqual(['资料审核中', '需补充资料', '资料审核中', '已结案']);
    expect(texts.every((x) => x.phone === form.policyHolder.phone && x.params['claimNo'] === claimNo)).toBe(true);
  });

  it('refuses a transition the table does not allow', async () => {
    const claimNo = await reported();
    const claim = (await getClaim(t.database.db, claimNo))!;
    expect(await moveClaim({ db: t.database.db, now: () => new Date(), sms }, claim, 'close', { amountFen: 100 })).toBeUndefined();
    expect(expectOk(await decide({ claimNo, action: 'askMore' })).status).toBe('reported');
    expect((await send(parent, claimNo)).body.code).toBe('4001');
    const rows = await t.database.db.select().from(claimEvents).where(eq(claimEvents.claimId, claim.id));
    expect(rows.map((r) => r.toStatus)).toEqual(['reported']);
    // Two changes at once: one wins.
    const both = await Promise.all([moveClaim({ db: t.database.db, now: () => new Date(), sms }, claim, 'decline', { note: 'x' }), moveClaim({ db: t.database.db, now: () => new Date(), sms }, claim, 'accept', {})]);
    expect(both.filter(Boolean)).toHaveLength(1);
    // An answer about the claim as it was (a query's) is not applied to the claim as it is now.
    const other = await reported();
    expect(await applyClaimOutcome({ db: t.database.db, now: () => new Date(), sms }, { claimNo: other, action: 'decline', note: '不在保障范围' }, undefined, 'reviewing')).toBeUndefined();
    expect(expectOk(await detail(parent, other)).status).toBe('reported');
  });

  it('keeps at most 9 photos of uploads sent at once, and the bytes of none refused', async () => {
    const claimNo = await reported();
    for (let i = 0; i < 7; i++) expectOk(await upload(parent, claimNo, 'record', JPEG));
    const at = await Promise.all([0, 1, 2, 3].map(() => upload(parent, claimNo, 'invoice', JPEG)));
    expect(at.filter((r) => r.body.code === '0000')).toHaveLength(2);
    expect(at.filter((r) => r.body.code !== '0000').map((r) => r.body.msg)).toEqual(['每个理赔申请最多上传9张图片', '每个理赔申请最多上传9张图片']);
    expect(expectOk(await detail(parent, claimNo)).files).toHaveLength(9);
    const [stored] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles).where(sql`${storedFiles.key} like ${`claims/${claimNo}/%`}`);
    expect(stored?.n).toBe(9);
  });

  it('answers 4003 to another parent on every call', async () => {
    const claimNo = await reported();
    const options = await call(t.app, { method: 'GET', url: `${claimCalls.claimOptions.path}?policyNo=${policyNo}`, token: stranger.token });
    expect(options.body.code).toBe('4003');
    expect((await report(stranger)).body.code).toBe('4003');
    expect((await upload(stranger, claimNo, 'record', JPEG)).body.code).toBe('4003');
    expect((await send(stranger, claimNo)).body.code).toBe('4003');
    expect((await detail(stranger, claimNo)).body.code).toBe('4003');
    expect(expectOk(await call<ClaimList>(t.app, { method: 'GET', url: claimCalls.claimList.path, token: stranger.token })).list).toEqual([]);
    expect((await call(t.app, { method: 'GET', url: claimCalls.staffClaims.path, token: stranger.token })).body.code).toBe('4003');
  });

  it('refuses files over 10 MB and anything that is not a JPEG, PNG or HEIC by its bytes', async () => {
    const claimNo = await reported();
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(MAX_CLAIM_FILE_BYTES + 1 - 4)]);
    expect((await upload(parent, claimNo, 'record', big)).body).toMatchObject({ code: '4001', msg: '单张图片不能超过10MB' });
    expect((await upload(parent, claimNo, 'record', SVG, 'x.svg')).body).toMatchObject({ code: '4001', msg: '请上传JPG、PNG或HEIC格式的图片' });
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(200_000);
    expect((await upload(parent, claimNo, 'record', bomb, 'bomb.jpg')).body).toMatchObject({ code: '4001', msg: '请上传JPG、PNG或HEIC格式的图片' });
    expect((await upload(parent, claimNo, 'record', Buffer.from('%PDF-1.7\n'), 'x.pdf')).body.msg).toBe('请上传JPG、PNG或HEIC格式的图片');
    expect((await upload(parent, claimNo, 'certificate', JPEG)).body.code).toBe('4001');
    expect(expectOk(await detail(parent, claimNo)).files).toEqual([]);
  });

  it('shows a photo as stored to its reporter and compliance only, and deletes a wrong one while the claim can be sent', async () => {
    const claimNo = await reported();
    const png = expectOk(await upload(parent, claimNo, 'record', PNG, 'a.png'));
    const jpeg = expectOk(await upload(parent, claimNo, 'invoice', JPEG));
    const photo = (session: Session, fileId: string) =>
      t.app.inject({ method: 'GET', url: `/_gw${fillPath(claimCalls.claimFile.path, { claimNo, fileId })}`, headers: { authorization: `Bearer ${session.token}` } });
    const own = await photo(parent, png.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await photo(reviewer, jpeg.id)).rawPayload.equals(JPEG)).toBe(true);
    // Another parent, and staff without the compliance role, never see them.
    for (const who of [stranger, rosterStaff]) expect((await photo(who, png.id)).json()).toEqual({ code: '4003', msg: '无权访问该理赔申请', data: null });
    expect((await photo(parent, 'Ph0t0Id000000000')).json()).toMatchObject({ code: '4004' });

    const remove = (session: Session, fileId: string) => call(t.app, { method: 'POST', url: fillPath(claimCalls.removeClaimFile.path, { claimNo, fileId }), token: session.token });
    expect((await remove(stranger, png.id)).body.code).toBe('4003');
    expect(expectOk(await remove(parent, png.id))).toBeNull();
    expect(expectOk(await detail(parent, claimNo)).files.map((f) => f.id)).toEqual([jpeg.id]);
    expect((await photo(parent, png.id)).json()).toMatchObject({ code: '4004' });
    const [stored] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles).where(sql`${storedFiles.key} like ${`claims/${claimNo}/%`}`);
    expect(stored?.n).toBe(1);
    // Sent: the photos stay as the insurer got them.
    expectOk(await upload(parent, claimNo, 'record', JPEG));
    expectOk(await send(parent, claimNo));
    expect((await remove(parent, jpeg.id)).body).toEqual({ code: '4001', msg: '理赔申请已提交，暂不能删除图片', data: null });
    expect(expectOk(await detail(parent, claimNo)).files).toHaveLength(2);
  });

  it('keeps the account number only sealed: no table holds it in clear', async () => {
    await reported();
    const tables = await t.database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const names = (Array.isArray(tables) ? tables : (tables as { rows: { table_name: string }[] }).rows) as { table_name: string }[];
    let dump = '';
    for (const { table_name } of names) {
      const rows = await t.database.db.execute(sql.raw(`select row_to_json(x)::text as j from "${table_name}" x`));
      dump += JSON.stringify(Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows);
    }
    expect(dump).toContain('claim_no');
    expect(dump).not.toContain(ACCOUNT_NO);
  });

  it('shows compliance every claim and a promoter their sales’ claims, masked; other staff none', async () => {
    const claimNo = await reported();
    const list = expectOk(await call<ClaimList>(t.app, { method: 'GET', url: claimCalls.staffClaims.path, token: reviewer.token })).list;
    expect(list.map((c) => c.claimNo)).toContain(claimNo);
    const seen = expectOk(await detail(reviewer, claimNo));
    expect(seen.insuredName).not.toBe(form.insureds[0]!.name);
    expect(seen.bank.accountNo).not.toContain(ACCOUNT_NO.slice(0, 8));
    // Staff who did not sell the policy (a promoter of other sales) see none of it.
    const staffList = async (session: Session) => expectOk(await call<ClaimList>(t.app, { method: 'GET', url: claimCalls.staffClaims.path, token: session.token })).list.map((c) => c.claimNo);
    expect(await staffList(rosterStaff)).not.toContain(claimNo);
    expect((await detail(rosterStaff, claimNo)).body.code).toBe('4003');
    // Once the sale is theirs, they do.
    const rosterId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.userCode, rosterStaff.userCode)))[0]!.id;
    await t.database.db.update(applicationForms).set({ promoterUserId: rosterId, agentSource: 'promoCode' }).where(eq(applicationForms.policyNo, policyNo));
    expect(await staffList(rosterStaff)).toContain(claimNo);
    expect(expectOk(await detail(rosterStaff, claimNo)).claimNo).toBe(claimNo);
    // Masked, and without the photos of its records and receipts.
    const fileId = expectOk(await upload(parent, claimNo, 'record', JPEG)).id;
    const photo = await t.app.inject({ method: 'GET', url: `/_gw${fillPath(claimCalls.claimFile.path, { claimNo, fileId })}`, headers: { authorization: `Bearer ${rosterStaff.token}` } });
    expect(photo.json()).toEqual({ code: '4003', msg: '无权访问该理赔申请', data: null });
  });
});

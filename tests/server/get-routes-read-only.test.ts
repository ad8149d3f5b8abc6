/**
 * No GET changes state (docs/security.md, "Methods"): every GET route of the
 * OpenAPI document (`/_gw/openapi.json`) is sent with a valid owner's token and
 * realistic values from the seeded demo data (the demo parent's order,
 * application and policy, their agreement and its roster row, a recording;
 * the demo broker's customer), as the parent, as the demo roster keeper and as
 * the demo broker, and every
 * table of the Drizzle schema (row count and a hash of its rows) must be as it
 * was before the call.
 *
 * Exclusions, each with its reason:
 * - tables that record reads themselves (counters and logs of calls), below;
 * - a few GETs that issue something to the caller (the spec's captcha, SMS
 *   code, serial, resubmit token and payment address; the caller's promoter
 *   codes): each may write the table of what it issues, and that table only;
 * - development calls (auth `dev`: not registered in production).
 * The sandbox pages outside `/_gw` (cashiers, WeChat OAuth, face, e-sign) are
 * not in the document: they stand in for third-party pages and are walked
 * separately; only the e-sign page writes (the platform's record of a view).
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GW } from '../../src/contract/define-call.ts';
import { orderCalls, type PolicyList } from '../../src/contract/order.ts';
import { recordingCalls } from '../../src/contract/recording.ts';
import { makeIdCard } from '../../src/engine/rules/index.ts';
import { loadRoster } from '../../src/server/contracts/roster.ts';
import * as schema from '../../src/server/db/schema.ts';
import { DEMO_PHONE } from '../../src/server/seed/seed-demo.ts';
import { DEMO_BROKER_PHONE, DEMO_ROSTER_PHONE } from '../../src/server/seed/seed-promoters.ts';
import { marketCalls, type FileList } from '../../src/contract/market.ts';
import { paymentCalls } from '../../src/contract/payment.ts';
import { WECHAT_APP_ID, WECHAT_OAUTH_URL } from '../../src/contract/payment-constants.ts';
import type { EsignProvider } from '../../src/server/providers/esign/esign-provider.ts';
import { backends, call, expectOk, login, makeTestApp, newPhone, submitOrder, validApplication, type Session, type SubmittedOrder, type TestApp } from './helpers.ts';

/** Tables whose rows are the record of calls, reads included: a GET adds to them by design. */
const RECORDS_OF_READS: Record<string, string> = {
  rate_limit_uses: 'uses of the limited calls (checkByIdCard, the roster check and the other budgets): a budget counts reads',
};

/**
 * GETs that issue something to the caller (the spec, §7, declares them GET): each may add to the table of
 * what it issues, nothing else.
 */
const ISSUING_GETS: Record<string, { tables: string[]; reason: string }> = {
  'GET /user-svc/api/v2/kaptcha': { tables: ['captchas'], reason: 'spec §7 GET v2/kaptcha: issues an image captcha' },
  'GET /user-svc/api/v1.5/regMsg': { tables: ['sms_codes', 'captchas'], reason: 'spec §7 GET v1.5/regMsg: sends an SMS code (counted for its limits; the captcha it checks is used up)' },
  'GET /user-svc/api/v2/_bai/registerAndLogin/regMsg': { tables: ['sms_codes', 'captchas'], reason: 'spec §7 GET v2/_bai/registerAndLogin/regMsg: sends an SMS code' },
  'GET /user-svc/api/v1/register/regMsg': { tables: ['sms_codes', 'captchas'], reason: 'spec §7 GET v1/register/regMsg: sends an SMS code' },
  'GET /user-svc/api/v1/appVerification': { tables: ['sms_codes'], reason: 'spec §7 GET v1/appVerification: checks an SMS code, counting the try' },
  'GET /user-svc/api/v1.5/vrifyKaptcha': { tables: ['captchas'], reason: 'spec §7 GET v1.5/vrifyKaptcha: checks a captcha, counting the try' },
  'GET /idg-svc/api/v1/idg3': { tables: ['serials'], reason: 'spec §7 GET idg3: issues a serial number' },
  'GET /idg-svc/api/v1/resub_token': { tables: ['resub_tokens'], reason: 'spec §7 GET resub_token: issues an anti-resubmit token' },
  'GET /edu-svc/payUrl/queryPayUrl': { tables: ['payments'], reason: 'spec §7 GET payUrl/queryPayUrl: opens (or reuses) the trade of the payment address' },
  'GET /edu-svc/registerCustomer/myPromoterCard': { tables: ['promoter_codes'], reason: 'the caller’s promo and manager codes are made on first ask (once, never changed)' },
  'GET /pol-svc/api/v1/e-policy/:applicationFormCode': { tables: ['stored_files'], reason: 'the e-policy is drawn (or fetched from the insurer) and stored on first ask, then served unchanged' },
};

/**
 * The sandbox pages stand in for a third party's pages (cashier, OAuth, face, e-sign): they are GET as
 * the real ones are. Only the e-sign page writes: the platform's own record that the signer opened it.
 */
const SANDBOX_PAGE_WRITES: Record<string, { tables: string[]; reason: string }> = {
  '/_sandbox/esign/sign': {
    tables: ['esign_sandbox_tasks', 'esign_events'],
    reason: 'the platform records the first view of its signing page and calls back task.viewed (recorded once in esign_events); no agreement changes',
  },
};

const XUZHOU = '25PR320300';
const JINING_OFFLINE = '23PR370860';
const HOLDER = { name: '张伟明', idNo: makeIdCard('370802', '19850312', '123') };
const INSURED = { name: '张小宇', idNo: makeIdCard('370802', `${new Date().getFullYear() - 10}0601`, '456') };
const CONTRACT_NO = 'HT20260101DEMO000001';

interface Operation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema?: { enum?: unknown[]; anyOf?: { enum?: unknown[] }[] } }[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/** The first value an enum allows, when the parameter is one. */
function enumValue(schema: NonNullable<Operation['parameters']>[number]['schema']): string | undefined {
  const value = schema?.enum?.[0] ?? schema?.anyOf?.[0]?.enum?.[0];
  return value === undefined ? undefined : String(value);
}

interface Owner {
  session: Session;
  /** Realistic values of this owner, by parameter name (a path's own value first: `path <path> <name>`). */
  values: Record<string, string | (() => string)>;
}

describe.each(backends)('no GET changes state (%s)', (backend) => {
  let t: TestApp;
  let tables: { name: string }[];
  let unpaid: SubmittedOrder;
  const owners: Record<'parent' | 'staff' | 'broker', Owner> = {} as never;

  async function snapshot(): Promise<Record<string, string>> {
    const parts = tables.map(({ name }) => sql`select ${name} as t, count(*)::int as n, coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as h from ${sql.identifier(name)} r`);
    const { rows } = (await t.database.db.execute(sql.join(parts, sql` union all `))) as unknown as { rows: { t: string; n: number; h: string }[] };
    return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
  }

  beforeAll(async () => {
    t = await makeTestApp({ backend, seed: true });
    await t.settled();
    tables = (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [{ name: getTableName(value) }] : []));
    const parent = await login(t.app, DEMO_PHONE);
    const broker = await login(t.app, DEMO_BROKER_PHONE);
    const rosterStaff = await login(t.app, DEMO_ROSTER_PHONE);
    const { list } = expectOk(await call<PolicyList>(t.app, { method: 'POST', url: orderCalls.policyList.path, token: parent.token, payload: {} }));
    const policy = list.find((p) => p.policyNo)!;
    // And an order still to pay (its payment address is asked on GET).
    unpaid = await submitOrder(t.app, parent.token, validApplication(XUZHOU));
    // The parent's signed agreement for a pupil on the Jining offline roster (at 2 once paid: here signed, 1).
    await t.database.db.execute(
      sql`insert into contracts (contract_no, user_id, product_code, holder_name, holder_id_no, insured_name, insured_id_no, school_name, manager_employee_num, esign_provider, document_sha256, draft_key, status, signed_at)
          select ${CONTRACT_NO}, id, ${JINING_OFFLINE}, ${HOLDER.name}, ${HOLDER.idNo}, ${INSURED.name}, ${INSURED.idNo}, '济宁市实验小学', 'JT0800101', 'sandbox', 'x', ${`contracts/${CONTRACT_NO}/draft.pdf`}, 'signed', now()
          from users where user_code = ${parent.userCode}`,
    );
    await loadRoster(t.database.db, JINING_OFFLINE, [{ name: INSURED.name, idNo: INSURED.idNo, schoolName: '济宁市实验小学', className: '四年级1班' }]);
    await t.database.db.execute(sql`update offline_roster set status = '1', contract_no = ${CONTRACT_NO} where id_no = ${INSURED.idNo}`);
    const { rows } = (await t.database.db.execute(sql`select id from offline_roster where id_no = ${INSURED.idNo}`)) as unknown as { rows: { id: number }[] };
    const recording = expectOk(
      await call<{ serial: string }>(t.app, { method: 'POST', url: recordingCalls.start.path, token: parent.token, payload: { entryRoute: '/insure', build: 'b' } }),
    ).serial;
    const files = expectOk(await call<FileList>(t.app, { method: 'GET', url: marketCalls.selectFile.path }));
    const customers = (await t.database.db.execute(
      sql`select u.user_code from customer_managers m join users u on u.id = m.user_id where m.manager_user_code = ${broker.userCode} order by u.user_code limit 1`,
    )) as unknown as { rows: { user_code: string }[] };
    const shared = {
      time: '1',
      // A code is asked for a phone that has none pending (the owner's own was just sent for the log-in).
      'path /user-svc/api/v1.5/regMsg phoneNum': newPhone,
      'path /user-svc/api/v2/_bai/registerAndLogin/regMsg phoneNum': newPhone,
      'path /user-svc/api/v1/register/regMsg phoneNum': newPhone,
      'path /edu-svc/payUrl/queryPayUrl appCode': unpaid.applicationFormCode,
      'path /edu-svc/wxb/_bai/selectFileById id': files.list[0]!.id,
      'path /prod-svc/forms/{file} file': 'abcdef-012345.js',
      'path /user-svc/api/file/{id} id': 'AAAAAAAAAAAAAAAAAAAAAA',
      'path /op-log/api/v1/op/ver/edu/{sys}/{id} id': '0123456789abcdef0123456789abcdef',
      'path /pay-svc/api/v1/edu/jd/order//{id}/1 id': unpaid.orderCode,
      signcode: '1234',
      imageVerificationCode: '1234',
      smsVerificationCode: '123456',
      'sys': 'edu',
      'channel': 'edu',
      'path /prod-svc/api/v1/detailRoute/edu path': '/xuzhouNewDetails',
      productCode: XUZHOU,
      code: XUZHOU,
      'path /user-svc/api/v1/getArea/{code} code': '320300',
      id: XUZHOU,
      no: '1',
      file: 'draft.pdf',
      commentNode: '00',
      areaCode: '320302',
      latitude: '34.26',
      longitude: '117.18',
      marketId: 'xuzhou',
      schoolId: '1',
      slug: 'JtprivacyClause',
      period: 'month',
      insureYear: '1',
      contractNo: CONTRACT_NO,
      'path /edu-svc/offline/insInfo/verifyInsuredCardNo productCode': JINING_OFFLINE,
      'path /edu-svc/contract/template/queryContractManagerUser productCode': JINING_OFFLINE,
      'path /edu-svc/api/contract_site productCode': JINING_OFFLINE,
      cardNo: INSURED.idNo,
      'path /edu-svc/offline/insInfo/resetStatus/{id} id': String(rows[0]!.id),
      serial: recording,
      orderCode: policy.orderCode,
      appCode: policy.applicationFormCode,
      applicationFormCode: policy.applicationFormCode,
      policyNo: policy.policyNo!,
      idNo: HOLDER.idNo,
      name: HOLDER.name,
    };
    owners.parent = { session: parent, values: { ...shared, userCode: parent.userCode, phoneNum: parent.phone, customerId: parent.userCode } };
    // Staff: the demo roster keeper (the roster calls, the compliance reads) and the demo broker, whose customer the promoter calls name.
    owners.staff = { session: rosterStaff, values: { ...shared, userCode: rosterStaff.userCode, phoneNum: rosterStaff.phone, customerId: rosterStaff.userCode } };
    owners.broker = { session: broker, values: { ...shared, userCode: broker.userCode, phoneNum: broker.phone, customerId: customers.rows[0]!.user_code } };
  }, 120_000);
  afterAll(() => t?.close());

  it('walks every GET of the OpenAPI document as the parent and as staff: no table changes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${GW}/openapi.json` })).json() as Doc;
    const { allCalls } = await import('../../src/contract/calls.ts');
    const authOf = new Map(allCalls().map(({ call: c }) => [`${c.method} ${c.path}`, c.auth]));
    const changed: string[] = [];
    const walked = new Set<string>();
    const answered: Record<string, number> = {};
    let sent = 0;
    for (const [docPath, operations] of Object.entries(doc.paths)) {
      const operation = operations.get;
      if (!operation) continue;
      const path = docPath.slice(GW.length);
      const key = `GET ${path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')}`;
      const auth = authOf.get(key);
      // Development calls are not registered in production; no GET is a server-to-server call.
      if (auth === 'dev' || auth === 'server') continue;
      walked.add(key);
      for (const who of ['parent', 'staff', 'broker'] as const) {
        const owner = owners[who];
        const query = new URLSearchParams();
        const headers: Record<string, string> = {};
        let url = path;
        for (const p of operation.parameters ?? []) {
          const given = owner.values[`path ${path} ${p.name}`] ?? enumValue(p.schema) ?? owner.values[p.name];
          if (given === undefined) continue;
          const value = typeof given === 'function' ? given() : given;
          if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
          else if (p.in === 'query') query.set(p.name, value);
          else if (p.in === 'header') headers[p.name] = value;
        }
        const before = await snapshot();
        const target = `${url}${query.size ? `?${query}` : ''}`;
        const response = await t.app.inject({ method: 'GET', url: GW + target, headers: { ...headers, authorization: `Bearer ${owner.session.token}` } });
        await t.settled();
        const after = await snapshot();
        sent++;
        const code = response.headers['content-type']?.toString().includes('json') ? (response.json() as { code?: string }).code : String(response.statusCode);
        answered[code ?? '?'] = (answered[code ?? '?'] ?? 0) + 1;
        const allowed = new Set([...Object.keys(RECORDS_OF_READS), ...(ISSUING_GETS[key]?.tables ?? [])]);
        for (const name of Object.keys(before)) {
          if (before[name] !== after[name] && !allowed.has(name)) changed.push(`${key} as ${who} (${target}, answered ${code}): ${name}`);
        }
      }
    }
    expect(changed).toEqual([]);
    // Every allowance names a GET that exists (a renamed or removed call takes its allowance with it).
    expect(Object.keys(ISSUING_GETS).filter((key) => !walked.has(key))).toEqual([]);
    expect(sent).toBeGreaterThan(150);
    // The walk reached the handlers: most answers are successes, not refusals of its requests.
    expect(answered['0000'] ?? 0).toBeGreaterThan(sent / 2);
  }, 300_000);
  it('answers the sandbox pages (cashiers, WeChat OAuth, face, e-sign) on GET without changing anything but the platform’s own record of a view', async () => {
    const parent = owners.parent.session;
    const payUrl = async (channel?: string) =>
      expectOk(await call<{ payUrl: string }>(t.app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${unpaid.applicationFormCode}${channel ? `&channel=${channel}` : ''}`, token: parent.token })).payUrl;
    const local = (address: string) => {
      const url = new URL(address, 'http://x');
      return `${url.pathname}${url.search}`;
    };
    const generic = local(await payUrl());
    const tradeNo = new URL(generic, 'http://x').searchParams.get('tradeNo') ?? '';
    const task = await (t.handles.providers.esign as EsignProvider).createTask({
      businessNo: 'HT20260101DEMO000002',
      title: '学生团体保险投保协议',
      document: new Uint8Array(Buffer.from('%PDF-1.4 demo')),
      preview: ['协议正文'],
      signer: { name: HOLDER.name, idNo: HOLDER.idNo },
      returnUrl: '/#/detailSign?contractNo=HT20260101DEMO000002',
      signatureField: { page: 1, x: 126, y: 634, width: 150, height: 60 },
    });
    const pages = [
      generic,
      local(await payUrl('alipay')),
      local(await payUrl('wechat')),
      `${WECHAT_OAUTH_URL}?appid=${WECHAT_APP_ID}&redirect_uri=${encodeURIComponent('/#/confirm')}&response_type=code&scope=snsapi_base&state=s`,
      `/_sandbox/jd/cashier?tradeNo=${tradeNo}`,
      '/_sandbox/face?ticket=0123456789abcdef0123456789abcdef',
      local(task.signUrl),
      local(task.signUrl).replace('/_sandbox/esign/sign', '/_sandbox/esign/download'),
    ];
    const changed: string[] = [];
    const statuses: number[] = [];
    for (const page of pages) {
      const before = await snapshot();
      const response = await t.app.inject({ method: 'GET', url: page });
      await t.settled();
      const after = await snapshot();
      statuses.push(response.statusCode);
      const allowed = SANDBOX_PAGE_WRITES[new URL(page, 'http://x').pathname]?.tables ?? [];
      for (const name of Object.keys(before)) {
        if (before[name] !== after[name] && !allowed.includes(name) && !(name in RECORDS_OF_READS)) changed.push(`GET ${page} (${response.statusCode}): ${name}`);
      }
    }
    expect(changed).toEqual([]);
    // The pages were shown (the cashiers, the OAuth page and the signing page), not refused.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(5);
  });
});

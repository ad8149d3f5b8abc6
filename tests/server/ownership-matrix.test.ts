/**
 * The ownership matrix: every `/_gw` call that takes an order, application,
 * policy, draft, pay-out or serial id, with user B sending user A's id in
 * that place. The list of calls is generated from the routes the app
 * registers (their contract schemas, walked for id properties), not written
 * by hand, so a new call with an id cannot be forgotten: it is tested with a
 * default request (the id alone), and an id-like property the test cannot
 * classify fails the suite.
 *
 * Decision (docs/policy-lifecycle.md): another user's id is answered 4003
 * with data null and a message that names only the kind of thing
 * (无权访问该订单), so nothing of A's leaks; A's data are unchanged.
 */
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCalls } from '../../src/contract/other-calls.ts';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import { OWNED_KEYWORD, type AppDetail, type OwnedKind, type TempFormList, policyCalls } from '../../src/contract/policy.ts';
import {
  backends,
  call,
  expectOk,
  getResubToken,
  getSerial,
  GUARDIAN,
  login,
  makeTestApp,
  payUrlOf,
  pressCashier,
  submitOrder,
  type Session,
  type TestApp,
  tradeNoOf,
  validApplication,
  XUZHOU,
} from './helpers.ts';
import { accountCalls } from '../../src/contract/accounts.ts';
import { authCalls } from '../../src/contract/auth.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { paymentCalls } from '../../src/contract/payment.ts';
import { promoterAreaCalls } from '../../src/contract/promoter-area.ts';
import { promoterCalls, type StaffRole } from '../../src/contract/promoter.ts';
import { maskName } from '../../src/engine/rules/index.ts';
import { claimCalls } from '../../src/contract/claims.ts';
import { contractCalls } from '../../src/contract/contracts.ts';
import { familyCalls } from '../../src/contract/family.ts';
import { CHAIN_GENESIS, complianceCalls, recordingCalls } from '../../src/contract/recording.ts';
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Property names that carry a user-owned id, and their kind. */
const ID_NAMES: Record<string, OwnedKind> = {
  orderCode: 'order',
  applicationFormCode: 'application',
  appCode: 'application',
  policyNo: 'policy',
  renewalLastPolicyNo: 'policy',
  tempSerialNo: 'draft',
  serial: 'draft',
  idempotentSerialNo: 'serial',
  // The account calls name their user (spec §7 userCode): only the caller's own.
  userCode: 'user',
  // The promoter area names a customer by their user code: only the promoter's own customers.
  customerId: 'user',
};
/** Id-looking names that are not a user's (catalogue codes, document numbers of the form, constants). */
const NOT_OWNED = new Set([
  'productCode', 'planCode', 'programCode', 'riskCode', 'code', 'provinceCode', 'cityCode', 'countyCode', 'licenceNo',
  'channelCode', 'holderCode', 'smsVerificationCode', 'phoneNum', 'cardId', 'attrMark', 'channel', 'provider',
  'imageVerificationCode', 'promoCode', 'channelNo',
  // Region, market and system codes; the school directory (public); branch, agent and project codes
  // of the form (settled by the server from the manifest); the caller's own ID number for real-name checks.
  'areaCode', 'marketId', 'elementRelaConfId', 'sysCode', 'schoolId', 'managerUserCode', 'schanelCode',
  'agentCode', 'branchCode', 'departCode', 'channalCode', 'insuringAreaCode', 'projectCode', 'idNo',
  // A benefit of a product (useBenefits), not a user's.
  'benefitCode',
  // A promoter's manager code (推荐码): printed on posters, public by design like the promo code.
  'managerCode',
  // The insured's ID number checked against the offline roster (answers a masked name only), and typed into an agreement.
  'cardNo', 'insuredIdNo',
  // The payee's bank account typed into a claim report; the sandbox insurer's decision (a development call without a user) names any claim;
  // a photo's id, taken only with its claim's number (whose owner is checked first).
  'accountNo', 'claimNo', 'fileId',
]);
const ID_LIKE = /(Code|No|Id|Serial|serial)$/;

interface IdPlace {
  part: 'body' | 'querystring' | 'params';
  /** Property path inside the part; `[]` marks an array item. */
  path: string[];
  kind: OwnedKind;
}

interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  [OWNED_KEYWORD]?: OwnedKind;
}

/** Every id property of a schema, recursively; unclassified id-like names are reported. */
function idPlaces(part: IdPlace['part'], schema: SchemaNode | undefined, prefix: string[], unknown: string[]): IdPlace[] {
  if (!schema) return [];
  const places: IdPlace[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const kind = prop[OWNED_KEYWORD] ?? ID_NAMES[name];
    if (kind) places.push({ part, path: [...prefix, name], kind });
    else if (ID_LIKE.test(name) && !NOT_OWNED.has(name)) unknown.push([...prefix, name].join('.'));
    places.push(...idPlaces(part, prop, [...prefix, name], unknown));
    if (prop.items) places.push(...idPlaces(part, prop.items, [...prefix, name, '[]'], unknown));
    for (const alt of prop.anyOf ?? []) places.push(...idPlaces(part, alt, [...prefix, name], unknown));
  }
  return places;
}

interface RouteCase {
  method: string;
  url: string;
  places: IdPlace[];
}

/** A valid request of user B for a call; the matrix then puts A's id in one place. */
interface Recipe {
  body?: () => Promise<Record<string, unknown>>;
  query?: () => Promise<Record<string, string>>;
  params?: () => Promise<Record<string, string>>;
  headers?: () => Promise<Record<string, string>>;
  /** Puts A's id into the body when the place needs more than the one property (default: setAt). */
  put?: (body: Record<string, unknown>, place: IdPlace, value: string) => void;
}

function setAt(target: Record<string, unknown>, path: string[], value: string): void {
  let node: unknown = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    if (key === '[]') continue;
    const next = (node as Record<string, unknown>)[key];
    if (Array.isArray(next)) {
      node = next[0];
      continue;
    }
    if (next === undefined || next === null) (node as Record<string, unknown>)[key] = path[i + 1] === '[]' ? [{}] : {};
    node = (node as Record<string, unknown>)[key];
    if (Array.isArray(node)) node = node[0];
  }
  (node as Record<string, unknown>)[path[path.length - 1]!] = value;
}

describe.each(backends)('ownership matrix (%s)', (backend) => {
  let t: TestApp;
  const routes: RouteCase[] = [];
  const unknownIds: string[] = [];
  let alice: Session;
  let bob: Session;
  const a = { orderCode: '', applicationFormCode: '', policyNo: '', tempSerialNo: '', serial: '', contractNo: 'HT20260101ALICE00001', recording: '', person: '', claim: 'CL202601011234567890' };
  const aSecrets: string[] = [];

  beforeAll(async () => {
    t = await makeTestApp({
      backend,
      onRoute: (route: RouteOptions) => {
        const methods = [route.method].flat().filter((m) => m !== 'HEAD');
        if (methods.length === 0 || !route.url.startsWith(`${GW}/`)) return;
        const schema = (route.schema ?? {}) as Record<string, SchemaNode>;
        const where = `${methods.join(',')} ${route.url}`;
        const found: string[] = [];
        const places = [
          ...idPlaces('body', schema.body, [], found),
          ...idPlaces('querystring', schema.querystring, [], found),
          ...idPlaces('params', schema.params, [], found),
        ];
        unknownIds.push(...found.map((f) => `${where}: ${f}`));
        for (const method of methods) if (places.length > 0) routes.push({ method, url: route.url.slice(GW.length), places });
      },
    });
    alice = await login(t.app);
    bob = await login(t.app);
    // B is a promoter (a customer of their own bound to them), so the promoter area judges ownership, not only the role.
    const bobsCustomer = await login(t.app);
    await t.database.db.execute(
      sql`insert into customer_managers (user_id, manager_user_code, source) select id, ${bob.userCode}, 'link' from users where user_code = ${bobsCustomer.userCode}`,
    );
    // A's paid, issued policy of a renewal product, and a draft.
    const form = validApplication(GUARDIAN);
    aSecrets.push(form.policyHolder.name, form.policyHolder.licenceNo, form.policyHolder.phone, ...form.insureds.map((i) => i.licenceNo));
    const order = await submitOrder(t.app, alice.token, form);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, alice.token, order.applicationFormCode)));
    await t.settled();
    const detail = expectOk(await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: alice.token, payload: { applicationFormCode: order.applicationFormCode } }));
    expect(detail.policyNo).toBeTruthy();
    Object.assign(a, { orderCode: order.orderCode, applicationFormCode: order.applicationFormCode, policyNo: detail.policyNo, serial: order.serial });
    const draft = expectOk(
      await call<{ tempSerialNo: string }>(t.app, {
        method: 'POST',
        url: policyCalls.saveTempForm.path,
        token: alice.token,
        payload: { productCode: XUZHOU, form: { policyHolder: form.policyHolder, insureds: form.insureds } },
      }),
    );
    a.tempSerialNo = draft.tempSerialNo;
    // A's agreement (docs/contracts.md): the row is enough, every contract call checks its owner first.
    await t.database.db.execute(
      sql`insert into contracts (contract_no, user_id, product_code, holder_name, holder_id_no, insured_name, insured_id_no, school_name, manager_employee_num, esign_provider, document_sha256, draft_key)
          select ${a.contractNo}, id, '23PR370860', '张三', '370802198503121230', '张小三', '370802201506014560', '济宁一小', 'JT0800101', 'sandbox', 'x', ${`contracts/${a.contractNo}/draft.pdf`} from users where user_code = ${alice.userCode}`,
    );
    // A's recorded sale (claimed by A's token at its start).
    a.recording = expectOk(
      await call<{ serial: string }>(t.app, { method: 'POST', url: recordingCalls.start.path, token: alice.token, payload: { entryRoute: '/insure', build: 'b' } }),
    ).serial;
    // A's saved family member (docs/accounts.md#family-members).
    const child = { name: '张小明', idType: '0', idNo: '110105201503070013', schoolName: '徐州市第一实验小学', className: '三年级2班', consent: true };
    aSecrets.push(child.idNo, child.schoolName);
    a.person = expectOk(await call<{ id: string }>(t.app, { method: 'POST', url: familyCalls.add.path, token: alice.token, payload: child })).id;
    // A's claim (docs/claims.md): the row is enough, every claim call checks its owner first.
    await t.database.db.execute(
      sql`insert into claims (claim_no, application_form_id, user_id, insured_index, kind, accident_date, accident_place, description, account_name, bank_name, account_no_cipher, account_no_masked)
          select ${a.claim}, af.id, o.user_id, 0, 'accidentOutpatient', '2026-01-01', '学校操场', '体育课摔倒擦伤', '张三', '中国银行', 'x', '***************3445'
          from application_forms af join orders o on o.id = af.order_id where af.application_form_code = ${a.applicationFormCode}`,
    );
  });
  afterAll(() => t.close());

  const resub = async () => ({ 'x-resub-token': await getResubToken(t.app, bob.token) });
  const idOf = (kind: OwnedKind): string =>
    ({
      order: a.orderCode,
      application: a.applicationFormCode,
      payOut: a.applicationFormCode,
      policy: a.policyNo,
      draft: a.tempSerialNo,
      serial: a.serial,
      user: alice.userCode,
      contract: a.contractNo,
      recording: a.recording,
      person: a.person,
      claim: a.claim,
    })[kind];
  /** A well-formed first chunk (its hash does not cover the serial, so it fits any recording). */
  const recordedChunk = () => {
    const data = deflateSync(Buffer.from('[{"type":4,"timestamp":1}]')).toString('base64');
    const hash = createHash('sha256').update(`${CHAIN_GENESIS}:0:${data}`).digest('hex');
    return { seq: 0, prevHash: CHAIN_GENESIS, hash, data, eventCount: 1, firstAt: 1, lastAt: 1, pages: [], final: false };
  };

  /** B's valid request per call. A new id-taking call needs a line here, or the suite fails. */
  const recipes: Record<string, Recipe> = {
    [`POST ${orderCalls.submitOrder.path}`]: {
      body: async () => ({ idempotentSerialNo: await getSerial(t.app, bob.token), applicationForms: [validApplication(GUARDIAN)] }),
      headers: resub,
      put: (body, place, value) => {
        // A renewal names the last policy together with its count.
        if (place.path.includes('renewal')) {
          (body.applicationForms as Record<string, unknown>[])[0]!.renewal = { renewalTimes: 0, renewalLastPolicyNo: value };
        } else setAt(body, place.path, value);
      },
    },
    // The repeat check is bound to a serial (docs/security.md): B's valid check, A's serial.
    [`POST ${orderCalls.repeatInsurance.path}`]: {
      body: async () => {
        const form = validApplication(XUZHOU);
        const idempotentSerialNo = await getSerial(t.app, bob.token);
        return { cardId: form.insureds[0]!.licenceNo, cardType: '0', productCode: XUZHOU, idempotentSerialNo, applicationForm: form };
      },
      put: (body, place, value) => {
        // A renewal names the last policy together with its count.
        if (place.path.includes('renewal')) (body.applicationForm as Record<string, unknown>).renewal = { renewalTimes: 0, renewalLastPolicyNo: value };
        else setAt(body, place.path, value);
      },
    },
    [`POST ${orderCalls.orderDetail.path}`]: { body: async () => ({}) },
    [`GET ${paymentCalls.payUrl.path}`]: { query: async () => ({}) },
    [`POST ${paymentCalls.savePayOut.path}`]: { body: async () => ({ productCode: GUARDIAN }) },
    [`POST ${policyCalls.searchOrderCharge.path}`]: { body: async () => ({}) },
    [`POST ${policyCalls.cancelOrder.path}`]: { body: async () => ({}) },
    [`POST ${policyCalls.deleteOrder.path}`]: { body: async () => ({}) },
    [`POST ${policyCalls.searchAppDetailPro.path}`]: { body: async () => ({}) },
    [`POST ${policyCalls.insuredExtend.path}`]: { body: async () => ({}) },
    [`GET ${policyCalls.liabilityPolDetail.path}`]: { query: async () => ({}) },
    [`GET ${policyCalls.ePolicy.path}`]: { params: async () => ({}) },
    [`POST ${policyCalls.submitEndors.path}`]: { body: async () => ({ endorType: 'surrender' }), headers: resub },
    [`POST ${policyCalls.saveTempForm.path}`]: { body: async () => ({ productCode: XUZHOU, form: { policyHolder: {}, insureds: [] } }) },
    [`POST ${policyCalls.selectTempForm.path}`]: { body: async () => ({}) },
    [`POST ${policyCalls.deleteTempForm.path}`]: { params: async () => ({}) },
    [`POST ${policyCalls.devInsurerFail.path}`]: { body: async () => ({}) },
    // --- payments: B's own openid (any well-formed one), A's order.
    [`POST ${paymentCalls.payOrderWeixin.path}`]: { body: async () => ({ openid: 'oSANDBOXbob000001' }) },
    // --- accounts: B's own valid request, naming A as the user.
    [`POST ${authCalls.changePassword.path}`]: { body: async () => ({ loginAccount: bob.phone, newPwd: 'Abc12345!', oldPwd: 'Abc12345!', secondPwd: 'Abc12345!' }) },
    [`POST ${authCalls.changePhone.path}`]: { body: async () => ({ newPhoneNum: '13900000001', oldPhoneNum: bob.phone, smsVerificationCode: '123456' }) },
    [`POST ${accountCalls.addCustomer.path}`]: { body: async () => ({ managerUserCode: 'PROMO1' }) },
    // --- other calls (docs/other-calls.md): B's valid address or benefit, A's policy.
    [`POST ${otherCalls.sendEmail.path}`]: { body: async () => ({ email: 'bob@example.com' }), query: async () => ({ type: '99' }) },
    [`POST ${otherCalls.useBenefits.path}`]: { body: async () => ({ benefitCode: 'B01' }) },
    // --- promoter area (B is a promoter with a customer of their own): A is not B's customer, A's form not B's sale.
    [`GET ${promoterAreaCalls.customerDetail.path}`]: { params: async () => ({}) },
    [`GET ${promoterAreaCalls.renewalDetail.path}`]: { params: async () => ({}) },
    [`POST ${promoterAreaCalls.customerPush.path}`]: { body: async () => ({ kind: 'product', productCode: GUARDIAN, sms: true }) },
    // --- contracts: A's agreement file.
    [`GET ${contractCalls.contractFile.path}`]: { params: async () => ({ file: 'draft.pdf' }) },
    // --- recording: B's valid chunk or step, A's recording; B is no compliance reviewer.
    [`POST ${recordingCalls.upload.path}`]: { body: async () => recordedChunk() },
    [`POST ${recordingCalls.step.path}`]: {
      body: async () => ({
        serial: expectOk(
          await call<{ serial: string }>(t.app, { method: 'POST', url: recordingCalls.start.path, token: bob.token, payload: { entryRoute: '/insure', build: 'b' } }),
        ).serial,
        step: 'orderCreated',
        at: 1,
        route: '/confirm',
      }),
    },
    [`POST ${complianceCalls.devTamperChunk.path}`]: { body: async () => ({ seq: 0 }) },
    // --- family members: B's own valid person, A's id.
    [`POST ${familyCalls.update.path}`]: { params: async () => ({}), body: async () => ({ name: '李小红', idType: '0', idNo: '110105201604080026', consent: true }) },
    [`POST ${familyCalls.remove.path}`]: { params: async () => ({}) },
    [`POST ${familyCalls.fill.path}`]: { params: async () => ({}) },
    // --- claims: B's own valid report, A's policy; A's claim.
    [`POST ${claimCalls.reportClaim.path}`]: {
      body: async () => ({ insuredIndex: 0, kind: 'accidentOutpatient', accidentDate: '2026-01-01', accidentPlace: '学校操场', description: '体育课摔倒擦伤', bank: { accountName: '李四', bankName: '中国银行', accountNo: '6222020200112233445' } }),
    },
    // A photo id of the right shape: the claim's owner is checked first.
    [`GET ${claimCalls.claimFile.path}`]: { params: async () => ({ fileId: 'Ph0t0Id000000000' }) },
    [`POST ${claimCalls.removeClaimFile.path}`]: { params: async () => ({ fileId: 'Ph0t0Id000000000' }) },
    // Staff B moving A, who is not B's customer, to B's own manager code.
    [`POST ${promoterCalls.setManager.path}`]: { body: async () => ({ managerCode: 'ZZZZZZZZ' }), query: async () => ({ level: '1' }) },
  };

  /**
   * A call without a recipe gets this one: only the id, and a fresh resubmit
   * token. When the call needs more, the matrix fails on its 4000 answer,
   * naming the call: add a recipe for it above.
   */
  const defaultRecipe: Recipe = { body: async () => ({}), query: async () => ({}), params: async () => ({}), headers: resub };

  it('finds the id-taking calls from the routes and classifies every id-like property', () => {
    expect(unknownIds).toEqual([]);
    const keys = [...new Set(routes.map((r) => `${r.method} ${r.url}`))];
    // The calls this suite was written with are all found (the generator did not silently lose any).
    for (const key of Object.keys(recipes)) expect(keys, key).toContain(key);
  });

  it('refuses user B every call with user A\'s id: 4003, nothing of A in the answer, A unchanged', async () => {
    let cases = 0;
    const leaks: string[] = [];
    for (const route of routes) {
      const recipe = recipes[`${route.method} ${route.url}`] ?? defaultRecipe;
      for (const place of route.places) {
        const body = recipe.body && (recipe !== defaultRecipe || place.part === 'body') ? await recipe.body() : undefined;
        const query = recipe.query ? await recipe.query() : {};
        const params = recipe.params ? await recipe.params() : {};
        const headers = recipe.headers ? await recipe.headers() : {};
        const value = idOf(place.kind);
        if (place.part === 'body') (recipe.put ?? ((b, p, v) => setAt(b, p.path, v)))(body!, place, value);
        if (place.part === 'querystring') query[place.path[0]!] = value;
        if (place.part === 'params') params[place.path[0]!] = value;
        const url = `${fillPath(route.url, params)}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
        const result = await call(t.app, { method: route.method as 'GET' | 'POST', url, token: bob.token, headers, ...(body ? { payload: body } : {}) });
        const label = `${route.method} ${route.url} ${place.part}.${place.path.join('.')}`;
        const raw = result.response.body;
        if (result.status !== 200 || result.body.code !== '4003' || result.body.data !== null) leaks.push(`${label}: ${result.status} ${result.body.code} ${result.body.msg}`);
        for (const secret of aSecrets) if (raw.includes(secret)) leaks.push(`${label}: A's data in the answer`);
        cases++;
      }
    }
    console.log(`ownership matrix (${backend}): ${cases} probes, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(Object.keys(recipes).length);

    // A's order, policy and draft are as they were.
    const detail = expectOk(await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: alice.token, payload: { applicationFormCode: a.applicationFormCode } }));
    expect(detail.policyNo).toBe(a.policyNo);
    expect(['waitInsurance', 'guarantee']).toContain(detail.status);
    const drafts = expectOk(await call<TempFormList>(t.app, { method: 'POST', url: policyCalls.selectTempForm.path, token: alice.token, payload: {} }));
    expect(drafts.list.map((d) => d.tempSerialNo)).toEqual([a.tempSerialNo]);
    // And B got nothing: no order, no draft.
    expect(expectOk(await call<{ total: number }>(t.app, { method: 'POST', url: orderCalls.policyList.path, token: bob.token, payload: {} })).total).toBe(0);
    expect(expectOk(await call<TempFormList>(t.app, { method: 'POST', url: policyCalls.selectTempForm.path, token: bob.token, payload: {} })).list).toEqual([]);
    // A's family member is as saved; B saved nobody.
    const people = expectOk(await call<{ list: { id: string; name: string }[] }>(t.app, { method: 'GET', url: familyCalls.list.path, token: alice.token }));
    expect(people.list.map((p) => [p.id, p.name])).toEqual([[a.person, '张小明']]);
    expect(expectOk(await call<{ list: unknown[] }>(t.app, { method: 'GET', url: familyCalls.list.path, token: bob.token })).list).toEqual([]);
  });
});

/**
 * Staff calls (docs/security.md, "Staff"): a roster row changes only for staff
 * with the roster role whose scope covers its product (its code or one of its
 * markets); a broker, a roster keeper of another market, a compliance-only
 * reviewer and a parent are refused 4003 with data null, and the row stays as
 * it was. `setManager` needs the broker or manager role. Every roster change is
 * in the op-log with the actor's employee number, values masked.
 */
describe.each(backends)('ownership matrix: staff roles and scope (%s)', (backend) => {
  let t: TestApp;
  const JINING_OFFLINE = '23PR370860';
  const pupil = { name: '周小雨', idNo: '370802201506014567' };
  const staff: Record<'jiningRoster' | 'productRoster' | 'xuzhouRoster' | 'jiningBroker' | 'compliance' | 'manager', Session> = {} as never;
  let parent: Session;
  let unboundCustomer: Session;
  let rowId = 0;

  const rosterRow = async () => {
    const { rows } = (await t.database.db.execute(sql`select name, school_name, class_name, status, order_code, contract_no from offline_roster where id = ${rowId}`)) as unknown as { rows: unknown[] };
    return rows[0];
  };
  const managerOf = async (userCode: string) => {
    const { rows } = (await t.database.db.execute(
      sql`select m.manager_user_code from customer_managers m join users u on u.id = m.user_id where u.user_code = ${userCode}`,
    )) as unknown as { rows: { manager_user_code: string }[] };
    return rows[0]?.manager_user_code ?? null;
  };
  const reset = (who: Session) => call(t.app, { method: 'POST', url: fillPath(contractCalls.resetStatus.path, { id: String(rowId) }), token: who.token });
  const rename = (who: Session, name: string) =>
    call(t.app, { method: 'POST', url: contractCalls.updateOfflineInsInfo.path, token: who.token, payload: { id: rowId, name, className: '五年级2班' } });
  const setManager = (who: Session, customerId: string, managerCode: string) =>
    call(t.app, { method: 'POST', url: `${promoterCalls.setManager.path}?level=1`, token: who.token, payload: { customerId, managerCode } });
  const codesOf = async (who: Session) => expectOk(await call<{ managerCode: string }>(t.app, { method: 'GET', url: promoterCalls.myCard.path, token: who.token }));

  beforeAll(async () => {
    t = await makeTestApp({ backend });
    const { upsertStaff } = await import('../../src/server/promoters/staff-admin.ts');
    const { loadRoster } = await import('../../src/server/contracts/roster.ts');
    const add = async (key: keyof typeof staff, employeeNum: string, roles: StaffRole[], scope: string[]) => {
      staff[key] = await login(t.app);
      await upsertStaff(
        t.database.db,
        { phone: staff[key].phone, employeeNum, name: '测试员', licenseNumber: `0200013200008000${employeeNum}`, branchCode: 'JT0137080', branchName: '济宁分公司', roles, scope },
        new Date(),
      );
    };
    await add('jiningRoster', 'R1001', ['roster'], ['jining']);
    await add('productRoster', 'R1002', ['roster'], [JINING_OFFLINE]);
    await add('xuzhouRoster', 'R1003', ['roster'], ['xuzhou']);
    await add('jiningBroker', 'B1001', ['broker'], ['jining']);
    await add('compliance', 'C1001', ['compliance'], ['*']);
    await add('manager', 'M1001', ['manager'], []);
    parent = await login(t.app);
    unboundCustomer = await login(t.app);
    await loadRoster(t.database.db, JINING_OFFLINE, [{ ...pupil, schoolName: '济宁市实验小学', className: '四年级1班' }]);
    await t.database.db.execute(sql`update offline_roster set status = '2', order_code = 'O20260101000001', contract_no = 'HT20260101PARENT0001' where id_no = ${pupil.idNo}`);
    const { rows } = (await t.database.db.execute(sql`select id from offline_roster where id_no = ${pupil.idNo}`)) as unknown as { rows: { id: number | string }[] };
    rowId = Number(rows[0]!.id);
  });
  afterAll(() => t.close());

  it('refuses every staff write outside the caller’s role and scope: 4003, data null, nothing changed', async () => {
    const row = await rosterRow();
    const otherManager = await codesOf(staff.jiningBroker);
    const probes: { label: string; send: () => ReturnType<typeof call> }[] = [
      // Broker vs broker: staff of another product's market, and a broker without the roster role.
      { label: 'Xuzhou roster keeper resets a Jining row', send: () => reset(staff.xuzhouRoster) },
      { label: 'Xuzhou roster keeper renames a Jining row', send: () => rename(staff.xuzhouRoster, '王小明') },
      { label: 'Jining broker (no roster role) resets a Jining row', send: () => reset(staff.jiningBroker) },
      { label: 'Jining broker (no roster role) renames a Jining row', send: () => rename(staff.jiningBroker, '王小明') },
      // Compliance vs writes: reads only.
      { label: 'compliance resets a roster row', send: () => reset(staff.compliance) },
      { label: 'compliance renames a roster row', send: () => rename(staff.compliance, '王小明') },
      { label: 'compliance binds a customer without manager', send: () => setManager(staff.compliance, unboundCustomer.userCode, otherManager.managerCode) },
      { label: 'roster keeper binds a customer without manager', send: () => setManager(staff.jiningRoster, unboundCustomer.userCode, otherManager.managerCode) },
      // Parent vs staff calls.
      { label: 'parent resets their child’s roster row', send: () => reset(parent) },
      { label: 'parent renames their child’s roster row', send: () => rename(parent, '王小明') },
      { label: 'parent binds a customer without manager', send: () => setManager(parent, unboundCustomer.userCode, otherManager.managerCode) },
      { label: 'parent searches recordings', send: () => call(t.app, { method: 'GET', url: `${complianceCalls.findRecordings.path}?orderCode=O1`, token: parent.token }) },
    ];
    const leaks: string[] = [];
    for (const probe of probes) {
      const result = await probe.send();
      if (result.status !== 200 || result.body.code !== '4003' || result.body.data !== null) leaks.push(`${probe.label}: ${result.status} ${result.body.code} ${result.body.msg}`);
      if (result.response.body.includes(pupil.name)) leaks.push(`${probe.label}: the pupil's name in the answer`);
    }
    console.log(`ownership matrix, staff (${backend}): ${probes.length} probes, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    expect(await rosterRow()).toEqual(row);
    expect(await managerOf(unboundCustomer.userCode)).toBeNull();
    const { rows } = (await t.database.db.execute(sql`select count(*)::int as n from client_events where event like 'staff/%'`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });

  it('lets roster staff of the row’s market or product change it, each change in the op-log with the actor, masked', async () => {
    expect(expectOk(await reset(staff.jiningRoster))).toMatchObject({ id: rowId, productCode: JINING_OFFLINE, status: '0', orderCode: null });
    expect(expectOk(await rename(staff.productRoster, '周小语'))).toMatchObject({ id: rowId, name: maskName('周小语'), className: '五年级2班' });
    expect(await rosterRow()).toMatchObject({ name: '周小语', status: '0', order_code: null, contract_no: null });
    const { rows } = (await t.database.db.execute(
      sql`select e.event, e.data, u.user_code from client_events e join users u on u.id = e.user_id where e.event like 'staff/%' order by e.id`,
    )) as unknown as { rows: { event: string; data: Record<string, unknown>; user_code: string }[] };
    expect(rows.map((r) => [r.event, r.user_code, r.data.actor, r.data.subject])).toEqual([
      ['staff/roster.reset', staff.jiningRoster.userCode, 'R1001', { rosterId: rowId, product: JINING_OFFLINE }],
      ['staff/roster.update', staff.productRoster.userCode, 'R1002', { rosterId: rowId, product: JINING_OFFLINE }],
    ]);
    expect(rows[0]!.data).toMatchObject({ before: { status: '2', order: 'O20260101000001' }, after: { status: '0', order: null } });
    expect(rows[1]!.data).toMatchObject({ before: { name: maskName('周小雨') }, after: { name: maskName('周小语') } });
    const logged = JSON.stringify(rows);
    for (const secret of ['周小雨', '周小语', '济宁市实验小学', pupil.idNo]) expect(logged).not.toContain(secret);
  });

  it('lets a broker or a manager bind a customer without one', async () => {
    const target = await codesOf(staff.jiningBroker);
    expectOk(await setManager(staff.manager, unboundCustomer.userCode, target.managerCode));
    expect(await managerOf(unboundCustomer.userCode)).toBe(staff.jiningBroker.userCode);
    // Now the broker's own customer: the broker may hand them to the manager.
    expectOk(await setManager(staff.jiningBroker, unboundCustomer.userCode, (await codesOf(staff.manager)).managerCode));
    expect(await managerOf(unboundCustomer.userCode)).toBe(staff.manager.userCode);
  });
});

/**
 * The e-policy of an issued policy (docs/policy-lifecycle.md, "E-policy"):
 * drawn from the manifest and the order when the insurer supplies none, read
 * back with pdf.js; the same bytes on every fetch; only its holder, the sale's
 * promoter and compliance staff get it. PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../src/contract/define-call.ts';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import { maskIdNumber, maskName } from '../../src/engine/rules/index.ts';
import { insertStaff } from '../../src/server/auth/people-repo.ts';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { applicationForms, users } from '../../src/server/db/schema.ts';
import { MSG_NOT_ISSUED } from '../../src/server/orders/operations/e-policy.ts';
import { pdfText } from '../support/pdf-text.ts';
import { backends, call, expectOk, GUARDIAN, login, makeTestApp, payUrlOf, pressCashier, submitOrder, tradeNoOf, validApplication, type Session, type TestApp } from './helpers.ts';

const manifests = loadManifestStore('manifests');

describe.each(backends)('the e-policy (%s)', (backend) => {
  let t: TestApp;
  let holder: Session;
  let stranger: Session;
  let reviewer: Session;
  let promoter: Session;
  const form = validApplication(GUARDIAN);
  const issued = { applicationFormCode: '', policyNo: '', unpaidCode: '' };

  beforeAll(async () => {
    t = await makeTestApp({ backend });
    [holder, stranger, reviewer, promoter] = [await login(t.app), await login(t.app), await login(t.app), await login(t.app)];
    const order = await submitOrder(t.app, holder.token, form);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, holder.token, order.applicationFormCode)));
    await t.settled();
    const detail = expectOk(
      await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: holder.token, payload: { applicationFormCode: order.applicationFormCode } }),
    );
    Object.assign(issued, { applicationFormCode: order.applicationFormCode, policyNo: detail.policyNo });
    issued.unpaidCode = (await submitOrder(t.app, holder.token, validApplication(GUARDIAN))).applicationFormCode;
    const userId = async (session: Session) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.userCode, session.userCode)))[0]!.id;
    await insertStaff(t.database.db, { employeeNum: `C${backend}`, userId: await userId(reviewer), name: '郑合规', licenseNumber: 'L1', branchCode: 'JT0000', branchName: '总公司', roles: ['compliance'] });
    // The sale attributed to the promoter, as the agent rule does for a share link.
    await t.database.db.update(applicationForms).set({ promoterUserId: await userId(promoter), agentSource: 'promoCode' }).where(eq(applicationForms.applicationFormCode, order.applicationFormCode));
  }, 60_000);
  afterAll(() => t?.close());

  const fetchEPolicy = (applicationFormCode: string, session?: Session) =>
    t.app.inject({
      method: 'GET',
      url: `/_gw${fillPath(policyCalls.ePolicy.path, { applicationFormCode })}`,
      headers: session ? { authorization: `Bearer ${session.token}` } : {},
    });

  it('draws the policy’s terms with every person masked, and serves the same bytes every time', async () => {
    const response = await fetchEPolicy(issued.applicationFormCode, holder);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(`inline; filename="e-policy-${issued.policyNo}.pdf"`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('电子保险单');
    expect(text).toContain(issued.policyNo);
    expect(text).toContain(`${maskName(form.policyHolder.name)}（证件号码 ${maskIdNumber(form.policyHolder.licenceNo)}）`);
    for (const insured of form.insureds) expect(text).toContain(maskName(insured.name));
    expect(text).toContain('法定受益人');
    // Insurer, hotline and liabilities come from the manifest and the insurer registry.
    const served = manifests.byProductCode(GUARDIAN)!;
    expect(text).toContain(served.insurers[0]!.name);
    expect(text).toContain(manifests.hotlineOf(GUARDIAN)!);
    expect(text).toContain(served.plans[0]!.risks[0]!.duties[0]!.limitName);
    for (const secret of [form.policyHolder.name, form.policyHolder.licenceNo, form.policyHolder.phone, ...form.insureds.map((i) => i.licenceNo)]) {
      expect(text).not.toContain(secret);
    }
    const again = await fetchEPolicy(issued.applicationFormCode, holder);
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('is served to the sale’s promoter and to compliance staff, refused 4003 to anyone else and 406 to a visitor', async () => {
    for (const session of [promoter, reviewer]) expect((await fetchEPolicy(issued.applicationFormCode, session)).statusCode).toBe(200);
    const refused = await fetchEPolicy(issued.applicationFormCode, stranger);
    expect(refused.json()).toMatchObject({ code: '4003', data: null });
    expect(refused.body).not.toContain(issued.policyNo);
    expect((await fetchEPolicy(issued.applicationFormCode)).json()).toMatchObject({ code: '406' });
  });

  it('says an unpaid order has no e-policy yet (4001), a code of no form 4004 and a malformed code 4000', async () => {
    expect((await fetchEPolicy(issued.unpaidCode, holder)).json()).toMatchObject({ code: '4001', msg: MSG_NOT_ISSUED });
    expect((await fetchEPolicy('AF202612060000000000', holder)).json()).toMatchObject({ code: '4004' });
    const malformed = await fetchEPolicy('..%2F..%2Fcontracts', holder);
    expect(malformed.statusCode).toBeLessThan(500);
    expect(malformed.json()).toMatchObject({ code: '4000' });
  });
});

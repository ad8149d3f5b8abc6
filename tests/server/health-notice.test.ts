/**
 * The health notice (健康告知) of an order, checked by the server against the
 * manifest with the engine module the insure page uses: answers are stored
 * with the application form and sent to the insurer; a refusal, a manual
 * underwriting, and missing or unknown answers write nothing; the outcome
 * the client sends is ignored (the server recomputes it).
 */
import { rmSync } from 'node:fs';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormInput } from '../../src/contract/order.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { applicationForms, healthAnswers, orders } from '../../src/server/db/schema.ts';
import type { IssueRequest } from '../../src/server/providers/insurer/insurer-provider.ts';
import { SandboxInsurerProvider } from '../../src/server/providers/insurer/sandbox-insurer-provider.ts';
import { copyOfManifests, readManifest, writeManifest } from './catalogue-fixtures.ts';
import {
  backends,
  getSerial,
  login,
  makeTestApp,
  payUrlOf,
  postOrder,
  pressCashier,
  seriousIllnessApplication,
  SERIOUS_ILLNESS_ALL_NO,
  submitOrder,
  tradeNoOf,
  type Session,
  type TestApp,
  validApplication,
  XUZHOU,
} from './helpers.ts';

/** 华泰安康家长重大疾病保险: disease, hypertension → bloodPressure (uncontrolled refuses), hospital. */
const REFUSED = '很抱歉，被保险人目前的健康状况不符合本产品的投保条件';
const ALL_NO = SERIOUS_ILLNESS_ALL_NO;

/** The serious-illness manifest with its controlled blood pressure sent to manual underwriting. */
function withManualUnderwriting(): ProductManifest {
  const manifest = readManifest('huatai-serious-illness');
  const question = manifest.healthNotice!.questions.find((q) => q.id === 'bloodPressure')!;
  question.outcomes = [...(question.outcomes ?? []), { answers: ['controlled'], outcome: 'manual' }];
  return manifest;
}

/** Records the issue requests it is sent (the sandbox decides them). */
class RecordingInsurer extends SandboxInsurerProvider {
  readonly requests: IssueRequest[] = [];
  override async submit(request: IssueRequest) {
    this.requests.push(request);
    return super.submit(request);
  }
}

const application = seriousIllnessApplication;

describe.each(backends)('the health notice of an order (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;
  let insurer: RecordingInsurer;
  let dir: string;

  beforeAll(async () => {
    dir = copyOfManifests();
    writeManifest(dir, withManualUnderwriting());
    insurer = new RecordingInsurer();
    t = await makeTestApp({ backend, insurer, config: { manifestsDir: dir } });
    parent = await login(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => t.database.db;
  /** Orders, application forms and stored answers of this test's database. */
  const written = async () => [
    (await db().select({ n: count() }).from(orders))[0]!.n,
    (await db().select({ n: count() }).from(applicationForms))[0]!.n,
    (await db().select({ n: count() }).from(healthAnswers))[0]!.n,
  ];

  /** Posts the form and expects a refusal with `message` and nothing written. */
  async function expectRefused(form: ApplicationFormInput, message: string) {
    const before = await written();
    const answer = await postOrder(t.app, parent.token, { serial: await getSerial(t.app, parent.token), form });
    expect(answer.body).toMatchObject({ code: '4001', msg: message });
    expect(await written()).toEqual(before);
  }

  it('stores the answers of the questions shown with the form, and sends them to the insurer', async () => {
    // Hypertension 否: its follow-up is not shown, and not answered.
    const order = await submitOrder(t.app, parent.token, application());
    const [form] = await db().select({ id: applicationForms.id }).from(applicationForms).where(eq(applicationForms.applicationFormCode, order.applicationFormCode));
    const [stored] = await db().select().from(healthAnswers).where(eq(healthAnswers.applicationFormId, form!.id));
    expect(stored?.answers).toEqual(ALL_NO);

    const tradeNo = tradeNoOf(await payUrlOf(t.app, parent.token, order.applicationFormCode));
    expect((await pressCashier(t.app, tradeNo)).statusCode).toBeLessThan(400);
    await t.settled();
    const request = insurer.requests.find((r) => r.orderCode === order.orderCode);
    expect(request?.healthAnswers).toEqual(ALL_NO);
  });

  it('refuses an answer that refuses with the manifest message, and writes nothing', async () => {
    await expectRefused(application({ healthAnswers: { ...ALL_NO, disease: 'Y' } }), REFUSED);
    await expectRefused(application({ healthAnswers: { ...ALL_NO, hypertension: 'Y', bloodPressure: 'uncontrolled' } }), REFUSED);
  });

  it('refuses manual underwriting with its message, and writes nothing', async () => {
    await expectRefused(application({ healthAnswers: { ...ALL_NO, hypertension: 'Y', bloodPressure: 'controlled' } }), '需人工核保，请联系客服');
  });

  it('refuses missing, unknown, hidden and invalid answers with a Chinese message', async () => {
    const { healthAnswers: _, ...withoutAnswers } = application();
    await expectRefused(withoutAnswers, '请回答健康告知：被保险人目前或过去是否患有下列疾病：恶性肿瘤、心脏病、脑血管疾病、慢性肝炎或肝硬化、慢性肾病、糖尿病且有并发症、系统性红斑狼疮？');
    await expectRefused(application({ healthAnswers: { ...ALL_NO, hypertension: 'Y' } }), '请回答健康告知：被保险人目前的血压控制情况');
    await expectRefused(application({ healthAnswers: { ...ALL_NO, smoker: 'N' } }), '健康告知的回答与产品的问题不符，请重新填写');
    await expectRefused(application({ healthAnswers: { ...ALL_NO, bloodPressure: 'controlled' } }), '健康告知的回答与产品的问题不符，请重新填写');
    await expectRefused(application({ healthAnswers: { ...ALL_NO, hospital: '否' } }), '健康告知的回答无效：被保险人过去两年内是否曾住院或被医生建议住院检查或手术？');
    // A product without a notice takes no answers.
    await expectRefused(validApplication(XUZHOU, { healthAnswers: { disease: 'N' } }), '健康告知的回答与产品的问题不符，请重新填写');
  });

  it('ignores the outcome the client sends: the server recomputes it from the answers', async () => {
    await expectRefused(application({ healthAnswers: { ...ALL_NO, disease: 'Y' }, healthOutcome: 'continue' }), REFUSED);
    const order = await submitOrder(t.app, parent.token, application({ healthOutcome: 'refuse' }));
    expect(order.orderCode).toMatch(/^ED/);
  });

  it('orders a product without a notice as before, with no answers stored', async () => {
    const order = await submitOrder(t.app, parent.token, validApplication(XUZHOU));
    const forms = await db().select({ id: applicationForms.id }).from(applicationForms).innerJoin(orders, eq(orders.id, applicationForms.orderId)).where(eq(orders.orderCode, order.orderCode));
    const rows = await db().select({ n: count() }).from(healthAnswers).where(inArray(healthAnswers.applicationFormId, forms.map((f) => f.id)));
    expect(rows[0]!.n).toBe(0);
  });
});

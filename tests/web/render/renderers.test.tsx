// @vitest-environment happy-dom
/**
 * One suite over every manifest (the rjsf way: one shared suite over every
 * theme, here over every product): the detail, insure-form and confirm
 * renderers, rendered in happy-dom as the app renders them, must show what
 * the manifest and the engine say, and log no error.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { coverPeriod } from '../../../src/engine/cover/cover-period.ts';
import { checkApplication } from '../../../src/engine/insure/check-application.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { priceApplication } from '../../../src/engine/pricing/price-application.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { buildConfirmModel } from '../../../src/web/features/insure/renderers/confirm/confirm-model.ts';
import { ConfirmRenderer } from '../../../src/web/features/insure/renderers/confirm/confirm-renderer.tsx';
import { DetailRenderer } from '../../../src/web/features/insure/renderers/detail/detail-renderer.tsx';
import { guaranteeRows } from '../../../src/web/features/insure/renderers/detail/selection.ts';
import { InsureFormRenderer } from '../../../src/web/features/insure/renderers/insure/insure-form-renderer.tsx';
import { createGateway, guardConsoleError, MANIFESTS, RATING_STATS, RATINGS, renderInApp, declareReactActEnvironment } from './harness.tsx';
import { HOLDER, INSURED_NAME, NOW, planChoice, validDraft } from './valid-application.ts';
import { ratingCalls } from '../../../src/contract/ratings.ts';

/** ¥12.30: two decimals, as spec §9 shows amounts. Written out here rather than taken from the app. */
const yuan = (amount: number) => `¥${amount.toFixed(2)}`;

/** An ID number masked to its first 3 and last 4 characters. */
const masked = (id: string) => `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;

/** Factor defaults: the selection of a detail page opened without a saved plan. */
const defaultFactors = (m: ProductManifest) => Object.fromEntries(m.pricing.factors.map((f) => [f.code, f.default]));

/**
 * One plan's premium at the default factors, one copy and the first guarantee years, in yuan, read from the
 * manifest as its schema defines it: the table's cell of the plan and options, else the plan premium × each
 * default option's multiplier, rounded to the fen.
 */
function manifestPremium(m: ProductManifest, planIndex: number): number {
  const plan = m.plans[planIndex]!;
  const defaults = defaultFactors(m);
  const years = m.pricing.guaranteeYears?.[0] ?? 1;
  if (m.pricing.table) {
    const cell = m.pricing.table.find((c) => c.plan === plan.code && m.pricing.factors.every((f) => c.when[f.code] === defaults[f.code]));
    if (!cell) throw new Error(`${m.id}: no table cell for plan ${plan.code} at the default factors`);
    return (cell.premiumFen * years) / 100;
  }
  const multiplier = m.pricing.factors.reduce((product, f) => product * f.options.find((o) => o.value === f.default)!.multiplier, 1);
  return (Math.round(Number((plan.premium * 100 * multiplier).toPrecision(12))) * years) / 100;
}

/** Insure-form label of each `insure.insured.fields` entry. */
const FIELD_LABEL: Readonly<Record<NonNullable<ProductManifest['insure']['insured']['fields']>[number], string>> = {
  school: '学校名称',
  schoolType: '学校类型',
  schoolNature: '学校性质',
  collegeName: '学院名称',
  grade: '年级',
  classAndGrade: '班级',
  region: '所在地区',
  socialSecurity: '有无社保',
  email: '电子邮箱',
};

const IDENTITY_LABELS = ['与投保人关系', '姓名', '证件类型', '证件号码', '性别', '出生日期'];

/** The one section of the document labelled `title` (the form's and confirm page's cards carry aria-label). */
function section(title: string): HTMLElement {
  const found = document.body.querySelectorAll<HTMLElement>(`section[aria-label="${title}"]`);
  expect(found, `sections labelled ${title}`).toHaveLength(1);
  return found[0]!;
}

/** Field labels (the theme's row labels point at their control; antd-mobile's radio labels do not). */
const labelsIn = (element: HTMLElement) => Array.from(element.querySelectorAll('label[for]'), (l) => l.textContent ?? '').sort();

declareReactActEnvironment();

beforeAll(() => {
  // As main.tsx does before the first render.
  setUpAntdMobileForReact19();
});

let gateway: ReturnType<typeof createGateway>;
let consoleError: ReturnType<typeof guardConsoleError>;

beforeEach(() => {
  localStorage.clear();
  gateway = createGateway();
  vi.stubGlobal('fetch', gateway.fetch);
  consoleError = guardConsoleError();
});

afterEach(() => {
  try {
    consoleError.check();
  } finally {
    vi.unstubAllGlobals();
  }
});

describe.each(MANIFESTS.map((c) => [c.file, c] as const))('%s', (_file, { manifest: m }) => {
  it('detail renderer: banner, every plan, the selected plan\'s guarantee, FAQ, 立即投保 and the engine\'s premium', async () => {
    const onInsure = vi.fn();
    // The renderer is given the manifest as written: it builds a plan builder's plans itself.
    renderInApp(<DetailRenderer manifest={m} onInsure={onInsure} />);

    const premium = screen.getByTestId('detail-premium');
    const quoted = async (planIndex: number) => {
      await waitFor(() => {
        expect(premium.getAttribute('aria-busy')).toBe('false');
        expect(gateway.quotes().at(-1)?.body).toMatchObject([{ productCode: m.productCode, insuranceVOS: [{ programCode: m.plans[planIndex]!.code }] }]);
      });
      expect(premium.textContent).toBe(yuan(manifestPremium(m, planIndex)));
    };
    const showsGuarantee = (planIndex: number) => {
      const plan = m.plans[planIndex]!;
      const table = screen.getByTestId('guarantee');
      expect(within(table).getAllByText(plan.name).length).toBeGreaterThan(0);
      for (const row of guaranteeRows(plan, 1)) {
        expect(within(table).getAllByText(row.limitName).length, row.limitName).toBeGreaterThan(0);
        expect(within(table).getAllByText(row.showValue).length, row.showValue).toBeGreaterThan(0);
      }
    };

    await quoted(0);
    const saved = JSON.parse(localStorage.getItem('planMsg') ?? 'null') as { planCode: string; totalPremium: number } | null;
    expect(saved).toMatchObject({ planCode: m.plans[0].code, totalPremium: manifestPremium(m, 0) });

    const { banner, faq } = m.detail;
    expect(screen.getAllByText(banner.title, { selector: 'h1' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText(m.productName).length).toBeGreaterThan(0);
    const picker = screen.getByTestId('plan-picker');
    for (const plan of m.plans) expect(within(picker).getAllByText(plan.name).length, plan.name).toBeGreaterThan(0);
    showsGuarantee(0);
    for (const { q } of faq) expect(screen.getAllByText(q).length, q).toBeGreaterThan(0);

    // The rating summary: this product's statistics, the count over three digits as 999+.
    await waitFor(() => expect(screen.getByTestId('rating-count').textContent).toBe('999+'));
    expect(screen.getByTestId('rating-score').textContent).toBe(RATING_STATS.score.toFixed(1));
    expect(gateway.calls.filter((c) => c.path === ratingCalls.stats.path).map((c) => c.body)).toEqual([{ productCode: m.productCode }]);

    // Choosing the last plan quotes it and shows its guarantee.
    const last = m.plans.length - 1;
    if (last > 0) {
      const lastPlan = m.plans[last]!;
      const options = within(picker).queryAllByTestId('plan-option');
      fireEvent.click(options.length > 0 ? options[last]! : within(picker).getByText(lastPlan.name));
      await quoted(last);
      showsGuarantee(last);
    }

    const insure = screen.getByTestId('insure-now');
    expect(insure.textContent).toBe('立即投保');
    fireEvent.click(insure);
    expect(onInsure).toHaveBeenCalledTimes(1);
    expect(gateway.unexpected()).toEqual([]);
  });

  it('insure form renderer (empty draft): the sections of its template and a row per asked field', () => {
    const onDraftChange = vi.fn();
    renderInApp(<InsureFormRenderer manifest={m} plan={{ planCode: m.plans[0].code }} draft={null} onDraftChange={onDraftChange} />);

    const { insure } = m;
    expect(labelsIn(section('投保人信息'))).toEqual(
      ['姓名', '证件类型', '证件号码', '性别', '出生日期', '手机号码', ...(insure.holder.fields?.includes('email') ? ['电子邮箱'] : [])].sort(),
    );
    if (insure.template === 'guardian') {
      expect(document.querySelector('section[aria-label="被保人信息"]')).toBeNull();
      const phone = insure.ward?.phone !== 'hidden' ? ['手机号码'] : [];
      expect(labelsIn(section('监护对象信息'))).toEqual([...IDENTITY_LABELS, ...phone].sort());
    } else {
      expect(document.querySelector('section[aria-label="监护对象信息"]')).toBeNull();
      const phone = insure.insured.phone !== 'hidden' ? ['手机号码'] : [];
      const extras = (insure.insured.fields ?? []).map((f) => FIELD_LABEL[f]);
      expect(labelsIn(section('被保人信息'))).toEqual([...IDENTITY_LABELS, ...phone, ...extras].sort());
    }
    expect(gateway.calls).toEqual([]);
  });

  it('confirm renderer (a complete valid application): holder, masked ID, 法定, cover dates, the engine\'s price and the first two ratings', async () => {
    const draft = validDraft(m);
    const choice = planChoice(m);
    const model = buildConfirmModel(m, draft, choice, null, NOW);
    const { start } = coverPeriod(m, NOW);
    // The fixture itself must be valid, or the page would show another application than intended.
    expect(checkApplication(m, model.application, NOW, start)).toEqual([]);
    expect(model.blocker).toBeNull();

    renderInApp(<ConfirmRenderer manifest={m} model={model} />);

    const holder = screen.getByTestId('confirm-holder');
    expect(within(holder).getByText(HOLDER.name)).toBeTruthy();
    expect(within(holder).getByText(masked(HOLDER.licenceNo))).toBeTruthy();
    const person = m.insure.template === 'guardian' ? screen.getByTestId('confirm-ward-0') : screen.getByTestId('confirm-insured-0');
    const personId = (m.insure.template === 'guardian' ? draft.wards[0] : draft.insureds[0])!.licenceNo!;
    expect(within(person).getByText(INSURED_NAME)).toBeTruthy();
    expect(within(person).getByText(masked(personId))).toBeTruthy();
    // No full ID number anywhere on the page.
    const text = document.body.textContent ?? '';
    expect(text).not.toContain(HOLDER.licenceNo);
    expect(text).not.toContain(personId);

    expect(screen.getByText('法定')).toBeTruthy();
    const cover = coverPeriod(m, NOW);
    if (m.cover.startFrom === 'paymentDay') {
      // The payment fixes the dates (a start the day after it): the page states the rule, not dates it cannot know.
      expect(screen.getByText('支付成功次日零时起保')).toBeTruthy();
      expect(screen.queryByText(cover.startDate)).toBeNull();
    } else {
      expect(screen.getByText(cover.startDate)).toBeTruthy();
      expect(screen.getByText(cover.endDate)).toBeTruthy();
    }

    const priced = priceApplication(m, model.application);
    if (!priced.ok) throw new Error(`${m.id}: the engine cannot price the application: ${priced.message}`);
    expect(yuan(priced.totalPremium)).toMatch(/^¥\d+\.\d{2}$/);
    expect(screen.getByText(yuan(priced.totalPremium))).toBeTruthy();

    // The review widget: the first two ratings of the insurance-service tab, no more.
    const widget = screen.getByTestId('review-widget');
    await waitFor(() => expect(within(widget).getAllByTestId('review-item')).toHaveLength(2));
    expect(within(widget).getByText(RATINGS[0]!.text)).toBeTruthy();
    expect(within(widget).queryByText(RATINGS[2]!.text)).toBeNull();
    // The page prices locally: the only calls are the widget's (beside region names, which getArea answers
    // level by level and which a slow run can still be loading for the form rendered before this one).
    expect(gateway.calls.filter((c) => !c.path.startsWith('/user-svc/api/v1/getArea/'))).toEqual([{ path: ratingCalls.list.path, body: { status: 1, productCode: m.productCode, pn: 1, ps: 2, commentNode: '00' } }]);
  });
});

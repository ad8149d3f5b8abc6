import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { describeSmallTargets, smallTapTargets, type SmallTarget } from './hit-areas.ts';

export { expect };

/**
 * The suite's `test`: Playwright's, plus an accessibility check of every
 * screen a test leaves. Every spec imports `test` from
 * here, never from '@playwright/test', so no screen escapes it:
 *
 * - before each `page.goto` (the screen the test reached by taps, which a
 *   new address is about to replace), and
 * - at the end of each test (the screen it ends on),
 *
 * axe-core (`@axe-core/playwright`, WCAG 2.0/2.1 A and AA rules) runs on the
 * app's page, and a violation of impact serious or critical fails the test,
 * naming the route, the rule and the elements; then every tap target of the
 * screen is measured (./hit-areas.ts: 44×44 CSS px or an equivalent hit area),
 * and one under that fails the test, naming the route, the element and its
 * size. Pages that are not the app (the payment sandbox's cashier,
 * about:blank) are not checked.
 *
 * `AXE_REPORT=<file>` only reports: it appends the violations and the small
 * tap targets to that file, one JSON line per screen, and fails nothing: a
 * survey of the whole suite in one run.
 */

/** Impacts that fail a test; moderate and minor ones are left to review. */
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The survey file of AXE_REPORT, or undefined when findings fail the test (the default). */
export const AXE_REPORT: string | undefined = process.env.AXE_REPORT || undefined;

/** Appends one finding of the running test to the AXE_REPORT file. */
export function appendAxeReport(finding: Record<string, unknown>): void {
  if (AXE_REPORT) appendFileSync(AXE_REPORT, `${JSON.stringify({ test: base.info().titlePath.join(' › '), ...finding })}\n`);
}

export interface AxeProblem {
  route: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The app's hash route (`/insure?productCode=…`), or null on a page that is not the app. */
function appRoute(page: Page): string | null {
  const url = page.url();
  if (!/^https?:/.test(url)) return null;
  const parsed = new URL(url);
  if (parsed.pathname !== '/') return null;
  return decodeURIComponent(parsed.hash.replace(/^#/, '')) || '/';
}

/**
 * Waits (at most 2 s) until no antd-mobile overlay is fading in or out: a toast or dialog caught
 * half-transparent reads as low-contrast text, which is the animation, not the screen.
 */
async function overlaysSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !Array.from(document.querySelectorAll<HTMLElement>('.adm-mask, .adm-center-popup-wrap, .adm-popup-body')).some((el) => {
          const opacity = el.style.opacity;
          return opacity !== '' && Number(opacity) > 0 && Number(opacity) < 1;
        }),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

/** Serious and critical axe violations of the screen `page` shows now (none off the app). */
export async function axeProblems(page: Page): Promise<AxeProblem[]> {
  if (page.isClosed()) return [];
  const route = appRoute(page);
  if (route === null) return [];
  await page.waitForLoadState('load');
  await overlaysSettled(page);
  let results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  if (results.violations.some((v) => FAILING_IMPACTS.has(v.impact ?? ''))) {
    // Checked once more when the screen has settled: a dialog that began to fade in while axe was
    // reading the page (a pay-success alert arrives after its manifest) reads as low contrast.
    // A real violation is still there the second time.
    await page.waitForTimeout(500);
    await overlaysSettled(page);
    results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  }
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      route,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
}

/** A readable list of problems for a failure message. */
export function describeAxeProblems(problems: readonly AxeProblem[]): string {
  return problems
    .map((p) => `${p.route}: [${p.impact}] ${p.rule} (${p.help}): ${p.targets.slice(0, 6).join(' | ')}${p.targets.length > 6 ? ' …' : ''}`)
    .join('\n');
}

/** What the per-screen check found on the screens a test left. */
interface Findings {
  axe: AxeProblem[];
  /** Small tap targets, one readable line each (route, element, size). */
  small: string[];
}

/** Axe, then tap targets, on the screen `page` shows now; nothing off the app. */
async function checkScreen(page: Page, found: Findings): Promise<void> {
  let problems: AxeProblem[];
  let small: SmallTarget[];
  let route: string | null;
  try {
    problems = await axeProblems(page);
    route = page.isClosed() ? null : appRoute(page);
    small = route === null ? [] : await smallTapTargets(page);
  } catch (error) {
    // The page navigated away while the check ran (a redirect in flight): the next check sees the new screen.
    if (/Execution context was destroyed|Target page, context or browser has been closed/.test(String(error))) return;
    throw error;
  }
  if (AXE_REPORT) {
    if (problems.length > 0 || small.length > 0) appendAxeReport({ route, problems, smallTargets: small });
    return;
  }
  found.axe.push(...problems);
  if (route !== null && small.length > 0) found.small.push(describeSmallTargets(route, small));
}

export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const found: Findings = { axe: [], small: [] };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      await checkScreen(page, found);
      return goto(url, options);
    };
    await use(page);
    if (base.info().status === base.info().expectedStatus) await checkScreen(page, found);
    const failures = [
      ...(found.axe.length > 0 ? [`axe: serious or critical accessibility violations\n${describeAxeProblems(found.axe)}`] : []),
      ...(found.small.length > 0 ? [`tap targets under 44×44 CSS px\n${found.small.join('\n')}`] : []),
    ];
    expect(failures, failures.join('\n\n')).toEqual([]);
  },
});

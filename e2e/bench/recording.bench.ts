/**
 * Budgets of the sale recording (docs/recording.md), measured in
 * Chromium against the built app:
 * - KB uploaded per minute of a purchase at a human pace (reading the detail
 *   page, typing the form a key at a time, reading the notices and the
 *   confirm page, paying), beside the same purchase at robot speed in this run;
 * - total blocking time of the insure form, recording on vs off (the recorder
 *   chunk refused), Lighthouse's way approximated with Playwright + CDP: 4× CPU
 *   throttling, long tasks (> 50 ms) after the first contentful paint until the
 *   page has been quiet for a while, TBT = Σ (duration − 50 ms), medians of
 *   BENCH_TBT_RUNS (5) loads per mode, interleaved.
 * Prints the figures; fails only when a budget is exceeded (for the blocking
 * time: by more than the loads' own spread, which a busy machine makes large).
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { complianceCalls } from '../../src/contract/recording.ts';
import { promoterCalls } from '../../src/contract/promoter.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { logInBySms, readSmsCode, uniquePhone, XUZHOU } from '../support/app.ts';
import { fillDeclaredInsuredFields, fillXuzhouPeople, STUDENT_ANSWERS } from '../support/insure-form.ts';
import { XUZHOU_MANIFEST } from '../support/app.ts';
import { sessionToken } from '../support/policy-api.ts';

test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

const KB_PER_MINUTE_BUDGET = 100;
const TBT_BUDGET_MS = 100;
/** Loads of the insure form per mode (BENCH_TBT_RUNS; the median is reported). */
const TBT_RUNS = Number(process.env.BENCH_TBT_RUNS ?? 5);

async function gw<T>(request: APIRequestContext, token: string | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await request.fetch(`/_gw${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body !== undefined ? { data: body } : {}) });
  const envelope = (await res.json()) as { code: string; msg: string; data: T };
  expect(envelope, `${path}: ${envelope.msg}`).toMatchObject({ code: '0000' });
  return envelope.data;
}

/** A pause of a person reading or thinking (scaled to 0 for the robot run). */
type Pace = (ms: number) => Promise<void>;

/** Types like a person: a key at a time, then a glance at the result. */
async function type(page: Page, pace: Pace, id: string, text: string, human: boolean): Promise<void> {
  const input = page.locator(`[id="${id}"]`);
  await input.click();
  await pace(1500);
  if (human) await input.pressSequentially(text, { delay: 280 });
  else await input.fill(text);
  await pace(1500);
}

/** Reads a page: a few scrolls down with pauses, then back up. */
async function read(page: Page, pace: Pace, ms: number, human: boolean): Promise<void> {
  if (!human) return;
  const steps = 5;
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, 300);
    await pace(ms / steps);
  }
  await page.mouse.wheel(0, -1500);
}

/** One purchase of the Xuzhou product with the recording on; answers its serial and order. */
async function purchase(page: Page, request: APIRequestContext, human: boolean): Promise<{ serial: string; orderCode: string; phone: string }> {
  const pace: Pace = (ms) => (human ? page.waitForTimeout(ms) : Promise.resolve());
  const phone = uniquePhone();
  const holderId = makeIdCard('320302', '1986-04-12', String(100 + Math.floor(Math.random() * 800)));
  const birthday = new Date(Date.UTC(2016, 0, 1 + Math.floor(Math.random() * 365))).toISOString().slice(0, 10);
  const studentId = makeIdCard('320302', birthday, String(100 + Math.floor(Math.random() * 800)));

  await page.goto('/');
  await pace(4000);
  await page.getByTestId('product-card').filter({ hasText: XUZHOU.productName }).click();
  await expect(page.getByRole('note')).toContainText('全程录屏');
  await read(page, pace, 25_000, human);
  await page.getByRole('radio', { name: /升级版/ }).click();
  await pace(3000);
  await page.getByTestId('insure-now').click();

  if (human) {
    await expect(page).toHaveURL(/#\/passport\/login\?/);
    await page.getByPlaceholder('请输入手机号').pressSequentially(phone, { delay: 250 });
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await readSmsCode(request, phone);
    await pace(10_000); // waiting for the SMS
    await page.getByPlaceholder('请输入6位验证码').pressSequentially(code, { delay: 350 });
    await pace(1500);
    await page.getByTestId('agree').click();
    await page.getByRole('button', { name: '登录', exact: true }).click();
  } else {
    await logInBySms(page, request, phone);
  }
  await expect(page).toHaveURL(new RegExp(`#/insure\\?productCode=${XUZHOU.productCode}$`));
  await read(page, pace, 6000, human);
  await type(page, pace, 'root_policyHolder_name', '张伟', human);
  await type(page, pace, 'root_policyHolder_licenceNo', holderId, human);
  await type(page, pace, 'root_policyHolder_phone', phone, human);
  await type(page, pace, 'root_insureds_0_name', '张小明', human);
  await type(page, pace, 'root_insureds_0_licenceNo', studentId, human);
  await fillXuzhouPeople(page, { holderId, holderPhone: phone, studentId });
  await fillDeclaredInsuredFields(page, XUZHOU_MANIFEST, 0, { ...STUDENT_ANSWERS, schoolName: { text: '徐州市青年路小学' } });
  await pace(3000);
  // The notices and clauses: read before agreeing.
  await read(page, pace, 30_000, human);
  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await pace(2000);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/confirm/);
  await read(page, pace, 15_000, human);
  const confirm = page.getByRole('button', { name: '确认投保' });
  await expect(confirm).toBeEnabled({ timeout: 5_000 });
  await confirm.click();
  await expect(page).toHaveURL(/#\/payoff\?/, { timeout: 15_000 });
  const orderCode = new URL(page.url().replace('#/', '')).searchParams.get('orderCode') ?? '';
  await pace(5000);
  const serial = await page.evaluate(() => (JSON.parse(localStorage.getItem('savedRecord') ?? '{}') as { serial?: string }).serial ?? '');
  await page.getByTestId('pay-now').click();
  await expect(page).toHaveURL(/\/_sandbox\/wechat\/cashier\?tradeNo=/);
  await pace(5000);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 35_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('savedRecord')), { timeout: 30_000 }).toBeNull();
  return { serial, orderCode, phone };
}

async function reviewerToken(browser: Browser, request: APIRequestContext): Promise<string> {
  const phone = uniquePhone();
  await gw(request, null, 'POST', promoterCalls.devStaff.path, {
    phone,
    employeeNum: `B${phone.slice(-6)}`,
    name: '郑合规',
    licenseNumber: '02000132000080002019000901',
    branchCode: 'JT0000',
    branchName: '总公司',
    roles: ['compliance'],
  });
  const desk = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await desk.newPage();
  await page.goto('/#/compliance');
  await logInBySms(page, request, phone);
  await expect(page).toHaveURL(/#\/compliance$/);
  const token = await sessionToken(page);
  await desk.close();
  return token;
}

interface Upload {
  kb: number;
  minutes: number;
  kbPerMinute: number;
  chunks: number;
  inflatedKb: number;
}

async function uploaded(request: APIRequestContext, token: string, serial: string): Promise<Upload> {
  const stored = await gw<{ events: string; compressedBytes: number; firstAt: number; lastAt: number }>(request, token, 'GET', complianceCalls.devRecording.path.replace(':serial', serial));
  const detail = await gw<{ chunks: unknown[]; chain: string; gaps: unknown[] }>(request, token, 'GET', complianceCalls.recording.path.replace(':serial', serial));
  expect({ chain: detail.chain, gaps: detail.gaps }).toEqual({ chain: 'intact', gaps: [] });
  const minutes = (stored.lastAt - stored.firstAt) / 60_000;
  const kb = stored.compressedBytes / 1024;
  return { kb, minutes, kbPerMinute: kb / minutes, chunks: detail.chunks.length, inflatedKb: stored.events.length / 1024 };
}

const show = (label: string, u: Upload) =>
  `${label.padEnd(12)} ${u.minutes.toFixed(2).padStart(5)} min  ${u.kb.toFixed(1).padStart(6)} KB  ${u.kbPerMinute.toFixed(1).padStart(6)} KB/min  ${String(u.chunks).padStart(3)} chunks  (${u.inflatedKb.toFixed(0)} KB of events)`;

test('recording: KB uploaded per minute of a purchase at a human pace (robot pace beside it)', async ({ browser, page, request }) => {
  test.setTimeout(12 * 60_000);
  const robot = await purchase(page, request, false);
  const humanContext = await browser.newContext(test.info().project.use);
  const humanPage = await humanContext.newPage();
  const human = await purchase(humanPage, request, true);
  await humanContext.close();
  const token = await reviewerToken(browser, request);
  const [r, h] = [await uploaded(request, token, robot.serial), await uploaded(request, token, human.serial)];
  console.log(`\nrecording upload (compressed, as stored):\n${show('robot pace', r)}\n${show('human pace', h)}\nbudget: ${KB_PER_MINUTE_BUDGET} KB/min at a human pace`);
  expect(h.kbPerMinute).toBeLessThanOrEqual(KB_PER_MINUTE_BUDGET);
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('recording: total blocking time of the insure form, recording on vs off (4x CPU throttling, medians)', async ({ page, request }) => {
  test.setTimeout(8 * 60_000);
  await page.goto(`/#/insure?productCode=${XUZHOU.productCode}`);
  await logInBySms(page, request, uniquePhone());
  await expect(page).toHaveURL(new RegExp(`#/insure\\?productCode=${XUZHOU.productCode}$`));
  const context = page.context();
  // Long tasks and the first contentful paint, observed from the first script on.
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const tbt = async (recording: boolean): Promise<number> => {
    const probe = await context.newPage();
    if (!recording) await probe.route(/\/assets\/recorder-[^/]+\.js$/, (route) => route.abort());
    const cdp = await context.newCDPSession(probe);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await probe.goto('/#/');
    await probe.evaluate(() => localStorage.removeItem('savedRecord'));
    await probe.goto(`/#/insure?productCode=${XUZHOU.productCode}`);
    await probe.reload();
    await expect(probe.locator('[id="root_policyHolder_name"]')).toBeVisible({ timeout: 30_000 });
    // Until quiet: the recorder's first full snapshot comes after the notice is on screen.
    await probe.waitForTimeout(6000);
    if (recording) await expect.poll(() => probe.evaluate(() => localStorage.getItem('savedRecord') !== null)).toBe(true);
    else expect(await probe.evaluate(() => localStorage.getItem('savedRecord'))).toBeNull();
    const result = await probe.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
      return tasks.filter((t) => t.start >= fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    });
    await cdp.detach();
    await probe.close();
    return result;
  };
  const off: number[] = [];
  const on: number[] = [];
  for (let i = 0; i < TBT_RUNS; i++) {
    off.push(await tbt(false));
    on.push(await tbt(true));
  }
  const delta = median(on) - median(off);
  // The loads' own spread: on a busy machine it dwarfs the budget, and a difference inside it means nothing.
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.ceil((sorted.length * 3) / 4) - 1]! - sorted[Math.floor(sorted.length / 4)]!;
  };
  const noise = Math.max(spread(on), spread(off));
  const verdict =
    delta > Math.max(TBT_BUDGET_MS, noise) ? 'MISSES the budget'
    : noise > TBT_BUDGET_MS ? 'UNRESOLVED: the loads\' spread exceeds the budget, measure on a quiet machine'
    : 'meets the budget';
  console.log(
    `\ninsure form total blocking time (4x CPU throttle, long tasks after FCP):\n` +
      `recording off ${off.map((v) => v.toFixed(0)).join(', ')} ms  median ${median(off).toFixed(0)} ms\n` +
      `recording on  ${on.map((v) => v.toFixed(0)).join(', ')} ms  median ${median(on).toFixed(0)} ms\n` +
      `difference ${delta.toFixed(0)} ms (budget +${TBT_BUDGET_MS} ms; interquartile spread of the loads ${noise.toFixed(0)} ms): ${verdict}`,
  );
  // Fails only on a difference larger than both the budget and the measurement's own noise.
  expect(delta <= TBT_BUDGET_MS || delta <= noise, verdict).toBe(true);
});

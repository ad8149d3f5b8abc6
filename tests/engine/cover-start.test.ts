/**
 * The four cover starts a product may state (manifest `cover`): the day after
 * the payment (startFrom paymentDay), the order day or N days after it
 * (startOffsetDays), a fixed date (fixedStart) and a day the parent picks in a
 * window (pickedStart). Expected dates are written out from the rule as a
 * product's text states it, in Beijing time, never computed by the engine.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  coverPeriod,
  coverPeriodOnPayment,
  paymentCoverNotes,
  paymentCoverTerms,
  paymentStartNote,
  pickedStartProblem,
  pickWindow,
} from '../../src/engine/cover/cover-period.ts';
import { ageRangeMessage, checkApplication } from '../../src/engine/insure/check-application.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { completeProtocols } from '../../src/engine/manifest/protocol-content.ts';
import { validateManifest } from '../../src/engine/manifest/validate-manifest.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { sampleApplication } from '../../src/server/seed/sample-applications.ts';

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../manifests/${name}.json`, import.meta.url), 'utf8')) as ProductManifest;

/** jining-student-accident: starts the day after the order, ends at 00:00:00 of the day after the last day, 3-18 year-olds. */
const JINING = load('jining-student-accident');

function variant(edit: (cover: ProductManifest['cover']) => void): ProductManifest {
  const copy = structuredClone(JINING);
  edit(copy.cover);
  return copy;
}

/** An instant given as Beijing wall time. */
const beijing = (wall: string) => new Date(`${wall.replace(' ', 'T')}+08:00`);

describe('cover start: the day after the payment (startFrom paymentDay)', () => {
  const afterPayment = variant((c) => (c.startFrom = 'paymentDay'));
  const terms = paymentCoverTerms(afterPayment, 1)!;

  it('starts at 00:00:00 of the day after a payment at 23:59:59 Beijing', () => {
    expect(coverPeriodOnPayment(terms, beijing('2026-03-10 23:59:59'))).toMatchObject({
      startDate: '2026-03-11 00:00:00',
      endDate: '2027-03-11 00:00:00',
    });
  });

  it('starts a day later for a payment one second later, at 00:00:00 Beijing', () => {
    const period = coverPeriodOnPayment(terms, beijing('2026-03-11 00:00:00'));
    expect(period).toMatchObject({ startDate: '2026-03-12 00:00:00', endDate: '2027-03-12 00:00:00' });
    expect(period.start.toISOString()).toBe('2026-03-11T16:00:00.000Z');
  });

  it('keeps the guarantee years and the end time of the product in the terms the payment applies', () => {
    const twoYears = paymentCoverTerms(variant((c) => ((c.startFrom = 'paymentDay'), (c.endTime = '23:59:59'))), 2)!;
    expect(twoYears).toEqual({ startFrom: 'paymentDay', startOffsetDays: 1, months: 24, endTime: '23:59:59' });
    expect(coverPeriodOnPayment(twoYears, beijing('2026-03-10 12:00:00'))).toMatchObject({
      startDate: '2026-03-11 00:00:00',
      endDate: '2028-03-10 23:59:59',
    });
  });

  it('has no payment terms for a product whose order fixes the dates', () => {
    expect(paymentCoverTerms(JINING, 1)).toBeNull();
    expect(paymentCoverNotes(JINING, 1)).toBeNull();
  });

  it('says 支付成功次日零时起保 before the payment, and how long the cover lasts', () => {
    expect(paymentStartNote(terms)).toBe('支付成功次日零时起保');
    expect(paymentCoverNotes(afterPayment, 1)).toEqual({ start: '支付成功次日零时起保', end: '自起保日起1年' });
    expect(paymentCoverNotes(afterPayment, 3)).toEqual({ start: '支付成功次日零时起保', end: '自起保日起3年' });
  });

  it('is the rule of 学生无忧保, whose detail page says 支付成功次日零时生效', () => {
    const product = load('student-worry-free');
    expect(JSON.stringify(product.detail)).toContain('支付成功次日零时生效');
    expect(paymentCoverTerms(product, 1)).toMatchObject({ startFrom: 'paymentDay', startOffsetDays: 1 });
  });
});

describe('cover start: the order day or N days after it (startOffsetDays)', () => {
  it('starts on the order day itself with offset 0, even for an order at 23:59:59 Beijing', () => {
    const sameDay = variant((c) => (c.startOffsetDays = 0));
    expect(coverPeriod(sameDay, beijing('2026-03-10 23:59:59')).startDate).toBe('2026-03-10 00:00:00');
    expect(coverPeriod(sameDay, beijing('2026-03-11 00:00:00')).startDate).toBe('2026-03-11 00:00:00');
  });

  it('starts N days after the order day', () => {
    expect(coverPeriod(JINING, beijing('2026-03-10 23:59:59')).startDate).toBe('2026-03-11 00:00:00');
    expect(coverPeriod(variant((c) => (c.startOffsetDays = 7)), beijing('2026-03-10 08:00:00')).startDate).toBe('2026-03-17 00:00:00');
  });

  it('ignores a date the client sends', () => {
    expect(coverPeriod(JINING, beijing('2026-03-10 08:00:00'), 1, '2026-04-01').startDate).toBe('2026-03-11 00:00:00');
  });
});

describe('cover start: a fixed date (fixedStart)', () => {
  const fixed = variant((c) => (c.fixedStart = '2026-09-01'));

  it('starts on the fixed date when it is later than the order day', () => {
    expect(coverPeriod(fixed, beijing('2026-03-10 08:00:00'))).toMatchObject({
      startDate: '2026-09-01 00:00:00',
      endDate: '2027-09-01 00:00:00',
    });
  });

  it('starts the day after the order when the fixed date has passed', () => {
    expect(coverPeriod(fixed, beijing('2026-09-05 08:00:00')).startDate).toBe('2026-09-06 00:00:00');
  });

  it('starts on the fixed date when the order is the day before it', () => {
    expect(coverPeriod(fixed, beijing('2026-08-31 23:59:59')).startDate).toBe('2026-09-01 00:00:00');
  });
});

describe('cover start: a day the parent picks (pickedStart)', () => {
  // From tomorrow up to 30 days ahead.
  const picked = variant((c) => (c.pickedStart = { fromDays: 1, toDays: 30 }));
  const now = beijing('2026-03-10 10:00:00');
  const refusal = '起保日期须在2026-03-11至2026-04-09之间';

  it('offers the window from tomorrow to 30 days ahead, Beijing days', () => {
    expect(pickWindow(picked, now)).toEqual({ first: '2026-03-11', last: '2026-04-09' });
    // 23:59:59 Beijing is still the 10th; one second later the window moves.
    expect(pickWindow(picked, beijing('2026-03-10 23:59:59'))).toEqual({ first: '2026-03-11', last: '2026-04-09' });
    expect(pickWindow(picked, beijing('2026-03-11 00:00:00'))).toEqual({ first: '2026-03-12', last: '2026-04-10' });
    expect(pickWindow(JINING, now)).toBeNull();
  });

  it('accepts the first and the last day of the window', () => {
    expect(pickedStartProblem(picked, now, '2026-03-11')).toBeNull();
    expect(pickedStartProblem(picked, now, '2026-04-09')).toBeNull();
    expect(pickedStartProblem(picked, now, '2026-03-11 00:00:00')).toBeNull();
  });

  it('refuses the day before and the day after the window with 起保日期须在…至…之间', () => {
    expect(pickedStartProblem(picked, now, '2026-03-10')).toBe(refusal);
    expect(pickedStartProblem(picked, now, '2026-04-10')).toBe(refusal);
  });

  it('refuses a start that is not a Beijing midnight or not a date', () => {
    for (const value of ['2026-03-12 08:00:00', '2026-02-30', '12/03/2026', '']) expect(pickedStartProblem(picked, now, value)).toBe(refusal);
  });

  it('takes the first day when no day is sent (the picker opens on it)', () => {
    expect(pickedStartProblem(picked, now, undefined)).toBeNull();
    expect(coverPeriod(picked, now).startDate).toBe('2026-03-11 00:00:00');
  });

  it('lasts the product months from the picked day', () => {
    expect(coverPeriod(picked, now, 1, '2026-04-09')).toMatchObject({ startDate: '2026-04-09 00:00:00', endDate: '2027-04-09 00:00:00' });
    expect(coverPeriod(picked, now, 2, '2026-03-20 00:00:00').endDate).toBe('2028-03-20 00:00:00');
  });

  it('checks ages on the picked day', () => {
    // 19 on 2026-03-31: 18 (insurable, 3-18) on the window's first day, too old from the 31st.
    const application = sampleApplication(JINING.productCode, now);
    application.insureds[0]!.licenceNo = makeIdCard('370811', '2007-03-31', '012');
    const problemsOn = (day: string) => checkApplication(picked, application, now, coverPeriod(picked, now, 1, day).start).map((p) => p.message);
    expect(problemsOn('2026-03-30')).not.toContain(ageRangeMessage('insured', 3, 18));
    expect(problemsOn('2026-03-31')).toContain(ageRangeMessage('insured', 3, 18));
  });
});

describe('cover start rules in the manifest', () => {
  const problems = (edit: (cover: ProductManifest['cover']) => void) => {
    const found = validateManifest(variant(edit), 'manifests/jining-student-accident.json');
    return found.filter((p) => p.severity !== 'warning').map((p) => `${p.pointer} ${p.message}`);
  };

  it('accepts each rule', () => {
    expect(problems((c) => (c.startFrom = 'paymentDay'))).toEqual([]);
    expect(problems((c) => (c.pickedStart = { fromDays: 1, toDays: 30 }))).toEqual([]);
    expect(problems((c) => ((c.startOffsetDays = 0), (c.pickedStart = { fromDays: 0, toDays: 0 })))).toEqual([]);
  });

  it('refuses a window that is not where the picker opens, ends before it begins, or is mixed with another rule', () => {
    expect(problems((c) => (c.pickedStart = { fromDays: 2, toDays: 30 }))).toEqual([
      "/cover/startOffsetDays startOffsetDays 1 is not the window's first day 2",
    ]);
    expect(problems((c) => (c.pickedStart = { fromDays: 1, toDays: 0 }))).toEqual(['/cover/pickedStart/toDays the window ends (day 0) before it begins (day 1)']);
    expect(problems((c) => ((c.pickedStart = { fromDays: 1, toDays: 30 }), (c.startFrom = 'paymentDay')))).toEqual([
      '/cover/startFrom a picked start counts from the order day',
    ]);
    expect(problems((c) => ((c.pickedStart = { fromDays: 1, toDays: 30 }), (c.fixedStart = '2026-09-01')))).toEqual([
      '/cover/fixedStart a picked start cannot also have a fixed start',
    ]);
  });

  it('refuses a start on the payment day itself', () => {
    expect(problems((c) => ((c.startFrom = 'paymentDay'), (c.startOffsetDays = 0)))).toEqual([
      '/cover/startOffsetDays a start counted from the payment day cannot be the payment day itself',
    ]);
  });
});

describe('the cover start in the 投保须知 the app writes', () => {
  const notice = (m: ProductManifest) => completeProtocols(m).find((p) => p.notificationType === 2)?.content ?? '';

  it('states the rule of the product', () => {
    expect(notice(JINING)).toContain('保险责任自投保成功后次日零时开始');
    expect(notice(variant((c) => (c.startFrom = 'paymentDay')))).toContain('保险责任自支付成功后次日零时开始');
    expect(notice(variant((c) => (c.pickedStart = { fromDays: 1, toDays: 30 })))).toContain('保险责任自投保人选定的起保日零时开始');
  });
});

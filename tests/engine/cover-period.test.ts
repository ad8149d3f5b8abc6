import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/index.ts';
import { coverPeriod } from '../../src/engine/cover/cover-period.ts';
import { formatShanghai, parseShanghaiStrict } from '../../src/engine/time/shanghai-time.ts';

/** The cover period computed another way, through Beijing wall-time strings: the reference the engine's arithmetic must match. */
function coverPeriodByStrings(manifest: ProductManifest, orderedAt: Date, years: number) {
  const addMonths = (ymd: string, months: number) => {
    const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
    const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
    return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
  };
  const { startOffsetDays, fixedStart, endTime } = manifest.cover;
  const orderDay = parseShanghaiStrict(formatShanghai(orderedAt).slice(0, 10));
  let start = new Date(orderDay.getTime() + startOffsetDays * 86_400_000);
  if (fixedStart) {
    const fixed = parseShanghaiStrict(fixedStart);
    if (fixed > start) start = fixed;
  }
  const dayAfter = parseShanghaiStrict(addMonths(formatShanghai(start).slice(0, 10), manifest.cover.months * years));
  const end = endTime === '23:59:59' ? new Date(dayAfter.getTime() - 1000) : dayAfter;
  return { startDate: formatShanghai(start), endDate: formatShanghai(end), start, end };
}

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../manifests/${name}.json`, import.meta.url), 'utf8')) as ProductManifest;

describe('coverPeriod', () => {
  it('starts the day after the order at 00:00:00 Beijing time and ends at 23:59:59 of the last day', () => {
    const m = load('xuzhou-student-accident-2025');
    // 2025-08-31 20:00 UTC is already 1 September in Beijing.
    expect(coverPeriod(m, new Date('2025-08-31T20:00:00Z'))).toMatchObject({
      startDate: '2025-09-02 00:00:00',
      endDate: '2026-09-01 23:59:59',
    });
  });

  it('ends at 00:00:00 of the day after for the 00:00:00 variant', () => {
    const m = load('jining-student-accident');
    expect(coverPeriod(m, new Date('2025-03-10T02:00:00Z'))).toMatchObject({
      startDate: '2025-03-11 00:00:00',
      endDate: '2026-03-11 00:00:00',
    });
  });

  it('lasts cover.months × the guarantee years, from the same start', () => {
    const m = load('huatai-serious-illness'); // endTime 00:00:00
    const orderedAt = new Date('2025-03-10T02:00:00Z');
    expect(coverPeriod(m, orderedAt)).toEqual(coverPeriod(m, orderedAt, 1));
    const three = coverPeriod(m, orderedAt, 3);
    expect(three).toMatchObject({ startDate: '2025-03-11 00:00:00', endDate: '2028-03-11 00:00:00' });
    expect(three.start).toEqual(coverPeriod(m, orderedAt).start);
    expect(three.end.toISOString()).toBe('2028-03-10T16:00:00.000Z');
  });

  it('ends at 23:59:59 of the last day of the third year for the 23:59:59 variant', () => {
    const m = load('xuzhou-student-accident-2025');
    const p = coverPeriod(m, new Date('2025-08-31T20:00:00Z'), 3);
    expect(p).toMatchObject({ startDate: '2025-09-02 00:00:00', endDate: '2028-09-01 23:59:59' });
    expect(p.end.toISOString()).toBe('2028-09-01T15:59:59.000Z');
  });

  it('counts a 29 February start into later years by calendar months', () => {
    const m = structuredClone(load('jining-student-accident'));
    m.cover.fixedStart = '2028-02-29';
    expect(coverPeriod(m, new Date('2028-01-10T02:00:00Z'), 2).endDate).toBe('2030-02-28 00:00:00');
  });

  it('refuses guarantee years that are not a positive integer', () => {
    const m = load('huatai-serious-illness');
    for (const years of [0, -1, 1.5, Number.NaN]) expect(() => coverPeriod(m, new Date(), years)).toThrow(RangeError);
  });

  it('gives what the wall-time string computation gave, for any instant, offset, length, end time and fixed start', () => {
    const base = load('jining-student-accident');
    const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 36 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('23:59:59', '00:00:00'),
        fc.option(day, { nil: undefined }),
        fc.boolean(),
        (orderedAt, startOffsetDays, months, years, endTime, fixed, fixedWithTime) => {
          const m = structuredClone(base);
          m.cover = { ...m.cover, startOffsetDays, months, endTime };
          delete m.cover.fixedStart;
          if (fixed) m.cover.fixedStart = formatShanghai(fixed).slice(0, fixedWithTime ? 19 : 10);
          expect(coverPeriod(m, orderedAt, years)).toEqual(coverPeriodByStrings(m, orderedAt, years));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('uses a fixed start date when it is later, and clamps month ends', () => {
    const m = structuredClone(load('jining-student-accident'));
    m.cover.fixedStart = '2026-01-31';
    m.cover.months = 1;
    const p = coverPeriod(m, new Date('2025-12-01T02:00:00Z'));
    expect(p).toMatchObject({ startDate: '2026-01-31 00:00:00', endDate: '2026-02-28 00:00:00' });
    expect(p.start.toISOString()).toBe('2026-01-30T16:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-02-27T16:00:00.000Z');
  });
});

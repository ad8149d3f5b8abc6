import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/index.ts';
import { coverPeriod } from '../../src/engine/cover/cover-period.ts';

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

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

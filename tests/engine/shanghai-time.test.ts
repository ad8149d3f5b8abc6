import { describe, expect, it } from 'vitest';
import {
  formatShanghai,
  formatShanghaiRfc3339,
  fromShanghaiWall,
  parseShanghai,
  shanghaiDate,
  shanghaiDateStamp,
  shanghaiWall,
} from '../../src/engine/time/shanghai-time.ts';
import { codeLinesMatching } from './source-lines.ts';

describe('Shanghai wall time', () => {
  it('formats an instant as Beijing time whatever the process time zone', () => {
    expect(formatShanghai(new Date('2025-12-31T16:30:05Z'))).toBe('2026-01-01 00:30:05');
    expect(shanghaiDateStamp(new Date('2025-12-31T15:59:59Z'))).toBe('20251231');
  });

  it('parses dates and date-times as Beijing time and refuses impossible ones', () => {
    expect(parseShanghai('2026-01-01')?.toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(parseShanghai('2026-09-01 23:59:59')?.toISOString()).toBe('2026-09-01T15:59:59.000Z');
    expect(parseShanghai('2025-02-29')).toBeNull();
    expect(parseShanghai('2025-2-1')).toBeNull();
  });

  it('gives the Beijing day, the wall clock and WeChat Pay’s RFC 3339 form of an instant', () => {
    const instant = new Date('2026-11-22T16:00:00Z');
    expect(shanghaiDate(instant)).toBe('2026-11-23');
    expect(shanghaiWall(instant).getUTCHours()).toBe(0);
    expect(formatShanghaiRfc3339(instant)).toBe('2026-11-23T00:00:00+08:00');
    expect(fromShanghaiWall(Date.UTC(2026, 10, 23)).toISOString()).toBe(instant.toISOString());
  });
});

describe('Beijing time is written in one place', () => {
  // The offset as code writes it: 8 × an hour in milliseconds, or a +08:00 suffix built into a string.
  const OFFSET = /\b8\s*\*\s*(60\s*\*\s*60|3_?600(_?000)?|HOUR_MS)\b|\+08:00`|T00:00:00\+08/;

  it('no source file but src/engine/time/shanghai-time.ts computes the +8 h offset', () => {
    const found = codeLinesMatching(OFFSET, 'src/engine/time/shanghai-time.ts');
    expect(found).toEqual([]);
  });

  it('no file of src/ but shanghai-time.ts names the zone (SQL at time zone included)', () => {
    expect(codeLinesMatching(/['"`]Asia\/Shanghai['"`]/, 'src/engine/time/shanghai-time.ts', ['src'])).toEqual([]);
  });
});

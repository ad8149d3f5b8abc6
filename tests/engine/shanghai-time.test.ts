import { describe, expect, it } from 'vitest';
import { formatShanghai, parseShanghai, shanghaiDateStamp } from '../../src/engine/time/shanghai-time.ts';

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
});

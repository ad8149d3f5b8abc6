import { describe, expect, it } from 'vitest';
import { surrenderRefundFen } from '../../src/engine/cover/surrender-refund.ts';

const start = new Date('2026-09-01T00:00:00+08:00');
const end = new Date('2027-09-01T00:00:00+08:00'); // 365 days
const at = (text: string) => new Date(text);

describe('surrenderRefundFen (order.surrenderRefund)', () => {
  it('gives the whole premium back before the start date, unless the product gives nothing', () => {
    const before = at('2026-08-20T10:00:00+08:00');
    expect(surrenderRefundFen('unearned', { paidFen: 10_000, start, end, at: before })).toBe(10_000);
    expect(surrenderRefundFen('beforeStart', { paidFen: 10_000, start, end, at: before })).toBe(10_000);
    expect(surrenderRefundFen('none', { paidFen: 10_000, start, end, at: before })).toBe(0);
  });

  it('in force, gives the share of the whole days left, rounded down to the fen (unearned only)', () => {
    // 100 days and nine and a half hours run: 264 whole days are left of 365.
    const inForce = at('2026-12-10T09:30:00+08:00');
    expect(surrenderRefundFen('unearned', { paidFen: 10_000, start, end, at: inForce })).toBe(Math.floor((10_000 * 264) / 365));
    expect(surrenderRefundFen('unearned', { paidFen: 3_333, start, end, at: at('2027-08-31T12:00:00+08:00') })).toBe(0);
    expect(surrenderRefundFen('unearned', { paidFen: 36_500, start, end, at: at('2027-03-01T00:00:00+08:00') })).toBe(100 * 184);
    expect(surrenderRefundFen('beforeStart', { paidFen: 10_000, start, end, at: inForce })).toBe(0);
  });

  it('gives nothing at or after the end, and never more than was paid', () => {
    expect(surrenderRefundFen('unearned', { paidFen: 10_000, start, end, at: end })).toBe(0);
    expect(surrenderRefundFen('unearned', { paidFen: 10_000, start, end, at: start })).toBe(10_000);
    expect(surrenderRefundFen('unearned', { paidFen: 0, start, end, at: at('2026-08-01T00:00:00+08:00') })).toBe(0);
  });
});

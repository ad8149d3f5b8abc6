import { describe, expect, it, vi } from 'vitest';
import { pollUntil, withAttempts } from '../../src/web/features/orders/api/async.ts';

describe('withAttempts', () => {
  it('stops at the first success', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('a')).mockResolvedValueOnce('url');
    await expect(withAttempts(fn, 3)).resolves.toBe('url');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('gives up after the given number of attempts with the last error', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('1')).mockRejectedValueOnce(new Error('2')).mockRejectedValueOnce(new Error('3'));
    await expect(withAttempts(fn, 3)).rejects.toThrow('3');
    expect(fn).toHaveBeenCalledTimes(3);
  });
});

describe('pollUntil', () => {
  it('polls until the predicate holds, treating failures as not yet', async () => {
    vi.useFakeTimers();
    try {
      const statuses = ['toBePaid', 'FAIL', 'toBePaid', 'waitInsurance'];
      const fn = vi.fn(async () => {
        const next = statuses.shift();
        if (next === 'FAIL') throw new Error('network');
        return next;
      });
      const outcome = pollUntil(fn, (s) => s !== 'toBePaid', { intervalMs: 1000, timeoutMs: 30_000 });
      await vi.runAllTimersAsync();
      await expect(outcome).resolves.toEqual({ status: 'done', value: 'waitInsurance' });
      expect(fn).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('times out with the last value', async () => {
    vi.useFakeTimers();
    try {
      const fn = vi.fn(async () => 'toBePaid');
      const outcome = pollUntil(fn, (s) => s !== 'toBePaid', { intervalMs: 1000, timeoutMs: 5000 });
      await vi.runAllTimersAsync();
      await expect(outcome).resolves.toEqual({ status: 'timeout', last: 'toBePaid' });
      expect(fn.mock.calls.length).toBeGreaterThanOrEqual(5);
      expect(fn.mock.calls.length).toBeLessThanOrEqual(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const outcome = pollUntil(async () => 'toBePaid', () => false, { intervalMs: 50, timeoutMs: 10_000, signal: controller.signal });
    controller.abort(new Error('left'));
    await expect(outcome).rejects.toThrow('left');
  });
});

describe('pollUntil with fatal errors', () => {
  it('rejects at once on an error the caller calls fatal', async () => {
    const fn = vi.fn(async () => {
      throw new Error('4004');
    });
    await expect(pollUntil(fn, () => true, { intervalMs: 10, timeoutMs: 1000, isFatal: (e) => (e as Error).message === '4004' })).rejects.toThrow('4004');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

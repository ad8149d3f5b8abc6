/** Small async helpers for calls that are retried or polled. Pure: timers only. */

export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls `fn` until it resolves, at most `attempts` times (spec §4: the pay URL
 * is fetched up to 3 times). Rejects with the last error.
 */
export async function withAttempts<T>(fn: (attempt: number) => Promise<T>, attempts: number): Promise<T> {
  let lastError: unknown = new Error('no attempt made');
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export type PollOutcome<T> = { status: 'done'; value: T } | { status: 'timeout'; last: T | undefined };

/**
 * Calls `fn` every `intervalMs` until `isDone(value)` or `timeoutMs` has
 * passed. A failed call counts as "not yet" (the next one may succeed),
 * unless `isFatal(error)`: then the poll rejects with it. Aborting the
 * signal rejects with its reason.
 */
export async function pollUntil<T>(
  fn: () => Promise<T>,
  isDone: (value: T) => boolean,
  options: {
    intervalMs: number;
    timeoutMs: number;
    signal?: AbortSignal;
    isFatal?: (error: unknown) => boolean;
    now?: () => number;
  },
): Promise<PollOutcome<T>> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  let last: T | undefined;
  for (;;) {
    if (options.signal?.aborted) throw options.signal.reason;
    try {
      last = await fn();
      if (isDone(last)) return { status: 'done', value: last };
    } catch (error) {
      if (options.isFatal?.(error)) throw error;
      // Not yet: a transient failure while the payment notification is in flight.
    }
    if (now() + options.intervalMs > deadline) return { status: 'timeout', last };
    await delay(options.intervalMs, options.signal);
  }
}

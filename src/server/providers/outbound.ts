/**
 * One way for every adapter to call an outside service: a timeout on each
 * attempt, retries with jittered exponential backoff only where the call is
 * idempotent, a circuit breaker per vendor (after 5 consecutive failures the
 * vendor is not called for 10 s, then one trial call), and one log line per
 * call with the vendor, the call, its duration and its outcome. The log line
 * never carries a request or answer body: adapters log nothing else about a
 * call, so no secret or personal data reaches a log from here.
 *
 * The policies are cockatiel's (retry, circuit breaker, timeout), not a
 * hand-written copy. An adapter throws {@link OutboundError} to say whether a
 * failure is worth retrying (network error, timeout, HTTP 5xx, the vendor's
 * "system busy") or final (a business refusal, a bad signature).
 */
import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  ExponentialBackoff,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
  wrap,
  type CircuitBreakerPolicy,
} from 'cockatiel';

/** A failed outside call: `retryable` for transient failures, else final. */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The vendor's own code or HTTP status, for the log and for mapping to an outcome. */
    readonly vendorCode?: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OutboundCall<T> {
  /** The vendor, e.g. 'wechatpay', 'alipay', 'insurer-gateway'. */
  vendor: string;
  /** The call, e.g. 'transactions.jsapi', 'alipay.trade.query'. */
  call: string;
  /** Retried on a transient failure only when true (queries, closes, refunds with a stable number). */
  idempotent: boolean;
  /** Per attempt; default {@link OutboundOptions.timeoutMs}. */
  timeoutMs?: number;
  run(signal: AbortSignal): Promise<T>;
}

export interface OutboundOptions {
  log: OutboundLog;
  /** Default per-attempt timeout. */
  timeoutMs?: number;
  /** Attempts in all for an idempotent call (1 = no retry). */
  maxAttempts?: number;
  /** First retry delay; tests shorten it. */
  initialDelayMs?: number;
  /** Consecutive failures that open a vendor's breaker. */
  breakerThreshold?: number;
  /** How long an open breaker refuses calls before one trial. */
  halfOpenAfterMs?: number;
}

export type CallOut = <T>(spec: OutboundCall<T>) => Promise<T>;

/** A loopback host name (where a vendor URL may be plain http://: a fake on this machine). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** A transient failure: retried when idempotent, and counted by the breaker. */
export function isTransient(error: unknown): boolean {
  if (error instanceof OutboundError) return error.retryable;
  if (error instanceof TaskCancelledError) return true; // the attempt timed out
  // fetch's network failures (connection refused, reset, DNS) are TypeErrors with a cause.
  return error instanceof TypeError || (error as { name?: string } | null)?.name === 'AbortError';
}

function outcomeOf(error: unknown): string {
  if (error instanceof BrokenCircuitError) return 'circuit-open';
  if (error instanceof TaskCancelledError) return 'timeout';
  if (error instanceof OutboundError) return error.vendorCode ? `error:${error.vendorCode}` : error.retryable ? 'transient' : 'refused';
  // An adapter's own refusal (SmsRefused, …) names the vendor's code.
  const vendorCode = (error as { vendorCode?: unknown } | null)?.vendorCode;
  if (typeof vendorCode === 'string') return `refused:${vendorCode}`;
  return 'network';
}

/** Builds the app's one `callOut`; breakers are kept per vendor for the life of the process. */
export function createCallOut(options: OutboundOptions): CallOut {
  const breakers = new Map<string, CircuitBreakerPolicy>();
  const breakerOf = (vendor: string): CircuitBreakerPolicy => {
    let breaker = breakers.get(vendor);
    if (!breaker) {
      breaker = circuitBreaker(handleWhen(isTransient), {
        halfOpenAfter: options.halfOpenAfterMs ?? 10_000,
        breaker: new ConsecutiveBreaker(options.breakerThreshold ?? 5),
      });
      breakers.set(vendor, breaker);
    }
    return breaker;
  };
  return async <T>(spec: OutboundCall<T>): Promise<T> => {
    const started = performance.now();
    const retryPolicy = retry(handleWhen(isTransient), {
      maxAttempts: spec.idempotent ? Math.max(0, (options.maxAttempts ?? 3) - 1) : 0,
      backoff: new ExponentialBackoff({ initialDelay: options.initialDelayMs ?? 200, maxDelay: 5_000 }),
    });
    let attempts = 0;
    const policy = wrap(retryPolicy, breakerOf(spec.vendor), timeout(spec.timeoutMs ?? options.timeoutMs ?? 10_000, TimeoutStrategy.Aggressive));
    try {
      const result = await policy.execute(({ signal }) => {
        attempts += 1;
        return spec.run(signal);
      });
      options.log.info({ vendor: spec.vendor, call: spec.call, ms: Math.round(performance.now() - started), attempts, outcome: 'ok' }, 'outbound call');
      return result;
    } catch (error) {
      options.log.warn({ vendor: spec.vendor, call: spec.call, ms: Math.round(performance.now() - started), attempts, outcome: outcomeOf(error) }, 'outbound call failed');
      if (error instanceof BrokenCircuitError) throw new OutboundError(`${spec.vendor} is unavailable (circuit open)`, true, 'circuit-open');
      if (error instanceof TaskCancelledError) throw new OutboundError(`${spec.vendor} ${spec.call} timed out`, true, 'timeout');
      throw error;
    }
  };
}

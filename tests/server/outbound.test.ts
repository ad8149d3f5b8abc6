import { describe, expect, it } from 'vitest';
import { createCallOut, OutboundError } from '../../src/server/providers/outbound.ts';

function recordingLog() {
  const lines: Array<{ level: string; obj: Record<string, unknown> }> = [];
  const push = (level: string) => (obj: object) => lines.push({ level, obj: obj as Record<string, unknown> });
  return { lines, log: { info: push('info'), warn: push('warn') } };
}

const quick = { initialDelayMs: 1, timeoutMs: 200 };

describe('callOut: the one way adapters call a vendor', () => {
  it('retries a transient failure of an idempotent call and logs one line with its attempts', async () => {
    const { lines, log } = recordingLog();
    const callOut = createCallOut({ log, ...quick });
    let tries = 0;
    const answer = await callOut({
      vendor: 'v',
      call: 'query',
      idempotent: true,
      run: async () => {
        tries += 1;
        if (tries < 3) throw new OutboundError('HTTP 503', true, '503');
        return 'paid';
      },
    });
    expect(answer).toBe('paid');
    expect(tries).toBe(3);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.obj).toMatchObject({ vendor: 'v', call: 'query', attempts: 3, outcome: 'ok' });
  });

  it('never retries a call that is not idempotent, nor a business refusal', async () => {
    const { log } = recordingLog();
    const callOut = createCallOut({ log, ...quick });
    let creates = 0;
    await expect(
      callOut({ vendor: 'v', call: 'create', idempotent: false, run: async () => { creates += 1; throw new OutboundError('HTTP 502', true); } }),
    ).rejects.toThrow('HTTP 502');
    expect(creates).toBe(1);
    let refunds = 0;
    await expect(
      callOut({ vendor: 'v', call: 'refund', idempotent: true, run: async () => { refunds += 1; throw new OutboundError('NOT_ENOUGH', false, 'NOT_ENOUGH'); } }),
    ).rejects.toMatchObject({ retryable: false, vendorCode: 'NOT_ENOUGH' });
    expect(refunds).toBe(1);
  });

  it('gives up an attempt at its timeout and aborts its signal', async () => {
    const { lines, log } = recordingLog();
    const callOut = createCallOut({ log, ...quick, maxAttempts: 1 });
    let aborted = false;
    await expect(
      callOut({
        vendor: 'v',
        call: 'slow',
        idempotent: true,
        timeoutMs: 20,
        run: (signal) =>
          new Promise(() => {
            signal.addEventListener('abort', () => { aborted = true; });
          }),
      }),
    ).rejects.toMatchObject({ vendorCode: 'timeout', retryable: true });
    expect(aborted).toBe(true);
    expect(lines.at(-1)!.obj).toMatchObject({ outcome: 'timeout' });
  });

  it('opens the vendor’s breaker after consecutive failures, without calling it, and keeps other vendors open', async () => {
    const { lines, log } = recordingLog();
    const callOut = createCallOut({ log, ...quick, maxAttempts: 1, breakerThreshold: 2, halfOpenAfterMs: 60_000 });
    let calls = 0;
    const failing = { vendor: 'down', call: 'q', idempotent: true, run: async () => { calls += 1; throw new OutboundError('HTTP 500', true); } };
    await expect(callOut(failing)).rejects.toThrow();
    await expect(callOut(failing)).rejects.toThrow();
    await expect(callOut(failing)).rejects.toMatchObject({ vendorCode: 'circuit-open' });
    expect(calls).toBe(2);
    expect(lines.at(-1)!.obj).toMatchObject({ vendor: 'down', outcome: 'circuit-open' });
    await expect(callOut({ vendor: 'up', call: 'q', idempotent: true, run: async () => 1 })).resolves.toBe(1);
  });

  it('logs no body: only vendor, call, duration, attempts and outcome', async () => {
    const { lines, log } = recordingLog();
    const callOut = createCallOut({ log, ...quick });
    await callOut({ vendor: 'v', call: 'c', idempotent: false, run: async () => ({ secret: 'apikey', phone: '13800138000' }) });
    expect(Object.keys(lines[0]!.obj).sort()).toEqual(['attempts', 'call', 'ms', 'outcome', 'vendor']);
  });
});

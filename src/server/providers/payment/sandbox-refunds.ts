import { OutboundError } from '../outbound.ts';
import type { RefundOutcome, RefundRequest } from './payment-provider.ts';

/**
 * The refunds of a payment sandbox, as the platforms treat them: a refund is
 * accepted (processing) and has succeeded when it is next asked about; one
 * number is refunded once (sending it again answers its state); an amount
 * above what the trade collected is refused, which is how a test makes a
 * refund refuse. Kept in memory: after a restart the sandbox knows no refund
 * (REFUND_NOT_EXIST, as Alipay answers), and the job sends it again under the
 * same number.
 */
export class SandboxRefundBook {
  private readonly refunds = new Map<string, { tradeNo: string; done: boolean }>();

  /** Refunds received, by number (tests). */
  get size(): number {
    return this.refunds.size;
  }

  refund(request: RefundRequest, refusal: string): RefundOutcome {
    const known = this.refunds.get(request.refundNo);
    if (known) return { state: known.done ? 'succeeded' : 'processing', platformRefundNo: platformNo(request.refundNo) };
    if (request.amountFen <= 0 || request.amountFen > request.totalFen) return { state: 'refused', reason: refusal };
    this.refunds.set(request.refundNo, { tradeNo: request.tradeNo, done: false });
    return { state: 'processing', platformRefundNo: platformNo(request.refundNo) };
  }

  query(request: Pick<RefundRequest, 'tradeNo' | 'refundNo'>): RefundOutcome {
    const known = this.refunds.get(request.refundNo);
    if (!known || known.tradeNo !== request.tradeNo) throw new OutboundError('sandbox has no refund of that number', false, 'REFUND_NOT_EXIST');
    known.done = true;
    return { state: 'succeeded', platformRefundNo: platformNo(request.refundNo) };
  }
}

const platformNo = (refundNo: string) => `SBX${refundNo}`;

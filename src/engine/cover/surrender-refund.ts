import type { ProductManifest } from '../manifest/manifest-types.generated.ts';

const DAY_MS = 86400 * 1000;

export type SurrenderRefundRule = NonNullable<ProductManifest['order']['surrenderRefund']>;

/**
 * The fen given back on a surrender at `at` of cover from `start` to `end`
 * whose premium collected `paidFen` (the manifest's `order.surrenderRefund`):
 * before the start the whole premium (unless `none`); in force, for
 * `unearned`, the share of the whole days still to run, rounded down.
 */
export function surrenderRefundFen(rule: SurrenderRefundRule, cover: { paidFen: number; start: Date; end: Date; at: Date }): number {
  if (rule === 'none' || cover.paidFen <= 0) return 0;
  const at = cover.at.getTime();
  const start = cover.start.getTime();
  const end = cover.end.getTime();
  if (at < start) return cover.paidFen;
  if (rule === 'beforeStart' || at >= end) return 0;
  const daysCovered = Math.max(1, Math.round((end - start) / DAY_MS));
  const daysLeft = Math.min(daysCovered, Math.floor((end - at) / DAY_MS));
  return Math.floor((cover.paidFen * daysLeft) / daysCovered);
}

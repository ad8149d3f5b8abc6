import { yuanText } from '../../../engine/pricing/money.ts';

/** `¥100.00`: yuan with 2 decimals (spec §9). `--` when unknown. */
export function formatYuan(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '¥--';
  return `¥${yuanText(amount)}`;
}

/** `2025-09-01 00:00:00` → `2025-09-01`. */
export function formatDay(dateTime: string | null | undefined): string {
  return dateTime ? dateTime.slice(0, 10) : '';
}

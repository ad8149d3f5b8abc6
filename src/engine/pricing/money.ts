/**
 * Money, in one place: amounts are kept and computed in fen (integers);
 * yuan appear at the edges (the contract's amounts, vendors' strings) and
 * on screen, always with two decimals. A test fails on `toFixed(2)` anywhere
 * else in src/.
 */

/** Yuan → fen, exact for amounts with at most 2 decimals. */
export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** Fen → yuan with 2 decimals. */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** Yuan written with two decimals, as every screen and message shows money: 100 → '100.00'. */
export function yuanText(yuan: number): string {
  return yuan.toFixed(2);
}

/** Whole fen written as yuan with two decimals, exactly (no binary fractions): 10050 → '100.50'. */
export function fenText(fen: number): string {
  const whole = Math.round(fen);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A vendor's yuan string ('100', '100.5', '100.50') as fen; null for anything else. */
export function yuanStringToFen(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

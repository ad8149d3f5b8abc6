/**
 * Sums insured as shown, scaled by the number of copies (spec §9: "amounts
 * scale by count with units 万 and 元/天"). Pure, no React.
 */

/**
 * A leading amount in 万元, 万, 元/天 or 元, optionally followed by a note in
 * brackets: 10万元, 1.5万, 50元/天, 2,000元, 20万元（含猝死）. Anything else
 * (100%, 200元/次, 限额内按比例, 免赔额100元) is not a per-copy amount.
 */
const SCALABLE = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(万元|万|元\/天|元)(\s*[（(][^）)]*[）)])?$/;

/**
 * `showValue` for `count` copies: 10万元 × 2 → 20万元, 50元/天 × 2 → 100元/天.
 * A value that is not a plain amount in 万 or 元 (ratios, per-visit limits,
 * text) is returned as written, as is any value for one copy or an invalid count.
 */
export function scaleShowValue(showValue: string, count: number): string {
  if (!Number.isInteger(count) || count <= 1) return showValue;
  const trimmed = showValue.trim();
  const match = SCALABLE.exec(trimmed);
  if (!match) return showValue;
  const [, whole = '', fraction = '', unit = '', note = ''] = match;
  const amount = Number(`${whole.replace(/,/g, '')}${fraction}`);
  // toPrecision strips binary noise (0.1 × 3 = 0.30000000000000004).
  const scaled = Number((amount * count).toPrecision(12));
  const shown = whole.includes(',') ? scaled.toLocaleString('en-US', { maximumFractionDigits: 6 }) : String(scaled);
  return `${shown}${unit}${note}`;
}

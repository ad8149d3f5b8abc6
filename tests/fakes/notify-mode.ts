/**
 * How a payment fake delivers a notification. `mixed` is what a platform does
 * over a day of trades: each notification is delivered one of the other ways,
 * most at once, some twice, late or out of order, and one in ten never, so
 * that the server's query path is needed (`npm run fakes` runs in it).
 */
export type NotifyMode = 'prompt' | 'late' | 'twice' | 'out-of-order' | 'never' | 'mixed';
export type Delivery = Exclude<NotifyMode, 'mixed'>;

const MIXED: readonly [Delivery, number][] = [
  ['prompt', 0.4],
  ['twice', 0.2],
  ['late', 0.2],
  ['out-of-order', 0.1],
  ['never', 0.1],
];

/** The delivery of one notification under `mode` (`random` in [0, 1) picks a mixed one). */
export function deliveryOf(mode: NotifyMode, random: () => number = Math.random): Delivery {
  if (mode !== 'mixed') return mode;
  let left = random();
  for (const [delivery, share] of MIXED) {
    if (left < share) return delivery;
    left -= share;
  }
  return 'prompt';
}

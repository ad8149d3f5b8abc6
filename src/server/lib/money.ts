/** Fen (integer, as stored) to yuan with 2 decimals (as sent in JSON). */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** Yuan with at most 2 decimals to fen, robust to binary floating point (0.1 + 0.2). */
export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

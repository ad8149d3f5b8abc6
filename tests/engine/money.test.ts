import { describe, expect, it } from 'vitest';
import { fenText, fenToYuan, yuanStringToFen, yuanText, yuanToFen } from '../../src/engine/pricing/money.ts';
import { codeLinesMatching } from './source-lines.ts';

describe('money', () => {
  it('keeps fen, shows yuan with two decimals, and reads vendors’ yuan strings', () => {
    expect(yuanToFen(19.9)).toBe(1990);
    expect(fenToYuan(1990)).toBe(19.9);
    expect(yuanText(100)).toBe('100.00');
    expect([fenText(10050), fenText(5), fenText(0), fenText(-120)]).toEqual(['100.50', '0.05', '0.00', '-1.20']);
    expect([yuanStringToFen('100'), yuanStringToFen('100.5'), yuanStringToFen('0.01'), yuanStringToFen('1e3'), yuanStringToFen('-1')]).toEqual([10000, 10050, 1, null, null]);
  });

  it('no file of src/ but src/engine/pricing/money.ts writes an amount with toFixed(2)', () => {
    // scripts/ print timings and sizes with two decimals too; the app's own amounts are all in src/.
    expect(codeLinesMatching(/\.toFixed\(2\)/, 'src/engine/pricing/money.ts', ['src'])).toEqual([]);
  });

  it('no file of src/ but money.ts converts fen and yuan by hand', () => {
    // An amount in fen divided by 100, or a premium in yuan multiplied by 100.
    expect(codeLinesMatching(/[Ff]en\)?\s*\/\s*100\b|\b(premium|amount|yuan)\s*\*\s*100\b/, 'src/engine/pricing/money.ts', ['src'])).toEqual([]);
  });
});

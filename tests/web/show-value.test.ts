import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaleShowValue } from '../../src/web/features/insure/renderers/detail/show-value.ts';

describe('scaleShowValue (spec §9: amounts scale by count in 万 and 元/天)', () => {
  it('scales amounts in 万元 and 万', () => {
    expect(scaleShowValue('10万元', 2)).toBe('20万元');
    expect(scaleShowValue('1.5万', 3)).toBe('4.5万');
    expect(scaleShowValue('0.5万元', 2)).toBe('1万元');
    expect(scaleShowValue('0.1万元', 3)).toBe('0.3万元');
  });

  it('scales daily allowances in 元/天', () => {
    expect(scaleShowValue('50元/天', 2)).toBe('100元/天');
    expect(scaleShowValue('80元/天', 3)).toBe('240元/天');
  });

  it('scales amounts in 元, keeping thousands separators and a bracketed note', () => {
    expect(scaleShowValue('5000元', 2)).toBe('10000元');
    expect(scaleShowValue('2,000元', 3)).toBe('6,000元');
    expect(scaleShowValue('20万元（含猝死）', 2)).toBe('40万元（含猝死）');
    expect(scaleShowValue(' 10万元 ', 2)).toBe('20万元');
  });

  it('leaves one copy, and invalid counts, as written', () => {
    expect(scaleShowValue('10万元', 1)).toBe('10万元');
    expect(scaleShowValue('10万元', 0)).toBe('10万元');
    expect(scaleShowValue('10万元', 1.5)).toBe('10万元');
    expect(scaleShowValue('10万元', Number.NaN)).toBe('10万元');
  });

  it('leaves values that are not per-copy amounts as written', () => {
    for (const value of ['100%', '200元/次', '免赔额100元', '按比例赔付', '', '10万元/年起', '1-2万元']) {
      expect(scaleShowValue(value, 2)).toBe(value);
    }
  });

  it('multiplies the amount exactly for any count of copies', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.constantFrom('万元', '万', '元/天', '元'), fc.integer({ min: 1, max: 10 }), (amount, unit, count) => {
        expect(scaleShowValue(`${amount}${unit}`, count)).toBe(`${amount * count}${unit}`);
      }),
    );
  });
});

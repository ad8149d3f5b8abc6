// @vitest-environment happy-dom
/**
 * The sale recorder masks at the source: text inside `.rr-mask`
 * is starred whole, ID numbers and phones are masked wherever they appear by
 * the engine's rules (src/engine/rules/masking.ts: the first 3 and last 4
 * characters shown), and the recorder reads the same storage keys as the rest
 * of the app.
 */
import { describe, expect, it } from 'vitest';
import { maskText, MASK_CLASS } from '../../src/web/features/recording/recorder.ts';
import { SAVED_RECORD_KEY, USER_KEY } from '../../src/web/features/recording/keys.ts';
import { STORAGE_KEYS } from '../../src/web/shared/state/storage.ts';

/** The rule of maskIdNumber and maskPhone as their definition states it: the first 3 and the last 4 shown, the rest starred. */
const firstThreeLastFour = (v: string) => `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;

describe('recorded text', () => {
  it('stars every character inside a masked element and keeps the layout', () => {
    const cell = document.createElement('dd');
    cell.className = MASK_CLASS;
    const span = document.createElement('span');
    cell.append(span);
    expect(maskText('张小明 江苏省徐州市', span)).toBe('*** ******');
  });

  it('masks ID numbers and phones anywhere, and leaves order codes and prices alone', () => {
    const p = document.createElement('p');
    const idNumber = '32030219900101123X';
    const phone = '13812345678';
    expect(maskText(`证件号 ${idNumber} 手机 ${phone}`, p)).toBe(`证件号 ${firstThreeLastFour(idNumber)} 手机 ${firstThreeLastFour(phone)}`);
    expect(maskText(`手机:${phone}`, p)).toBe(`手机:${firstThreeLastFour(phone)}`);
    expect(maskText('保费 ¥120.00 订单 O20261125000123', p)).toBe('保费 ¥120.00 订单 O20261125000123');
  });

  it('reads the storage keys of shared/state/storage.ts', () => {
    expect(SAVED_RECORD_KEY).toBe(STORAGE_KEYS.savedRecord);
    expect(USER_KEY).toBe(STORAGE_KEYS.user);
  });
});

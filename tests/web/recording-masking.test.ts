// @vitest-environment happy-dom
/**
 * The sale recorder masks at the source: text inside `.rr-mask`
 * is starred whole, ID numbers and phones are masked wherever they appear,
 * and the recorder reads the same storage keys as the rest of the app.
 */
import { describe, expect, it } from 'vitest';
import { maskText, MASK_CLASS } from '../../src/web/features/recording/recorder.ts';
import { SAVED_RECORD_KEY, USER_KEY } from '../../src/web/features/recording/keys.ts';
import { STORAGE_KEYS } from '../../src/web/shared/state/storage.ts';

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
    expect(maskText('证件号 32030219900101123X 手机 13812345678', p)).toBe('证件号 320302********123X 手机 138****5678');
    expect(maskText('保费 ¥120.00 订单 O20261125000123', p)).toBe('保费 ¥120.00 订单 O20261125000123');
  });

  it('reads the storage keys of shared/state/storage.ts', () => {
    expect(SAVED_RECORD_KEY).toBe(STORAGE_KEYS.savedRecord);
    expect(USER_KEY).toBe(STORAGE_KEYS.user);
  });
});

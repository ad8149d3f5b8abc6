/** Which confirm page a product gets (spec §2): chosen by the manifest, never by product code. */
import { describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { CONFIRM_LAYOUTS, confirmPath, confirmVariant } from '../../../src/web/features/insure/renderers/confirm/variants.ts';
import { guardian, jining, xuzhou } from './fixtures.ts';

function withConfirm(m: ProductManifest, confirm: ProductManifest['confirm']): ProductManifest {
  return { ...m, confirm };
}

describe('confirmPath', () => {
  it('sends each real product to its confirm route with its product code', () => {
    expect(confirmPath(xuzhou)).toBe('/confirmIndexForMulti?productCode=25PR320300');
    expect(confirmPath(jining)).toBe('/confirmIndex?productCode=22PR370800');
    expect(confirmPath(guardian)).toBe('/confirmIndex?productCode=21PR000316');
  });

  it('sends a one-config product to /confirmIndexOneConfig', () => {
    const oneConfig = withConfirm(jining, { variant: 'oneConfig' });
    expect(confirmVariant(oneConfig)).toBe('oneConfig');
    expect(confirmPath(oneConfig)).toBe('/confirmIndexOneConfig?productCode=22PR370800');
  });

  it('treats an unknown or missing variant as the single-plan page', () => {
    const unknown = withConfirm(xuzhou, { variant: 'fancy' as unknown as 'single' });
    expect(confirmVariant(unknown)).toBe('single');
    expect(confirmPath(unknown)).toBe('/confirmIndex?productCode=25PR320300');
    expect(confirmVariant(withConfirm(xuzhou, undefined))).toBe('single');
    expect(confirmVariant(withConfirm(xuzhou, {}))).toBe('single');
    expect(confirmPath(withConfirm(xuzhou, undefined))).toBe('/confirmIndex?productCode=25PR320300');
  });

  it('does not pick the variant from the product code', () => {
    const renamed: ProductManifest = { ...xuzhou, productCode: '21PR000316' };
    expect(confirmPath(renamed)).toBe('/confirmIndexForMulti?productCode=21PR000316');
  });
});

describe('CONFIRM_LAYOUTS', () => {
  it('shows the holder, insureds, wards and the statutory beneficiary in every variant', () => {
    for (const layout of Object.values(CONFIRM_LAYOUTS)) {
      expect(layout).toEqual(expect.arrayContaining(['holder', 'insureds', 'wards', 'beneficiary']));
    }
  });

  it('shows the chosen plan’s guarantee only on the multi-plan page', () => {
    expect(CONFIRM_LAYOUTS.multi).toContain('guarantee');
    expect(CONFIRM_LAYOUTS.single).not.toContain('guarantee');
    expect(CONFIRM_LAYOUTS.oneConfig).not.toContain('guarantee');
  });

  it('shows the cover period and premium: in the cover card, or in the one-config summary', () => {
    expect(CONFIRM_LAYOUTS.single).toContain('cover');
    expect(CONFIRM_LAYOUTS.multi).toContain('cover');
    expect(CONFIRM_LAYOUTS.oneConfig[0]).toBe('summary');
  });
});

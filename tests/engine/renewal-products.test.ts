import { describe, expect, it } from 'vitest';
import { RENEWAL_PRODUCT_CODES } from '../../src/engine/rules/enums.ts';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';

describe('renewal products', () => {
  const store = loadManifestStore('manifests');
  const renewable = store.all.filter((m) => m.renewal === true);

  it('are the 12 nationwide products of spec §2 /insurerenew, the four 去续保 codes among them', () => {
    expect(renewable).toHaveLength(12);
    expect(renewable.every((m) => !m.region || !('cityCode' in m.region))).toBe(true);
    for (const code of RENEWAL_PRODUCT_CODES) expect(store.byProductCode(code)?.renewal, code).toBe(true);
  });

  it('give the Linyi products 7 days to pay', () => {
    const linyi = store.all.filter((m) => m.id.includes('linyi'));
    expect(linyi.map((m) => m.order.paymentTimeoutMinutes)).toEqual([10080, 10080, 10080]);
  });
});

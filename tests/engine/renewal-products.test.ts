import { describe, expect, it } from 'vitest';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';

describe('renewal products', () => {
  const store = loadManifestStore('manifests');
  const renewable = store.all.filter((m) => m.renewal === true);

  it('are the 12 nationwide products of spec §2 /insurerenew, the four 去续保 codes among them', () => {
    expect(renewable).toHaveLength(12);
    expect(renewable.every((m) => !m.region || !('cityCode' in m.region))).toBe(true);
  });

  it('label 去续保 exactly the four renewal products of spec §9 (the manifests are the only source of the label)', () => {
    const goRenew = store.all.filter((m) => m.renewalLabel === '去续保').map((m) => m.productCode);
    expect(goRenew.sort()).toEqual(['19PR352395', '19PR611048', '19PR799624', '19PR855366']);
    expect(store.all.every((m) => m.renewalLabel === '去续保' || m.renewalLabel === '再次购买')).toBe(true);
  });

  it('give the Linyi products 7 days to pay', () => {
    const linyi = store.all.filter((m) => m.id.includes('linyi'));
    expect(linyi.map((m) => m.order.paymentTimeoutMinutes)).toEqual([10080, 10080, 10080]);
  });
});

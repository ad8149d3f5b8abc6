import { describe, expect, it } from 'vitest';
import { landingQuery } from '../../src/web/shared/state/promo-code.ts';
import { detailPathOf, findProductByPath } from '../../src/web/features/catalogue/api/catalogue.ts';
import type { ProductListItem } from '../../src/contract/product.ts';

describe('landingQuery', () => {
  it('reads the hash route query and the page query, the hash winning', () => {
    const q = landingQuery({ search: '?promoCode=PAGE&from=wx', hash: '#/xuzhouStudentSafetyDetails?promoCode=HASH' });
    expect(q.get('promoCode')).toBe('HASH');
    expect(q.get('from')).toBe('wx');
    expect(landingQuery({ search: '', hash: '#/' }).get('promoCode')).toBeNull();
  });
});

describe('catalogue look-ups', () => {
  const item = (productCode: string, path: string): ProductListItem => ({
    productCode,
    path,
    image: '/img/illustrations/student-accident.svg',
    productName: productCode,
    subtitle: '',
    salesArea: '',
    productCategory2: '',
    fromPremium: 1,
    renewalLabel: '再次购买',
  });
  const list = [item('A1', '/shared'), item('B2', '/shared'), item('C3', '/only')];

  it('maps a detail route to its product, a query productCode choosing among products sharing the page', () => {
    expect(findProductByPath(list, '/shared')?.productCode).toBe('A1');
    expect(findProductByPath(list, '/shared', 'B2')?.productCode).toBe('B2');
    expect(findProductByPath(list, '/shared', 'C3')?.productCode).toBe('A1');
    expect(findProductByPath(list, '/unknown')).toBeUndefined();
  });

  it('finds the detail route of a product code', () => {
    expect(detailPathOf(list, 'C3')).toBe('/only');
    expect(detailPathOf(list, 'Z9')).toBeUndefined();
  });
});

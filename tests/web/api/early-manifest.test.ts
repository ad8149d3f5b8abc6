import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/web/shared/api/client.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';

/** attr/{code}/edu answered by the test: a manifest for a known code, 4004 (no such product) for 'gone'. */
const asked: string[] = [];
const manifestOf = (productCode: string) => ({ productCode, productName: `产品${productCode}`, status: 'online' }) as unknown as ProductManifest;
vi.mock('../../../src/web/shared/api/product-api.ts', () => ({
  productApi: {
    productManifest: (productCode: string) => {
      asked.push(productCode);
      return productCode === 'gone' ? Promise.reject(new ApiError('4004', '商品不存在或已下架')) : Promise.resolve(manifestOf(productCode));
    },
    productList: () => Promise.resolve({ list: [] }),
  },
}));

const { adoptProductManifest, earlyManifest, sendProductManifest } = await import('../../../src/web/shared/api/early-queries.ts');

beforeEach(() => {
  asked.length = 0;
});

describe('earlyManifest: a detail page\'s manifest before the query library, handed to its cache', () => {
  it('is one query per product, fetched once; a product that does not exist is null (not an error)', async () => {
    expect(earlyManifest('P1')).toBe(earlyManifest('P1'));
    const [first, second] = await Promise.all([earlyManifest('P1').load(), sendProductManifest('P1')]);
    expect(first).toEqual(manifestOf('P1'));
    expect(second).toBe(first);
    expect(asked).toEqual(['P1']);

    expect(await earlyManifest('gone').load()).toBeNull();
  });

  it('takes the answer of a detail route\'s look-up instead of asking again', async () => {
    const looked = manifestOf('P2');
    adoptProductManifest('P2', Promise.resolve(looked));
    expect(await earlyManifest('P2').load()).toBe(looked);
    expect(asked).toEqual([]);
  });

  it('goes into the query cache when the query module loads, and a look-up\'s answer after that goes there too', async () => {
    await earlyManifest('P3').load();
    const { queryClient, queries } = await import('../../../src/web/shared/api/query-module.ts');
    expect(queryClient.getQueryData(queries.productManifest('P3').queryKey)).toEqual(manifestOf('P3'));
    expect(await queryClient.ensureQueryData(queries.productManifest('P3'))).toEqual(manifestOf('P3'));
    expect(asked).toEqual(['P3']);

    const looked = manifestOf('P4');
    adoptProductManifest('P4', Promise.resolve(looked));
    await vi.waitFor(() => expect(queryClient.getQueryData(queries.productManifest('P4').queryKey)).toBe(looked));
    expect(await earlyManifest('P4').load()).toBe(looked);
    expect(asked).toEqual(['P3']);
  });
});

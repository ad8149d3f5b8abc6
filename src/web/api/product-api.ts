import { productCalls } from '../../contract/product.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { call, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/**
 * The two calls every first page needs (home's list, a detail page's
 * manifest), in a module of their own: the home route loads these
 * declarations and no other group's (the size budget of the home route).
 */
export const productApi = {
  productList: (o?: Silent) => call(productCalls.productList, { body: {} }, { thing: '产品列表', ...o }),
  productManifest: (productCode: string, o?: Silent): Promise<ProductManifest> =>
    call(productCalls.productAttr, { params: { code: productCode } }, { thing: '产品详情', ...o }),
};

import { ErrorCode } from '../../contract/envelope.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { productCalls } from '../../contract/product-calls.ts';
import { ApiError, call } from '../shared/api/client.ts';
import { adoptProductManifest } from '../shared/api/early-queries.ts';
import type { CatchAllData } from './route-gates.ts';

/**
 * A detail route opened by its link, with no product list at hand (docs/performance.md
 * "A detail page opened by its link"): one call resolves the path and brings its product's manifest (the document-start script
 * has usually sent it already: the client takes that request). Loaded only then (the document preloads it
 * on such a path), so the home route does not carry it. The manifest is the screen's
 * (`adoptProductManifest`); `onManifest` sees it first (the banner's preload).
 */
export function lookUpDetailRoute(path: string, onManifest: (manifest: ProductManifest) => void): Promise<CatchAllData> {
  const request = call(productCalls.productAttrByRoute, { query: { path } }, { thing: '产品详情', silent: true });
  return request.then(
    (manifest): CatchAllData => {
      adoptProductManifest(manifest.productCode, request);
      onManifest(manifest);
      return { kind: 'product', productCode: manifest.productCode };
    },
    (error: unknown): CatchAllData =>
      isNotFound(error) ? { kind: 'notFound' } : { kind: 'error', message: error instanceof Error ? error.message : String(error) },
  );
}

/** 4004 (no product on sale has this route) or an HTTP 404: the not-found screen, not an error to retry. */
const isNotFound = (error: unknown) => error instanceof ApiError && (error.code === ErrorCode.NotFound || error.code === 'HTTP_404');

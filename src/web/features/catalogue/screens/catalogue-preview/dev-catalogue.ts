import { GW } from '../../../../../contract/define-call.ts';
import { SUCCESS, type ApiEnvelope } from '../../../../../contract/envelope.ts';
import type { DevCatalogue, DevCatalogueEntry } from '../../../../../contract/product.ts';
import { ROUTES, withQuery } from '../../../../app/paths.ts';
import { productCalls } from '../../../../../contract/product-calls.ts';

/**
 * GET /_gw/__dev/catalogue, fetched directly rather than through the API
 * client: when development endpoints are off the route does not exist, and
 * the client's HTTP 404 handling would clear the user's storage (spec §8).
 * @returns null when the server has no development endpoints
 */
export async function fetchDevCatalogue(): Promise<DevCatalogue | null> {
  const response = await fetch(GW + productCalls.devCatalogue.path, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (response.status === 404) return null;
  const envelope = (await response.json()) as ApiEnvelope<DevCatalogue>;
  if (envelope.code !== SUCCESS || !envelope.data) throw new Error(envelope.msg || '获取产品目录失败');
  return envelope.data;
}

const CONFIRM_ROUTE_OF: Readonly<Record<string, string>> = {
  single: ROUTES.confirmIndex,
  multi: ROUTES.confirmIndexForMulti,
  oneConfig: ROUTES.confirmIndexOneConfig,
};

export interface PreviewLink {
  label: string;
  to: string;
}

/** Where a manifest renders: each detail route, the configurable page, insure and its confirm variant. */
export function previewLinks(entry: DevCatalogueEntry): PreviewLink[] {
  const productCode = entry.productCode;
  return [
    ...entry.routes.map((route) => ({ label: route, to: route })),
    { label: '通用详情页', to: withQuery(ROUTES.newProductDetail, { productCode }) },
    ...entry.aliasCodes.map((alias) => ({ label: `别名 ${alias}`, to: withQuery(ROUTES.newProductDetail, { productCode: alias }) })),
    { label: '投保页', to: withQuery(ROUTES.insure, { productCode }) },
    { label: '确认页', to: withQuery(CONFIRM_ROUTE_OF[entry.confirmVariant] ?? ROUTES.confirmIndex, { productCode }) },
  ];
}

import type { MarketDetail, MarketSummary } from '../../contract/market.ts';
import type { MarketManifest } from '../../engine/markets/market-types.generated.ts';
import { marketBannerOf } from '../../engine/manifest/visual-identity.ts';
import { regionFullName } from '../../engine/regions/region-table.ts';
import { isOnline } from '../catalogue/manifest-fields.ts';
import type { ManifestStore } from '../catalogue/manifest-store.ts';
import { toProductListItem } from '../catalogue/product-views.ts';
import { insurerGroup } from './rich-files.ts';

export function toMarketSummary(m: MarketManifest): MarketSummary {
  return {
    id: m.id,
    name: m.name,
    subtitle: m.subtitle ?? '',
    status: m.status,
    online: m.status === 'online',
    areas: [...m.areas],
    areaNames: m.areas.map((a) => regionFullName(a) ?? a),
    homeRoute: m.homeRoute,
    image: marketBannerOf(m),
  };
}

/** A market with its products on sale (an alias code shows its manifest once, under the manifest's own code). */
export function toMarketDetail(m: MarketManifest, products: ManifestStore): MarketDetail {
  const seen = new Set<string>();
  const list: MarketDetail['products'] = [];
  for (const code of m.products) {
    const manifest = products.byProductCode(code);
    if (!manifest || !isOnline(manifest) || seen.has(manifest.productCode)) continue;
    seen.add(manifest.productCode);
    list.push({ ...toProductListItem(manifest), insurers: [...new Set(manifest.insurers.map((i) => insurerGroup(i.name)))] });
  }
  return {
    ...toMarketSummary(m),
    notice: m.notice ?? '',
    contact: m.contact ? { name: m.contact.name, phone: m.contact.phone, hours: m.contact.hours ?? '' } : null,
    products: list,
    insurers: [...new Set(list.flatMap((p) => p.insurers))],
  };
}

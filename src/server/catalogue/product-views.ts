import type { ProductDisplay, ProductListItem } from '../../contract/product.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { fenToYuan, lowestPremiumFen } from '../../engine/pricing/premium.ts';
import { bannerImageOf } from '../../engine/manifest/visual-identity.ts';
import { renewalLabelOf } from './manifest-fields.ts';

/** Lowest one-copy premium over the plans (the ¥…起 of cards): a table's lowest cell, else every factor at its default. */
export function fromPremium(manifest: ProductManifest): number {
  const premiums = manifest.plans.map((plan) => lowestPremiumFen(manifest, plan.code) ?? Number.POSITIVE_INFINITY);
  return fenToYuan(Math.min(...premiums));
}

export function toProductListItem(manifest: ProductManifest): ProductListItem {
  return {
    productCode: manifest.productCode,
    productName: manifest.productName,
    path: manifest.routes[0],
    subtitle: manifest.detail.banner.subtitle,
    image: bannerImageOf(manifest),
    salesArea: manifest.detail.salesArea,
    productCategory2: manifest.category.productCategory2,
    fromPremium: fromPremium(manifest),
    renewalLabel: renewalLabelOf(manifest),
    ...(manifest.noticeRoute ? { noticeRoute: manifest.noticeRoute } : {}),
  };
}

/** True when `category` names any of the three category levels of the product. */
export function inCategory(manifest: ProductManifest, category: string | undefined): boolean {
  if (!category) return true;
  return categoriesOfProduct(manifest).includes(category);
}

/** The three category levels a product is listed under. */
export function categoriesOfProduct(manifest: ProductManifest): string[] {
  const { productCategory1, productCategory2, productCategory3 } = manifest.category;
  return [productCategory1, productCategory2, productCategory3];
}

/**
 * Product display (spec §3): each plan as a `program` item with its duties,
 * heaviest first; each pricing factor as a `factor` item whose list holds the
 * options (code = value sent in factorInfos, limitName = label).
 */
export function toProductDisplay(manifest: ProductManifest): ProductDisplay {
  const programs = manifest.plans.map((plan) => {
    const [mainRisk] = plan.risks;
    const duties = plan.risks.flatMap((risk) => risk.duties).sort((a, b) => b.weight - a.weight);
    return {
      prodType: 'program' as const,
      code: plan.code,
      name: plan.name,
      riskCode: mainRisk.riskCode,
      riskName: mainRisk.riskName,
      list: duties.map((d) => ({ code: d.code, limitName: d.limitName, showValue: d.showValue })),
    };
  });
  const factors = manifest.pricing.factors.map((factor) => ({
    prodType: 'factor' as const,
    code: factor.code,
    name: factor.name,
    riskCode: '',
    riskName: '',
    list: factor.options.map((o) => ({ code: o.value, limitName: o.label, showValue: o.label })),
  }));
  return {
    productCode: manifest.productCode,
    productName: manifest.productName,
    projectCode: manifest.projectCode,
    projectName: manifest.projectName,
    list: [...programs, ...factors],
  };
}

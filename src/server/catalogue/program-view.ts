import type { ProgramDisplay } from '../../contract/product.ts';
import type { Duty, ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { computePremium } from '../../engine/pricing/premium.ts';

const byWeight = (a: Duty, b: Duty) => b.weight - a.weight;
const dutyItem = (d: Duty) => ({ code: d.code, limitName: d.limitName, showValue: d.showValue, weight: d.weight });

/**
 * The plan combination of POST program_display (spec §3): every plan as a
 * program item with its risks and duties and its one-copy premium at the
 * default factors, and the pricing factors with their options. The store's
 * manifests already hold a plan builder's built plans.
 */
export function toProgramDisplay(manifest: ProductManifest): ProgramDisplay {
  const project = {
    productCode: manifest.productCode,
    productName: manifest.productName,
    projectCode: manifest.projectCode,
    projectName: manifest.projectName,
  };
  const list = manifest.plans.map((plan) => {
    const [mainRisk] = plan.risks;
    const priced = computePremium(manifest, { planCode: plan.code });
    return {
      prodType: 'program' as const,
      code: plan.code,
      name: plan.name,
      ...project,
      risk: plan.risks.map((risk) => ({
        riskCode: risk.riskCode,
        riskName: risk.riskName,
        list: [...risk.duties].sort(byWeight).map(dutyItem),
      })),
      riskCode: mainRisk.riskCode,
      riskName: mainRisk.riskName,
      list: plan.risks
        .flatMap((risk) => risk.duties)
        .sort(byWeight)
        .map(dutyItem),
      totalPremium: priced.ok ? priced.totalPremium : plan.premium,
    };
  });
  const factors = manifest.pricing.factors.map((factor) => ({
    prodType: 'factor' as const,
    code: factor.code,
    name: factor.name,
    default: factor.default,
    list: factor.options.map((o) => ({ code: o.value, name: o.label })),
  }));
  return { ...project, name: manifest.productName, list, factors };
}

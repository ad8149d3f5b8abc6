import type { ProductDetail } from '../../contract/product.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { ageText } from '../../engine/insure/age-text.ts';
import { guaranteeYearsOf } from '../../engine/pricing/premium.ts';
import { renewalLabelOf, statusOf } from './manifest-fields.ts';

/**
 * The detail attributes of spec §3 ("Product detail attributes") of a
 * manifest, as GET productdetailsvc answers them. `askedCode` is the code the
 * client asked for (own or alias); newProductCode is the manifest's.
 */
export function toProductDetail(manifest: ProductManifest, askedCode: string): ProductDetail {
  const { detail, insure, order, flags } = manifest;
  return {
    productCode: askedCode,
    newProductCode: manifest.productCode,
    productName: manifest.productName,
    status: statusOf(manifest),
    renewalLabel: renewalLabelOf(manifest),
    banner: { ...detail.banner },
    ...(detail.titlePage ? { titlePage: { ...detail.titlePage } } : {}),
    features: detail.features.map((f) => ({ title: f.title, text: f.text })),
    onlineService: detail.onlineService ?? '',
    faq: detail.faq.map((f) => ({ q: f.q, a: f.a })),
    claimProcess: detail.claimProcess.map((c) => ({ title: c.title, text: c.text })),
    insuranceNotice: [...detail.notice],
    guaranteeDetails: manifest.plans.map((plan) => ({
      planCode: plan.code,
      planName: plan.name,
      list: plan.risks
        .flatMap((risk) => risk.duties)
        .sort((a, b) => b.weight - a.weight)
        .map((d) => ({ limitName: d.limitName, showValue: d.showValue, weight: d.weight })),
    })),
    cooperationAuthorisation: detail.cooperationAuthorisation ?? '',
    ageLimit: ageText(manifest),
    salesArea: detail.salesArea,
    insurancePeriod: detail.insurancePeriod,
    securityObject: detail.securityObject,
    configurable: flags?.configurable ?? false,
    internetExclusive: flags?.internetExclusive ?? false,
    customSchoolMode: insure.customSchoolMode ?? '',
    // Spec §9: default guarantee years range [1].
    guaranteeYears: [...guaranteeYearsOf(manifest)],
    Isshoufei: order.feeCollection,
    fixedAgent: order.fixedAgent ? { agentCode: order.fixedAgent.agentCode, agentName: order.fixedAgent.agentName } : null,
    pageTemplate: manifest.pageTemplate ?? 'standard',
  };
}

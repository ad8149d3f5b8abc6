import type { HolderInput, InsuredInput, OrderDetail, PolicyListItem } from '../../contract/order.ts';
import { POLICY_STATUS_NAMES } from '../../contract/policy-status.ts';
import { fenToYuan } from '../../engine/pricing/premium.ts';
import { maskIdNumber, maskName } from '../../engine/rules/index.ts';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import type { ManifestStore } from '../catalogue/manifest-store.ts';
import { renewalLabelOf } from '../catalogue/manifest-fields.ts';
import type { FormView } from './orders-repo.ts';
import type { StoredPerson } from './stored-person.ts';

/** One row of the policy list; names and document numbers leave the server masked. */
export function toPolicyListItem(view: FormView, manifests: ManifestStore): PolicyListItem {
  const holder = view.holder as StoredPerson<HolderInput>;
  const [insured] = view.insureds as StoredPerson<InsuredInput>[];
  return {
    orderCode: view.orderCode,
    applicationFormCode: view.applicationFormCode,
    policyNo: view.policyNo,
    productCode: view.productCode,
    productName: view.productName,
    planName: view.planName,
    holderName: maskName(holder.name),
    insuredName: insured ? maskName(insured.name) : '',
    insuredIdNo: insured ? maskIdNumber(insured.licenceNo) : '',
    premium: fenToYuan(view.premiumFen),
    startDate: formatShanghai(view.startDate),
    endDate: formatShanghai(view.endDate),
    status: view.status,
    statusName: POLICY_STATUS_NAMES[view.status],
    renewalLabel: renewalLabelOf(manifests.byProductCode(view.productCode)),
    createdAt: formatShanghai(view.createdAt),
  };
}

export function toOrderDetail(view: FormView): OrderDetail {
  return {
    orderCode: view.orderCode,
    applicationFormCode: view.applicationFormCode,
    productCode: view.productCode,
    productName: view.productName,
    planName: view.planName,
    amount: fenToYuan(view.orderAmountFen),
    status: view.status,
    policyNo: view.policyNo,
    paidAt: view.paidAt ? formatShanghai(view.paidAt) : null,
  };
}

import { POLICY_STATUS_NAMES } from '../../contract/policy-status.ts';
import type { PromoterCustomer, PromoterRenewal, PromoterSale, RewardEntry, RewardStatus } from '../../contract/promoter-area.ts';
import { fenToYuan } from '../../engine/pricing/premium.ts';
import { maskName, maskPhone } from '../../engine/rules/index.ts';
import { renewalLabelOf } from '../catalogue/manifest-fields.ts';
import type { ManifestStore } from '../catalogue/manifest-store.ts';
import { shanghaiDayNumber } from './achievement-periods.ts';
import type { CustomerRow, RewardRow, SaleRow } from './promoter-area-repo.ts';

const REWARD_STATUS_NAMES: Readonly<Record<RewardStatus, string>> = {
  pending: '待确认',
  confirmed: '已确认',
  paid: '已发放',
  clawedBack: '已追回',
};

/** Every name, phone and ID number leaves masked (engine masking rules). */
export function toSale(row: SaleRow): PromoterSale {
  const names = JSON.parse(row.insuredNames) as string[];
  return {
    orderCode: row.orderCode,
    applicationFormCode: row.applicationFormCode,
    policyNo: row.policyNo,
    productCode: row.productCode,
    productName: row.productName,
    planName: row.planName,
    premium: fenToYuan(row.premiumFen),
    status: row.status,
    statusName: POLICY_STATUS_NAMES[row.status],
    startDate: row.startDate,
    endDate: row.endDate,
    createdAt: row.createdAt,
    customerId: row.customerId,
    holderName: maskName(row.holderName),
    insuredNames: names.map(maskName),
  };
}

export function toCustomer(row: CustomerRow): PromoterCustomer {
  const phone = maskPhone(row.phone);
  return {
    customerId: row.customerId,
    name: row.actualName ? maskName(row.actualName) : phone,
    phone,
    since: row.since,
    source: row.source,
    policyCount: row.policyCount,
    liveCount: row.liveCount,
    lastOrderAt: row.lastOrderAt,
  };
}

export function toRenewal(row: SaleRow, now: Date, manifests: ManifestStore): PromoterRenewal {
  const manifest = manifests.byProductCode(row.productCode);
  return {
    ...toSale(row),
    renewalLabel: renewalLabelOf(manifest),
    detailRoute: manifest?.routes[0] ?? '',
    daysLeft: shanghaiDayNumber(new Date(row.endEpoch * 1000)) - shanghaiDayNumber(now),
    remindedAt: row.remindedAt,
  };
}

export function toReward(row: RewardRow): RewardEntry {
  return {
    id: row.applicationFormCode,
    applicationFormCode: row.applicationFormCode,
    productName: row.productName,
    holderName: maskName(row.holderName),
    premium: fenToYuan(row.premiumFen),
    rate: row.rateBp / 10_000,
    amount: fenToYuan(row.amountFen),
    status: row.status,
    statusName: REWARD_STATUS_NAMES[row.status],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

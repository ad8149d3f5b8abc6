import type { TObject } from '@sinclair/typebox';
import { HolderInput, InsuredInput, WardInput } from '../../contract/order.ts';
import { allowedEvents } from '../../contract/policy-lifecycle.ts';
import type { AppDetail, InsuredExtend, LiabilityDetail, OrderCharge, RefundView, RenewalForm, TempFormItem } from '../../contract/policy.ts';
import { POLICY_STATUS_NAMES } from '../../contract/policy-status.ts';
import { paymentStartNote } from '../../engine/cover/cover-period.ts';
import { fenToYuan } from '../../engine/pricing/premium.ts';
import type { ManifestStore } from '../catalogue/manifest-store.ts';
import { renewalLabelOf } from '../catalogue/manifest-fields.ts';
import { maskIdNumber, maskName, maskPhone, maskSchool } from '../../engine/rules/index.ts';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import type { DraftRow } from './drafts-repo.ts';
import type { FormView } from './orders-repo.ts';
import { renewalTimesOf, type StoredRenewal } from './renewal.ts';
import type { StoredPerson } from './stored-person.ts';

const fmt = (d: Date | null) => (d ? formatShanghai(d) : null);

function maskedPerson(p: StoredPerson<HolderInput | InsuredInput>) {
  return {
    name: maskName(p.name),
    licenceType: p.licenceType,
    licenceNo: maskIdNumber(p.licenceNo),
    phone: p.phone ? maskPhone(p.phone) : '',
    sex: p.sex ?? '',
    birthday: p.birthday ?? '',
  };
}

/** What a pay button needs: payable while unpaid and before the deadline. */
export function toOrderCharge(view: FormView, now: Date): OrderCharge {
  const deadline = view.payDeadline;
  const remainingMs = view.status === 'toBePaid' && deadline ? Math.max(0, deadline.getTime() - now.getTime()) : 0;
  return {
    orderCode: view.orderCode,
    applicationFormCode: view.applicationFormCode,
    productCode: view.productCode,
    amount: fenToYuan(view.orderAmountFen),
    status: view.status,
    statusName: POLICY_STATUS_NAMES[view.status],
    payDeadline: fmt(deadline),
    remainingSeconds: Math.floor(remainingMs / 1000),
    payable: view.status === 'toBePaid' && (!deadline || remainingMs > 0),
    paidAt: fmt(view.paidAt),
  };
}

export function toAppDetail(
  view: FormView,
  history: { event: string; fromStatus: string; toStatus: string; at: Date }[],
  manifests: ManifestStore,
  refunds: readonly { status: RefundView['status']; amountFen: number; paidAt: Date | null }[],
): AppDetail {
  const renewal = view.renewal as StoredRenewal | null;
  return {
    orderCode: view.orderCode,
    applicationFormCode: view.applicationFormCode,
    policyNo: view.policyNo,
    productCode: view.productCode,
    productName: view.productName,
    planCode: view.planCode,
    planName: view.planName,
    copies: view.copies,
    premium: fenToYuan(view.premiumFen),
    startDate: formatShanghai(view.startDate),
    endDate: formatShanghai(view.endDate),
    coverStartNote: view.coverTerms && !view.paidAt ? paymentStartNote(view.coverTerms) : null,
    status: view.status,
    statusName: POLICY_STATUS_NAMES[view.status],
    actions: allowedEvents(view.status).filter((e) => e === 'cancel' || e === 'surrender'),
    payDeadline: view.status === 'toBePaid' ? fmt(view.payDeadline) : null,
    paidAt: fmt(view.paidAt),
    issuedAt: fmt(view.issuedAt),
    createdAt: formatShanghai(view.createdAt),
    isRenewal: renewal ? 'Y' : 'N',
    renewalTimes: renewalTimesOf(renewal),
    renewalLastPolicyNo: renewal?.renewalLastPolicyNo ?? null,
    renewalLabel: renewalLabelOf(manifests.byProductCode(view.productCode)),
    holder: maskedPerson(view.holder as StoredPerson<HolderInput>),
    insureds: (view.insureds as StoredPerson<InsuredInput>[]).map((p) => ({ ...maskedPerson(p), relaToHolder: p.relaToHolder })),
    beneficiary: '法定受益人',
    history: history.map((h) => ({
      event: h.event,
      from: h.fromStatus as AppDetail['status'],
      to: h.toStatus as AppDetail['status'],
      at: formatShanghai(h.at),
    })),
    refunds: refunds.map((r) => ({ status: r.status, amount: fenToYuan(r.amountFen), refundedAt: r.status === 'succeeded' ? fmt(r.paidAt) : null })),
  };
}

/** A policy's liabilities (责任): its plan's duties as the product manifest lists them, none when the plan is gone. */
export function toLiabilityDetail(view: FormView, policyNo: string, manifests: ManifestStore): LiabilityDetail {
  const manifest = manifests.byProductCode(view.productCode);
  const plan = manifest?.plans.find((p) => p.code === view.planCode);
  return {
    policyNo,
    productName: view.productName,
    planName: view.planName,
    startDate: formatShanghai(view.startDate),
    endDate: formatShanghai(view.endDate),
    liabilities: (plan?.risks ?? []).flatMap((risk) =>
      risk.duties.map((duty) => ({ riskName: risk.riskName, name: duty.limitName, amount: duty.showValue })),
    ),
  };
}

export function toInsuredExtend(view: FormView): InsuredExtend {
  return {
    list: (view.insureds as StoredPerson<InsuredInput>[]).map((p) => ({
      name: maskName(p.name),
      licenceNo: maskIdNumber(p.licenceNo),
      relaToHolder: p.relaToHolder,
      schoolName: p.schoolName ? maskSchool(p.schoolName) : '',
      schoolKind: p.schoolKind ?? '',
      grade: p.grade ?? '',
      classAndGrade: p.classAndGrade ?? '',
      collegeName: p.collegeName ?? '',
      socialMedicalInsurance: p.socialMedicalInsurance ?? '',
    })),
  };
}

export function toTempFormItem(row: DraftRow, withForm: boolean): TempFormItem {
  const form = row.form as TempFormItem['form'];
  return {
    tempSerialNo: row.serial,
    productCode: row.productCode,
    productName: row.productName,
    insuredNames: (form?.insureds ?? []).map((p) => (p.name ? maskName(p.name) : '')).filter(Boolean),
    updatedAt: formatShanghai(row.updatedAt),
    ...(withForm && form ? { form } : {}),
  };
}

/** The string fields of a stored person that its draft shape declares (the stored form also holds derived values). */
function draftFields(stored: unknown, shape: TObject): Record<string, string> {
  const person = (stored ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const key of Object.keys(shape.properties)) {
    const value = person[key];
    if (typeof value === 'string' && value !== '') fields[key] = value;
  }
  return fields;
}

/** What a renewal of `view` starts from: what was bought and who was on it, as the insure form's draft. */
export function toRenewalForm(view: FormView): RenewalForm {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  return {
    productCode: view.productCode,
    planCode: view.planCode,
    copies: view.copies,
    factors: Object.fromEntries(Object.entries((view.factors ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string')),
    form: {
      policyHolder: draftFields(view.holder, HolderInput),
      insureds: list(view.insureds).map((p) => draftFields(p, InsuredInput)),
      wards: list(view.wards).map((p) => draftFields(p, WardInput)),
    },
  };
}

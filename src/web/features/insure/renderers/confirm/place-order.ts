/**
 * Placing the order from the confirm page (spec §4 "Confirm and order flow",
 * steps 2-4). The calls are injected, so the flow reads as the spec does and
 * does not depend on React.
 */
import type {
  ApplicationFormInput,
  RepeatInsuranceBody,
  SavePayOutBody,
  SubmitOrderBody,
  SubmitOrderResult,
} from '../../../../../contract/order.ts';
import type { ApplicationData } from '../../../../../engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { CHANNEL_NO } from '../../../../../engine/rules/enums.ts';
import { ORDER_CONSTANTS } from '../../../../../contract/order-constants.ts';
import { personFacts, type PersonDocument } from '../../../../../engine/rules/person.ts';
import { provinceName } from '../../../../../engine/rules/regions.ts';
import { ApiError } from '../../../../shared/api/client.ts';
import { paths } from '../../../../app/paths.ts';
import { yuanText } from '../../../../../engine/pricing/money.ts';

/** Spec §8: the order was refused and the server said nothing better. */
export const MSG_ORDER_FAILED = '投保失败未生成订单,请稍后重试!';
/** Spec §8 toasts. */
export const MSG_SUBMITTING = '正在投保，请耐心等待';
export const MSG_ORDER_CREATED = '投保信息填写成功，请及时支付';
/** Spec §8: the duplicate-insurance alert. */
export function duplicateMessage(name: string): string {
  return `被保险人：${name} 已投保该产品，请您到个人中心查看是否有未支付、待起保或保障中的投保单。`;
}

export interface PlaceOrderDeps {
  repeatInsurance: (body: RepeatInsuranceBody) => Promise<{ repeat: boolean } | null>;
  /** The idempotentSerialNo for this body: the stored one when the same body is retried, else a new one. */
  serialFor: (fingerprint: string) => Promise<string>;
  resubToken: () => Promise<string>;
  submitOrder: (body: SubmitOrderBody, resubToken: string) => Promise<SubmitOrderResult | null>;
  savePayOut: (body: SavePayOutBody) => Promise<unknown>;
  /** Called right before the order is submitted (the 正在投保 toast). */
  onSubmitting?: () => void;
}

export type PlaceOrderOutcome =
  | { kind: 'duplicate'; name: string }
  | { kind: 'created'; orderCode: string; applicationFormCode: string; amount: number }
  | { kind: 'failed'; message: string };

export interface OrderInput {
  manifest: ProductManifest;
  application: ApplicationData;
  /** Cover start, 'YYYY-MM-DD 00:00:00'. */
  startDate: string;
  promoCode: string;
  /** What the page showed; the server recomputes it and ignores this. */
  premium: number | null;
  /** Cover end as the page showed it (the server recomputes it). */
  endDate?: string;
  /** The logged-in user (spec §3 User): branch, sales channel and the holder code. */
  user?: OrderUser | null;
  /** Stored renewal data (spec §4 Renewal), when the parent came to renew. */
  renewal?: StoredRenewal | null;
  /** The draft serial when the form was resumed from a draft (暂存). */
  tempSerialNo?: string;
  /** What the page concluded from the health notice answers (the server recomputes it and ignores this). */
  healthOutcome?: 'continue' | 'refuse' | 'manual' | null;
  /** When the page was confirmed (ages and birthdays); now by default. */
  now?: Date;
}

export interface OrderUser {
  userCode: string;
  branchCode: string;
  branchName: string;
  schanelCode: string;
}

/** What the renewal flow stores before sending the parent to insure again. */
export interface StoredRenewal {
  /** How many times the policy was renewed before (absent: never). */
  renewalTimes?: number | string | null;
  /** The policy being renewed. */
  policyNo?: string | null;
  renewalLastPolicyNo?: string | null;
}

/** Spec §4 Renewal: stored data make isRenewal Y, renewalTimes the prior times + 1 (1 when none), with the last policy number. */
export function renewalTerms(renewal: StoredRenewal | null | undefined): Pick<ApplicationFormInput, 'isRenewal' | 'renewalTimes' | 'renewalLastPolicyNo'> {
  if (!renewal) return { isRenewal: 'N' };
  const prior = Number(renewal.renewalTimes);
  const lastPolicyNo = renewal.renewalLastPolicyNo ?? renewal.policyNo ?? '';
  return {
    isRenewal: 'Y',
    renewalTimes: Number.isInteger(prior) && prior >= 0 ? prior + 1 : 1,
    ...(lastPolicyNo ? { renewalLastPolicyNo: lastPolicyNo } : {}),
  };
}

/**
 * Sex and birthday: from a mainland ID number under any document type (spec
 * §5), else the ones the form asked for; nothing when unknown.
 */
function identity(person: PersonDocument, now: Date): { sex?: '0' | '1'; birthday?: string } {
  const { sex, birthday } = personFacts(person, now);
  return { ...(sex !== null ? { sex } : {}), ...(birthday !== null ? { birthday } : {}) };
}

/**
 * The whole application form of spec §3 as the order contract takes it:
 * product, plan, factors, holder and insureds (with sex, birthday, holder
 * type 01 and beneficiary option 01), region, project, branch (the user's, or
 * the product's default), channel, renewal fields, insurers, risks, agents
 * (the product's fixed agent), the plan on order, and the constants of §9.
 * The server recomputes premium and dates, settles the branch from the
 * manifest, and decides agents and channel itself from the promo code and the
 * buyer's manager (docs/promoters.md): the agents and schanelCode sent here
 * are ignored. The rest is stored as sent.
 */
export function applicationForm(input: OrderInput): ApplicationFormInput {
  const { manifest, application, promoCode, premium, startDate, user } = input;
  const now = input.now ?? new Date();
  const plan = manifest.plans.find((p) => p.code === application.planCode);
  const copies = application.copies ?? 1;
  const region = manifest.region;
  const fixedAgent = manifest.order.fixedAgent;
  const branchCode = user?.branchCode || manifest.order.defaultBranch;
  const branchName = user?.branchCode ? user.branchName : undefined;
  const form: ApplicationFormInput = {
    productCode: manifest.productCode,
    planCode: application.planCode,
    copies,
    factors: { ...application.factors },
    // Only products that let the parent choose carry it; the server recomputes premium and cover from it.
    ...(application.insureYear !== undefined ? { insureYear: application.insureYear } : {}),
    policyHolder: {
      ...application.policyHolder,
      ...identity(application.policyHolder, now),
      type: ORDER_CONSTANTS.holderType,
      ...(user?.userCode ? { holderCode: user.userCode } : {}),
    },
    insureds: application.insureds.map((insured) => ({
      ...insured,
      ...identity(insured, now),
      bnfyOption: ORDER_CONSTANTS.beneficiaryOption,
      ...(application.insureYear !== undefined ? { insureYear: application.insureYear } : {}),
    })),
    applicationType: ORDER_CONSTANTS.applicationType,
    startDate,
    ...(input.endDate ? { endDate: input.endDate } : {}),
    ...(region
      ? {
          provinceCode: region.provinceCode,
          ...(provinceName(region.provinceCode) ? { provinceName: provinceName(region.provinceCode) } : {}),
          ...(region.cityCode ? { cityCode: region.cityCode } : {}),
        }
      : {}),
    projectCode: manifest.projectCode,
    projectName: manifest.projectName,
    productName: manifest.productName,
    branchCode,
    ...(branchName ? { branchName } : {}),
    channelType: ORDER_CONSTANTS.channelType,
    channalCode: CHANNEL_NO,
    productType: ORDER_CONSTANTS.productType,
    policyKind: ORDER_CONSTANTS.policyKind,
    ...renewalTerms(input.renewal),
    ...(input.tempSerialNo ? { tempSerialNo: input.tempSerialNo } : {}),
    term: String(application.insureYear ?? 1),
    insuranceCompanies: manifest.insurers.map((i) => ({ name: i.name, partyRole: i.partyRole })),
    ...(user?.schanelCode ? { schanelCode: user.schanelCode } : {}),
    risk: (plan?.risks ?? []).map((r) => ({ riskCode: r.riskCode, riskName: r.riskName })),
    agents: fixedAgent
      ? [{ agentCode: fixedAgent.agentCode, agentName: fixedAgent.agentName, branchCode, portion: ORDER_CONSTANTS.agentPortion }]
      : [],
    plan: plan ? [{ code: plan.code, quantity: copies, name: plan.name, ...(premium !== null ? { prem: premium } : {}) }] : [],
  };
  if (application.wards) form.wards = application.wards;
  // The answers of the questions shown, and what the page concluded (the server decides the outcome again).
  if (manifest.healthNotice && application.healthAnswers) {
    form.healthAnswers = { ...application.healthAnswers };
    if (input.healthOutcome) form.healthOutcome = input.healthOutcome;
  }
  if (promoCode) form.promoCode = promoCode;
  if (premium !== null) form.totalPremium = premium;
  return form;
}

/**
 * Spec §4: (2) the repeat-insurance check of every insured, unless the
 * product skips it; (3) a serial and an anti-resubmit token, then the order.
 * On success the pay-out record is saved (its failure does not undo the
 * order). Failures of the check, serial and token calls reject (the API
 * client has toasted them); a refused order resolves as `failed` with the
 * server's message or 投保失败未生成订单,请稍后重试!.
 */
export async function placeOrder(input: OrderInput, deps: PlaceOrderDeps): Promise<PlaceOrderOutcome> {
  const { manifest, application, startDate } = input;
  const form = applicationForm(input);
  // The serial comes first: the repeat check is bound to it and to the form it will order (docs/security.md).
  const serial = await deps.serialFor(JSON.stringify(form));
  if (!manifest.order.skipRepeatCheck) {
    for (const insured of application.insureds) {
      const result = await deps.repeatInsurance({
        cardId: insured.licenceNo,
        cardType: insured.licenceType,
        productCode: manifest.productCode,
        channelCode: CHANNEL_NO,
        startDate: startDate.slice(0, 10),
        idempotentSerialNo: serial,
        applicationForm: form,
      });
      if (result?.repeat) return { kind: 'duplicate', name: insured.name };
    }
  }
  const token = await deps.resubToken();
  deps.onSubmitting?.();
  let result: SubmitOrderResult | null;
  try {
    result = await deps.submitOrder(
      { source: ORDER_CONSTANTS.source, entryType: ORDER_CONSTANTS.entryType, idempotentSerialNo: serial, applicationForms: [form] },
      token,
    );
  } catch (error) {
    return { kind: 'failed', message: orderFailureMessage(error) };
  }
  const order = result?.body.order;
  const applicationFormCode = result?.body.applicationForms[0]?.information.applicationFormCode;
  if (!order || !applicationFormCode) return { kind: 'failed', message: MSG_ORDER_FAILED };
  await deps
    .savePayOut({
      applicationFormCode,
      productCode: manifest.productCode,
      startTime: startDate,
      ...(input.user?.userCode ? { holderCode: input.user.userCode } : {}),
      isRenewal: form.isRenewal ?? 'N',
    })
    .catch(() => undefined);
  return { kind: 'created', orderCode: order.code, applicationFormCode, amount: order.amount };
}

/** The server's message for a refused order (a business code), else the spec's default. */
export function orderFailureMessage(error: unknown): string {
  if (error instanceof ApiError && /^\d+$/.test(error.code) && error.message && !error.message.startsWith('Failed to get')) {
    return error.message;
  }
  return MSG_ORDER_FAILED;
}

/** Spec §4.4: not fee-collected → /paySuccess; otherwise the payoff page. */
export function paymentPath(manifest: ProductManifest, order: { orderCode: string; applicationFormCode: string; amount: number }): string {
  const { orderCode, applicationFormCode } = order;
  const productCode = manifest.productCode;
  if (manifest.order.feeCollection === 'N') return paths.paySuccess({ orderCode, productCode, applicationFormCode });
  return paths.payoff({ orderCode, applicationFormCode, productCode, amount: yuanText(order.amount) });
}

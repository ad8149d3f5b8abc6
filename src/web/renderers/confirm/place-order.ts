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
} from '../../../contract/order.ts';
import type { ApplicationData } from '../../../engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { CHANNEL_NO } from '../../../engine/rules/enums.ts';
import { ApiError } from '../../api/client.ts';
import { paths } from '../../app/paths.ts';

/** Spec §8: the order was refused and the server said nothing better. */
export const MSG_ORDER_FAILED = '投保失败未生成订单,请稍后重试!';
/** Spec §8 toasts. */
export const MSG_SUBMITTING = '正在投保，请耐心等待';
export const MSG_ORDER_CREATED = '投保信息填写成功，请及时支付';
/** Spec §9: order source and entry type. */
const ORDER_SOURCE = '01';
const ENTRY_TYPE = '00';

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
}

/** The application form as the order contract takes it. */
export function applicationForm({ manifest, application, promoCode, premium }: OrderInput): ApplicationFormInput {
  const form: ApplicationFormInput = {
    productCode: manifest.productCode,
    planCode: application.planCode,
    copies: application.copies ?? 1,
    factors: { ...application.factors },
    // Only products that let the parent choose carry it; the server recomputes premium and cover from it.
    ...(application.insureYear !== undefined ? { insureYear: application.insureYear } : {}),
    policyHolder: application.policyHolder,
    insureds: application.insureds,
  };
  if (application.wards) form.wards = application.wards;
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
  if (!manifest.order.skipRepeatCheck) {
    for (const insured of application.insureds) {
      const result = await deps.repeatInsurance({
        cardId: insured.licenceNo,
        cardType: insured.licenceType,
        productCode: manifest.productCode,
        channelCode: CHANNEL_NO,
        startDate: startDate.slice(0, 10),
      });
      if (result?.repeat) return { kind: 'duplicate', name: insured.name };
    }
  }
  const form = applicationForm(input);
  const serial = await deps.serialFor(JSON.stringify(form));
  const token = await deps.resubToken();
  deps.onSubmitting?.();
  let result: SubmitOrderResult | null;
  try {
    result = await deps.submitOrder(
      { source: ORDER_SOURCE, entryType: ENTRY_TYPE, idempotentSerialNo: serial, applicationForms: [form] },
      token,
    );
  } catch (error) {
    return { kind: 'failed', message: orderFailureMessage(error) };
  }
  const order = result?.body.order;
  const applicationFormCode = result?.body.applicationForms[0]?.information.applicationFormCode;
  if (!order || !applicationFormCode) return { kind: 'failed', message: MSG_ORDER_FAILED };
  await deps
    .savePayOut({ applicationFormCode, productCode: manifest.productCode, startTime: startDate, isRenewal: 'N' })
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
  return paths.payoff({ orderCode, applicationFormCode, productCode, amount: order.amount.toFixed(2) });
}

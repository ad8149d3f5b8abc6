/**
 * Calls of the policy pages, the lifecycle, renewal and drafts (spec §7
 * "Orders, policies and payment"). Every property that names an order,
 * application, policy or draft of a user carries `x-owned`: the server
 * checks it belongs to the caller, and the generated ownership matrix test
 * (tests/server/ownership-matrix.test.ts) finds every such call by it.
 */

import * as Type from '@sinclair/typebox';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { HealthAnswers, HolderInput, InsuredInput, PolicyList, PolicyListBody, PolicyListItem, PolicyStatus, ResubHeaders, WardInput } from './order.ts';
import { ProductCode } from './common.ts';
import { defineCall } from './define-call.ts';

/** Kinds of user-owned ids. */
export type OwnedKind = 'order' | 'application' | 'policy' | 'draft' | 'payOut' | 'serial' | 'user' | 'contract' | 'recording' | 'person' | 'claim';

/** Marks a property as an id owned by a user (the `x-owned` annotation). */
/* @__NO_SIDE_EFFECTS__ */
export function Owned<T extends TSchema>(kind: OwnedKind, schema: T): T {
  return { ...schema, 'x-owned': kind } as T;
}
export const OWNED_KEYWORD = 'x-owned';

const Code = /* @__NO_SIDE_EFFECTS__ */ (kind: OwnedKind) => Owned(kind, Type.String({ minLength: 1, maxLength: 40 }));

/** Body of the calls addressed by an order (cancelOrder, deleteOrder, searchOrderCharge). */
export const OwnedOrderCodeBody = Type.Object({ orderCode: Code('order') }, { additionalProperties: false });
export type OwnedOrderCodeBody = Static<typeof OwnedOrderCodeBody>;

/**
 * Our application form codes: AF, the Beijing date and ten digits. The e-policy's address names its form
 * by one (the insurer's policy numbers have no shape of ours), and the PDF viewer matches it.
 */
export const APPLICATION_FORM_CODE_PATTERN = '^AF[0-9]{8,30}$';
export const EPolicyParams = Type.Object(
  { applicationFormCode: Owned('application', Type.String({ pattern: APPLICATION_FORM_CODE_PATTERN, maxLength: 40 })) },
  { additionalProperties: false },
);
const Pdf = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

/** Body of the calls addressed by an application form (searchAppDetailPro, insured_extend). */
export const ApplicationCodeBody = Type.Object({ applicationFormCode: Code('application') }, { additionalProperties: false });
export type ApplicationCodeBody = Static<typeof ApplicationCodeBody>;

/** GET pol-svc/liabilitySvc/v1/queryLiabilityPolDetail?policyNo */
export const PolicyNoQuery = Type.Object({ policyNo: Code('policy') }, { additionalProperties: false });
export type PolicyNoQuery = Static<typeof PolicyNoQuery>;

/** POST ins-order/order/searchOrderCharge: what is (still) to pay and until when. */
export const OrderCharge = Type.Object({
  orderCode: Type.String(),
  applicationFormCode: Type.String(),
  productCode: Type.String(),
  amount: Type.Number({ description: 'yuan' }),
  status: PolicyStatus,
  statusName: Type.String(),
  /** 'YYYY-MM-DD HH:mm:ss' (Beijing) after which the order can no longer be paid; null when it never waits for a payment. */
  payDeadline: Type.Union([Type.String(), Type.Null()]),
  /** Seconds left to pay (0 when not payable). */
  remainingSeconds: Type.Integer({ minimum: 0 }),
  payable: Type.Boolean(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
});
export type OrderCharge = Static<typeof OrderCharge>;

/** One status change of a policy (the lifecycle's log). */
export const StatusChange = Type.Object({
  event: Type.String(),
  from: PolicyStatus,
  to: PolicyStatus,
  at: Type.String(),
});

const MaskedPerson = {
  name: Type.String({ description: 'masked' }),
  licenceType: Type.String(),
  licenceNo: Type.String({ description: 'masked' }),
  phone: Type.String({ description: 'masked' }),
  sex: Type.String(),
  birthday: Type.String(),
};

/** POST ins-svc/api/v2/applicationforms/searchAppDetailPro: one application form, personal data masked. */
/** A refund of the order's money as the parent sees it: 退款中 (pending, processing), 已退款 (succeeded), 退款失败 (failed). */
export const RefundView = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('processing'), Type.Literal('succeeded'), Type.Literal('failed')]),
  amount: Type.Number({ description: 'yuan' }),
  /** When the channel paid it back (Beijing time), once succeeded. */
  refundedAt: Type.Union([Type.String(), Type.Null()]),
});
export type RefundView = Static<typeof RefundView>;

export const AppDetail = Type.Object({
  orderCode: Type.String(),
  applicationFormCode: Type.String(),
  policyNo: Type.Union([Type.String(), Type.Null()]),
  productCode: Type.String(),
  productName: Type.String(),
  planCode: Type.String(),
  planName: Type.String(),
  copies: Type.Integer(),
  premium: Type.Number({ description: 'yuan' }),
  startDate: Type.String(),
  endDate: Type.String(),
  /** Instead of the dates while the payment has not fixed them (a start counted from the payment day): 支付成功次日零时起保. */
  coverStartNote: Type.Union([Type.String(), Type.Null()]),
  status: PolicyStatus,
  statusName: Type.String(),
  /** Events the lifecycle allows now (the detail page's buttons: cancel, surrender…). */
  actions: Type.Array(Type.String()),
  payDeadline: Type.Union([Type.String(), Type.Null()]),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  issuedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  isRenewal: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  renewalTimes: Type.Integer(),
  renewalLastPolicyNo: Type.Union([Type.String(), Type.Null()]),
  renewalLabel: Type.String(),
  holder: Type.Object(MaskedPerson),
  insureds: Type.Array(Type.Object({ ...MaskedPerson, relaToHolder: Type.String() })),
  beneficiary: Type.String(),
  history: Type.Array(StatusChange),
  /** Money of the order being given back (a payment after close, a second payment, a policy not issued), oldest first. */
  refunds: Type.Array(RefundView),
});
export type AppDetail = Static<typeof AppDetail>;

/** POST ins-svc/applicationforms/v2/insured_extend: the school data of each insured, masked. */
export const InsuredExtend = Type.Object({
  list: Type.Array(
    Type.Object({
      name: Type.String({ description: 'masked' }),
      licenceNo: Type.String({ description: 'masked' }),
      relaToHolder: Type.String(),
      schoolName: Type.String({ description: 'masked' }),
      schoolKind: Type.String(),
      grade: Type.String(),
      classAndGrade: Type.String(),
      collegeName: Type.String(),
      socialMedicalInsurance: Type.String(),
    }),
  ),
});
export type InsuredExtend = Static<typeof InsuredExtend>;

/** GET pol-svc/liabilitySvc/v1/queryLiabilityPolDetail: the liabilities (duties) of a policy. */
export const LiabilityDetail = Type.Object({
  policyNo: Type.String(),
  productName: Type.String(),
  planName: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  liabilities: Type.Array(Type.Object({ riskName: Type.String(), name: Type.String(), amount: Type.String() })),
});
export type LiabilityDetail = Static<typeof LiabilityDetail>;

/** POST pol-svc/endorsement/v2/submitEndors (header X-RESUB-TOKEN): an endorsement; surrender is the one offered. */
export const SubmitEndorsBody = Type.Object(
  {
    policyNo: Code('policy'),
    endorType: Type.Literal('surrender', { description: '退保' }),
    reason: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type SubmitEndorsBody = Static<typeof SubmitEndorsBody>;
export const EndorsResult = Type.Object({ policyNo: Type.String(), status: PolicyStatus, statusName: Type.String() });
export type EndorsResult = Static<typeof EndorsResult>;

/** POST pol-svc/api/v1/insurer/notify/:provider: the insurer's callback (the body verbatim, signed). */
export const InsurerNotifyParams = Type.Object({ provider: Type.String({ pattern: '^[a-z]{2,16}$' }) }, { additionalProperties: false });
/** What the callback is answered: SUCCESS (200), or an error code with 4xx (final) or 503 (the insurer delivers again). */
export const InsurerNotifyAnswer = Type.Object({ code: Type.String(), message: Type.String() });

/** GET edu-svc/countAppNumByStatus: the caller's applications per status (tab counts of /policyList). */
export const StatusCounts = Type.Object({
  total: Type.Integer(),
  list: Type.Array(Type.Object({ status: PolicyStatus, statusName: Type.String(), num: Type.Integer() })),
});
export type StatusCounts = Static<typeof StatusCounts>;

/** GET edu-svc/risk/time/getStartTime?productCode[&insureYear] */
export const StartTimeQuery = Type.Object(
  { productCode: ProductCode, insureYear: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })) },
  { additionalProperties: false },
);
export const StartTime = Type.Object({ startTime: Type.String(), endTime: Type.String() });
export type StartTime = Static<typeof StartTime>;
/** GET edu-svc/common/nextHourTime and remote/ins/getCurrentTime: Beijing wall time and epoch ms. */
export const ServerTime = Type.Object({ time: Type.String(), timestamp: Type.Integer() });
export type ServerTime = Static<typeof ServerTime>;

/** POST edu-svc/policy/v1/selectRenewalList */
export const RenewalListBody = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 15 })),
    productCode: Type.Optional(ProductCode),
  },
  { additionalProperties: false },
);
export type RenewalListBody = Static<typeof RenewalListBody>;
export const RenewalItem = Type.Object({
  ...PolicyListItem.properties,
  /** The policy's own renewal count: a renewal of it will carry renewalTimes + 1. */
  renewalTimes: Type.Integer(),
  /** The product's detail route (the renewal button opens it). */
  detailRoute: Type.String(),
});
export type RenewalItem = Static<typeof RenewalItem>;
export const RenewalList = Type.Object({ list: Type.Array(RenewalItem), total: Type.Integer() });
export type RenewalList = Static<typeof RenewalList>;

/** GET edu-svc/policy/v1/renewalProducts (public): the renewal products and their labels (/insurerenew). */
export const RenewalProducts = Type.Object({
  list: Type.Array(
    Type.Object({
      productCode: Type.String(),
      productName: Type.String(),
      renewalLabel: Type.String(),
      detailRoute: Type.String(),
      insurancePeriod: Type.String(),
    }),
  ),
});
export type RenewalProducts = Static<typeof RenewalProducts>;

/**
 * A person of a draft: the keys of the order's person, each an optional
 * string of bounded length. A draft keeps what was typed so far, so a
 * half-typed phone or ID number is fine here; the order checks them.
 */
function draftPerson<T extends TObject>(person: T) {
  const keys = Object.keys(person.properties) as (keyof Static<T> & string)[];
  const properties = Object.fromEntries(keys.map((key) => [key, Type.Optional(Type.String({ maxLength: 80 }))]));
  return Type.Unsafe<Partial<Static<T>>>(Type.Object(properties, { additionalProperties: false }));
}

/** The insure form in progress, as a draft keeps it (the web app's InsureDraft, every field optional). */
export const DraftForm = Type.Object(
  {
    policyHolder: draftPerson(HolderInput),
    insureds: Type.Array(draftPerson(InsuredInput), { maxItems: 10 }),
    wards: Type.Optional(Type.Array(draftPerson(WardInput), { maxItems: 5 })),
    /** The health notice answered so far: resuming the draft on another device keeps them (the order checks them again). */
    healthAnswers: Type.Optional(HealthAnswers),
  },
  { additionalProperties: false },
);
export type DraftForm = Static<typeof DraftForm>;

/** POST ins-order/order/saveTempForm/v2: a new draft, or an update of the caller's draft `tempSerialNo`. */
export const SaveTempFormBody = Type.Object(
  {
    tempSerialNo: Type.Optional(Code('draft')),
    productCode: ProductCode,
    form: DraftForm,
  },
  { additionalProperties: false },
);
export type SaveTempFormBody = Static<typeof SaveTempFormBody>;
export const SavedTempForm = Type.Object({ tempSerialNo: Type.String(), updatedAt: Type.String() });

/** POST ins-order/order/selectTempForm: the caller's drafts (one with its form when tempSerialNo is given). */
export const SelectTempFormBody = Type.Object(
  { tempSerialNo: Type.Optional(Code('draft')), productCode: Type.Optional(ProductCode) },
  { additionalProperties: false },
);
export type SelectTempFormBody = Static<typeof SelectTempFormBody>;
export const TempFormItem = Type.Object({
  tempSerialNo: Type.String(),
  productCode: Type.String(),
  productName: Type.String(),
  /** Masked names of the insureds filled in so far (the list shows whose draft it is). */
  insuredNames: Type.Array(Type.String()),
  updatedAt: Type.String(),
  /** Only when asked for one draft by tempSerialNo: the form to resume, unmasked (it is the caller's own input). */
  form: Type.Optional(DraftForm),
});
export type TempFormItem = Static<typeof TempFormItem>;
export const TempFormList = Type.Object({ list: Type.Array(TempFormItem) });
export type TempFormList = Static<typeof TempFormList>;

/** POST ins-order/order/deleteTempForm/{serial} */
export const TempSerialParams = Type.Object({ serial: Code('draft') }, { additionalProperties: false });

/** POST ins-order/order/cancelOrder: the order's status after the cancellation. */
export const CancelResult = Type.Object({ orderCode: Type.String(), status: PolicyStatus, statusName: Type.String() });
export type CancelResult = Static<typeof CancelResult>;

/**
 * POST edu-svc/policy/v1/renewalForm: what a renewal of one of the caller's
 * policies starts from — the plan, copies and factors bought, and the holder,
 * insureds and wards as a draft form, unmasked (the caller's own input, to
 * prefill the insure form: 续保信息自动带出).
 */
export const RenewalForm = Type.Object({
  productCode: Type.String(),
  planCode: Type.String(),
  copies: Type.Integer(),
  factors: Type.Record(Type.String(), Type.String()),
  form: DraftForm,
});
export type RenewalForm = Static<typeof RenewalForm>;

/** The calls of the policy pages, the lifecycle, renewal, drafts and server time (spec §7). */
export const policyCalls = {
  countAppNumByStatus: defineCall({
    method: 'GET',
    path: '/edu-svc/countAppNumByStatus',
    summary: 'The caller’s applications per status (the tab counts of /policyList)',
    auth: 'user',
    data: StatusCounts,
  }),
  searchWxbAppList: defineCall({
    method: 'POST',
    path: '/edu-svc/remote/ins/searchWxbAppList',
    summary: 'One page of the caller’s applications (not yet issued), optionally of one status',
    auth: 'user',
    body: PolicyListBody,
    data: PolicyList,
  }),
  searchOrderCharge: defineCall({
    method: 'POST',
    path: '/ins-order/order/searchOrderCharge',
    summary: 'What an order of the caller still has to pay, and until when',
    auth: 'user',
    body: OwnedOrderCodeBody,
    data: OrderCharge,
  }),
  cancelOrder: defineCall({
    method: 'POST',
    path: '/ins-order/order/cancelOrder',
    summary: 'Cancels an unpaid order of the caller',
    auth: 'user',
    body: OwnedOrderCodeBody,
    data: CancelResult,
  }),
  deleteOrder: defineCall({
    method: 'POST',
    path: '/ins-order/order/deleteOrder',
    summary: 'Hides a cancelled or timed-out order of the caller',
    auth: 'user',
    body: OwnedOrderCodeBody,
    data: Type.Null(),
  }),
  searchAppDetailPro: defineCall({
    method: 'POST',
    path: '/ins-svc/api/v2/applicationforms/searchAppDetailPro',
    summary: 'One application form of the caller, personal data masked, with its allowed actions and history',
    auth: 'user',
    body: ApplicationCodeBody,
    data: AppDetail,
  }),
  insuredExtend: defineCall({
    method: 'POST',
    path: '/ins-svc/applicationforms/v2/insured_extend',
    summary: 'The school data of each insured of an application form, masked',
    auth: 'user',
    body: ApplicationCodeBody,
    data: InsuredExtend,
  }),
  liabilityPolDetail: defineCall({
    method: 'GET',
    path: '/pol-svc/liabilitySvc/v1/queryLiabilityPolDetail',
    summary: 'The liabilities (duties) of a policy of the caller',
    auth: 'user',
    query: PolicyNoQuery,
    data: LiabilityDetail,
  }),
  ePolicy: defineCall({
    method: 'GET',
    path: '/pol-svc/api/v1/e-policy/:applicationFormCode',
    summary: 'The e-policy PDF of an issued policy (the insurer’s when its gateway supplies one, else drawn from the manifest and the order); its holder, the sale’s promoter or compliance staff',
    auth: 'user',
    params: EPolicyParams,
    data: Type.Null(),
    raw: { 'application/pdf': Pdf },
  }),
  submitEndors: defineCall({
    method: 'POST',
    path: '/pol-svc/endorsement/v2/submitEndors',
    summary: 'Surrenders a policy of the caller once its insurer agrees (撤销 before the start date, 退保 after; header X-RESUB-TOKEN)',
    auth: 'user',
    headers: ResubHeaders,
    body: SubmitEndorsBody,
    data: EndorsResult,
  }),
  insurerNotify: defineCall({
    method: 'POST',
    path: '/pol-svc/api/v1/insurer/notify/:provider',
    summary: 'The insurer’s signed callback of a delayed issuance (docs/insurer-gateway.md), applied once',
    auth: 'server',
    params: InsurerNotifyParams,
    data: Type.Null(),
    raw: { 'application/json': InsurerNotifyAnswer },
  }),
  getStartTime: defineCall({
    method: 'GET',
    path: '/edu-svc/risk/time/getStartTime',
    summary: 'The cover period a product would have if bought now (Beijing time)',
    auth: 'public',
    query: StartTimeQuery,
    data: StartTime,
  }),
  nextHourTime: defineCall({
    method: 'GET',
    path: '/edu-svc/common/nextHourTime',
    summary: 'The next full hour, Beijing time',
    auth: 'public',
    data: ServerTime,
  }),
  getCurrentTime: defineCall({
    method: 'GET',
    path: '/edu-svc/remote/ins/getCurrentTime',
    summary: 'The server time, Beijing time',
    auth: 'public',
    data: ServerTime,
  }),
  devInsurerFail: defineCall({
    method: 'POST',
    path: '/__dev/insurer/fail',
    summary: 'Development only: the sandbox insurer refuses one application of the caller (出单失败)',
    auth: 'dev',
    tag: '__dev',
    body: ApplicationCodeBody,
    data: Type.Null(),
  }),
  renewalProducts: defineCall({
    method: 'GET',
    path: '/edu-svc/policy/v1/renewalProducts',
    summary: 'The renewal products with their labels (/insurerenew)',
    auth: 'public',
    data: RenewalProducts,
  }),
  selectRenewalList: defineCall({
    method: 'POST',
    path: '/edu-svc/policy/v1/selectRenewalList',
    summary: 'One page of the caller’s issued policies of renewal products',
    auth: 'user',
    body: RenewalListBody,
    data: RenewalList,
  }),
  renewalForm: defineCall({
    method: 'POST',
    path: '/edu-svc/policy/v1/renewalForm',
    summary: 'What a renewal of a policy of the caller starts from: plan, copies, factors and the people, unmasked',
    auth: 'user',
    body: ApplicationCodeBody,
    data: RenewalForm,
  }),
  saveTempForm: defineCall({
    method: 'POST',
    path: '/ins-order/order/saveTempForm/v2',
    summary: 'Saves the insure form in progress as a draft (new, or an update of the caller’s draft)',
    auth: 'user',
    body: SaveTempFormBody,
    data: SavedTempForm,
  }),
  selectTempForm: defineCall({
    method: 'POST',
    path: '/ins-order/order/selectTempForm',
    summary: 'The caller’s drafts, or one of them with its form',
    auth: 'user',
    body: SelectTempFormBody,
    data: TempFormList,
  }),
  deleteTempForm: defineCall({
    method: 'POST',
    path: '/ins-order/order/deleteTempForm/:serial',
    summary: 'Deletes a draft of the caller',
    auth: 'user',
    params: TempSerialParams,
    data: Type.Null(),
  }),
};

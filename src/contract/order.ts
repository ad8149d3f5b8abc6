import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { DateString, PhoneNum, ProductCode, YesNo } from './common.ts';
import { ORDER_CONSTANTS } from './order-constants.ts';
import { defineCall } from './define-call.ts';

const Str = /* @__NO_SIDE_EFFECTS__ */ (max: number) => Type.String({ maxLength: max });

/** GET idg-svc/api/v1/idg3: a serial number, later the idempotentSerialNo of the order. */
export const Serial = Type.String();
/** GET idg-svc/api/v1/resub_token: anti-resubmit token, sent back as header X-RESUB-TOKEN. */
export const ResubToken = Type.String();

export const RepeatInsuranceResult = Type.Object({ repeat: Type.Boolean() });

/**
 * Policy holder as the client sends it. Sex and birthday are derived from a
 * mainland ID number (under any document type); for other documents they are
 * required (one person, one identity).
 */
/**
 * The health notice (健康告知) answers, question id → answer (Y/N, an option value, a YYYY-MM-DD day or a
 * text), for the questions shown; only for a product whose manifest has a healthNotice. The server checks
 * them against the manifest and decides the outcome itself.
 */
export const HealthAnswers = Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]{0,39}$' }), Type.String({ minLength: 1, maxLength: 200 }), {
  maxProperties: 30,
  additionalProperties: false,
  description: 'The health notice (健康告知) answers, question id → answer (Y/N, an option value, a YYYY-MM-DD day or a text), for the questions shown.',
});

export const HolderInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 40 }),
    licenceType: Str(4),
    licenceNo: Type.String({ minLength: 1, maxLength: 32 }),
    phone: PhoneNum,
    email: Type.Optional(Str(80)),
    // --- payments: the rest of spec §3 policyHolder (derived or settled by the server; sent for completeness)
    birthday: Type.Optional(DateString),
    sex: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    holderCode: Type.Optional(Str(40)),
    /** Spec §9: holder type 01. */
    type: Type.Optional(Type.Literal(ORDER_CONSTANTS.holderType)),
    location: Type.Optional(Str(120)),
    provinceCode: Type.Optional(Str(6)),
    cityCode: Type.Optional(Str(6)),
  },
  { additionalProperties: false },
);
export type HolderInput = Static<typeof HolderInput>;

/** One insured person (spec §3 Insured). */
export const InsuredInput = Type.Object(
  {
    relaToHolder: Str(2),
    isHolder: Type.Optional(YesNo),
    name: Type.String({ minLength: 1, maxLength: 40 }),
    licenceType: Str(4),
    licenceNo: Type.String({ minLength: 1, maxLength: 32 }),
    phone: Type.Optional(Str(11)),
    /** Asked when the manifest lists 'email' in insure.insured.fields (e.g. the adult serious-illness product). */
    email: Type.Optional(Str(80)),
    schoolName: Type.Optional(Str(60)),
    schoolKind: Type.Optional(Str(10)),
    schoolNature: Type.Optional(Str(10)),
    collegeName: Type.Optional(Str(60)),
    grade: Type.Optional(Str(20)),
    classAndGrade: Type.Optional(Str(20)),
    provinceCode: Type.Optional(Str(6)),
    cityCode: Type.Optional(Str(6)),
    countyCode: Type.Optional(Str(6)),
    socialMedicalInsurance: Type.Optional(YesNo),
    // --- payments: the rest of spec §3 Insured
    birthday: Type.Optional(DateString),
    sex: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    /** Spec §9: beneficiary option 01 (statutory). */
    bnfyOption: Type.Optional(Type.Literal(ORDER_CONSTANTS.beneficiaryOption)),
    type: Type.Optional(Str(4)),
    insureYear: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
  },
  { additionalProperties: false },
);
export type InsuredInput = Static<typeof InsuredInput>;

/** Guardian template: the child under guardianship. */
export const WardInput = Type.Object(
  {
    relaToHolder: Str(2),
    name: Type.String({ minLength: 1, maxLength: 40 }),
    licenceType: Str(4),
    licenceNo: Type.String({ minLength: 1, maxLength: 32 }),
    /** Required for a document without a mainland ID number (derived from one otherwise), as for the holder and insureds. */
    birthday: Type.Optional(DateString),
    sex: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    phone: Type.Optional(Str(11)),
  },
  { additionalProperties: false },
);
export type WardInput = Static<typeof WardInput>;

// --- payments: spec §3 Agent, Plan (on order), insurer and risk items of the application form
/** Spec §3 Agent; portion is always 1 (§9). */
export const AgentInput = Type.Object(
  {
    agentCode: Type.String({ minLength: 1, maxLength: 40 }),
    agentName: Str(40),
    branchCode: Type.Optional(Str(20)),
    branchName: Type.Optional(Str(60)),
    departCode: Type.Optional(Str(40)),
    departName: Type.Optional(Str(60)),
    portion: Type.Optional(Type.Literal(ORDER_CONSTANTS.agentPortion)),
    channelCode: Type.Optional(Str(16)),
    channelName: Type.Optional(Str(40)),
  },
  { additionalProperties: false },
);
export type AgentInput = Static<typeof AgentInput>;
/** Spec §3 Plan (on order). */
export const OrderPlanInput = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 40 }),
    quantity: Type.Integer({ minimum: 1, maximum: 10 }),
    reducePrem: Type.Optional(Type.Number()),
    name: Type.Optional(Str(60)),
    prem: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export const OrderRiskInput = Type.Object(
  { riskCode: Type.String({ minLength: 1, maxLength: 20 }), riskName: Type.Optional(Str(60)) },
  { additionalProperties: false },
);
export const InsuranceCompanyInput = Type.Object(
  { name: Str(80), partyRole: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })), insuringAreaCode: Type.Optional(Str(6)) },
  { additionalProperties: false },
);
/**
 * The spec §3 application-form fields beyond what pricing needs: dates,
 * region, project, branch, channel, renewal flags, agents, plan, risks and
 * the constants of §9 (literal types: any other value is refused). The
 * server settles the authoritative values from the manifest (dates, branch,
 * fixed agent, insurers) and keeps the rest in `form_terms`.
 */
const ApplicationFormTerms = {
  /** Spec §9: applicationType 00. */
  applicationType: Type.Optional(Type.Literal(ORDER_CONSTANTS.applicationType)),
  startDate: Type.Optional(Str(19)),
  endDate: Type.Optional(Str(19)),
  provinceName: Type.Optional(Str(20)),
  provinceCode: Type.Optional(Str(6)),
  cityName: Type.Optional(Str(20)),
  cityCode: Type.Optional(Str(6)),
  countyName: Type.Optional(Str(20)),
  countyCode: Type.Optional(Str(6)),
  projectName: Type.Optional(Str(60)),
  projectCode: Type.Optional(Str(40)),
  productName: Type.Optional(Str(60)),
  branchName: Type.Optional(Str(60)),
  branchCode: Type.Optional(Str(20)),
  /** Spec §9: channelType 02. */
  channelType: Type.Optional(Type.Literal(ORDER_CONSTANTS.channelType)),
  /** The spec's spelling. */
  channalCode: Type.Optional(Str(16)),
  /** Spec §9: productType 00. */
  productType: Type.Optional(Type.Literal(ORDER_CONSTANTS.productType)),
  isRenewal: Type.Optional(YesNo),
  renewalTimes: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  renewalLastPolicyNo: Type.Optional(Str(40)),
  /** Spec §9: policyKind 00. */
  policyKind: Type.Optional(Type.Literal(ORDER_CONSTANTS.policyKind)),
  originalStatus: Type.Optional(Str(8)),
  /** The caller's draft (暂存) this form was resumed from: deleted with the order's creation (spec §4). */
  tempSerialNo: Type.Optional(Str(64)),
  term: Type.Optional(Str(16)),
  insuranceCompanies: Type.Optional(Type.Array(InsuranceCompanyInput, { maxItems: 5 })),
  schanelCode: Type.Optional(Str(8)),
  risk: Type.Optional(Type.Array(OrderRiskInput, { maxItems: 20 })),
  agents: Type.Optional(Type.Array(AgentInput, { maxItems: 5 })),
  plan: Type.Optional(Type.Array(OrderPlanInput, { maxItems: 10 })),
};

/**
 * One application form as the client sends it. Premium, cover dates (from
 * `insureYear` and the manifest), branch,
 * agents and every constant of spec §9 are filled in by the server from the
 * manifest; `totalPremium` is what the client displayed and is ignored.
 */
export const ApplicationFormInput = Type.Object(
  {
    productCode: ProductCode,
    planCode: Type.String({ minLength: 1, maxLength: 40 }),
    copies: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    factors: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 40 }))),
    insureYear: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 30,
        description: 'Guarantee years (spec §3 Insured.insureYear), one of the product guaranteeYears; the first allowed value when absent. Premium and cover end follow it.',
      }),
    ),
    policyHolder: HolderInput,
    insureds: Type.Array(InsuredInput, { minItems: 1, maxItems: 10 }),
    wards: Type.Optional(Type.Array(WardInput, { maxItems: 5 })),
    promoCode: Type.Optional(Str(32)),
    renewal: Type.Optional(
      Type.Object(
        { renewalTimes: Type.Integer({ minimum: 0, maximum: 99 }), renewalLastPolicyNo: Str(40) },
        { additionalProperties: false },
      ),
    ),
    totalPremium: Type.Optional(Type.Number()),
    healthAnswers: Type.Optional(HealthAnswers),
    healthOutcome: Type.Optional(
      Type.Union([Type.Literal('continue'), Type.Literal('refuse'), Type.Literal('manual')], {
        description: 'What the page concluded from the health answers; the server recomputes it from the answers and ignores this.',
      }),
    ),
    ...ApplicationFormTerms,
  },
  { additionalProperties: false },
);
export type ApplicationFormInput = Static<typeof ApplicationFormInput>;

/**
 * POST edu-svc/wxb/v2/repeatInsurance: the spec's fields, bound to the
 * caller's current application (docs/security.md): the serial the
 * order will carry and the application form it will submit. The answer is
 * only about an insured of that form, and the serial is bound to that form.
 */
export const RepeatInsuranceBody = Type.Object(
  {
    cardId: Type.String({ minLength: 1, maxLength: 32 }),
    cardType: Str(4),
    productCode: ProductCode,
    channelCode: Type.Optional(Str(16)),
    startDate: Type.Optional(DateString),
    idempotentSerialNo: Type.String({ minLength: 8, maxLength: 64, description: 'A serial of the caller (idg3) not yet used by an order' }),
    applicationForm: ApplicationFormInput,
  },
  { additionalProperties: false },
);
export type RepeatInsuranceBody = Static<typeof RepeatInsuranceBody>;

/** POST ins-order/order/submitOrder/v2 (header X-RESUB-TOKEN). */
export const SubmitOrderBody = Type.Object(
  {
    source: Type.Optional(Str(4)),
    entryType: Type.Optional(Str(4)),
    operator: Type.Optional(Str(40)),
    idempotentSerialNo: Type.String({ minLength: 8, maxLength: 64 }),
    applicationForms: Type.Array(ApplicationFormInput, { minItems: 1, maxItems: 1 }),
  },
  { additionalProperties: false },
);
export type SubmitOrderBody = Static<typeof SubmitOrderBody>;

export const SubmitOrderResult = Type.Object({
  body: Type.Object({
    order: Type.Object({ amount: Type.Number({ description: 'yuan' }), code: Type.String() }),
    applicationForms: Type.Array(
      Type.Object({ information: Type.Object({ applicationFormCode: Type.String() }) }),
    ),
  }),
});
export type SubmitOrderResult = Static<typeof SubmitOrderResult>;

/**
 * Order and policy statuses; each has its policy detail page in spec §2. A plain list
 * first (the web reads it; it ships no schema), the schema built from it.
 */
export const POLICY_STATUS_LIST = [
  'toBePaid',
  'paymentTimeout',
  'waitIssue',
  'issueFail',
  'waitInsurance',
  'guarantee',
  'policyOverdue',
  'surrender',
  'cancel',
] as const;
export const PolicyStatus = Type.Union(POLICY_STATUS_LIST.map((status) => Type.Literal(status)));
export type PolicyStatus = Static<typeof PolicyStatus>;

/** POST ins-order/order/searchOrderDetailForPro */
export const OrderCodeBody = Type.Object({ orderCode: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false });
export const OrderDetail = Type.Object({
  orderCode: Type.String(),
  applicationFormCode: Type.String(),
  productCode: Type.String(),
  productName: Type.String(),
  planName: Type.String(),
  amount: Type.Number(),
  status: PolicyStatus,
  policyNo: Type.Union([Type.String(), Type.Null()]),
  paidAt: Type.Union([Type.String(), Type.Null()]),
});
export type OrderDetail = Static<typeof OrderDetail>;

/** GET edu-svc/payUrl/queryPayUrl?appCode: the cashier address of the sandbox or real payment provider. */
export const PayUrlQuery = Type.Object(
  { appCode: Type.String({ minLength: 1, maxLength: 40 }), channel: Type.Optional(Type.Union([Type.Literal('wechat'), Type.Literal('alipay')])) },
  { additionalProperties: false },
);
export const PayUrl = Type.Object({ payUrl: Type.String() });

/** POST edu-svc/pay/out/savePayOut (spec §3 Pay-out record). */
export const SavePayOutBody = Type.Object(
  {
    applicationFormCode: Type.String({ minLength: 1, maxLength: 40 }),
    productCode: ProductCode,
    startTime: Type.Optional(Str(20)),
    holderCode: Type.Optional(Str(40)),
    isRenewal: Type.Optional(YesNo),
  },
  { additionalProperties: false },
);
export type SavePayOutBody = Static<typeof SavePayOutBody>;

/** POST edu-svc/remote/ins/searchInsuranceList */
export const PolicyListBody = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 15 })),
    status: Type.Optional(PolicyStatus),
  },
  { additionalProperties: false },
);
export type PolicyListBody = Static<typeof PolicyListBody>;
export const PolicyListItem = Type.Object({
  orderCode: Type.String(),
  applicationFormCode: Type.String(),
  policyNo: Type.Union([Type.String(), Type.Null()]),
  productCode: Type.String(),
  productName: Type.String(),
  planName: Type.String(),
  holderName: Type.String({ description: 'masked' }),
  insuredName: Type.String({ description: 'masked' }),
  insuredIdNo: Type.String({ description: 'masked' }),
  premium: Type.Number({ description: 'yuan' }),
  startDate: Type.String(),
  endDate: Type.String(),
  status: PolicyStatus,
  statusName: Type.String(),
  renewalLabel: Type.String(),
  createdAt: Type.String(),
});
export type PolicyListItem = Static<typeof PolicyListItem>;
export const PolicyList = Type.Object({ list: Type.Array(PolicyListItem), total: Type.Integer() });
export type PolicyList = Static<typeof PolicyList>;

/** The anti-resubmit header of the order and endorsement calls (RESUB_HEADER). */
export const ResubHeaders = Type.Object({
  'x-resub-token': Type.Optional(Type.String({ maxLength: 64, description: 'The token of idg-svc/api/v1/resub_token, single use' })),
});

/** The order calls of the confirm page and the policy list (spec §7). */
export const orderCalls = {
  serial: defineCall({
    method: 'GET',
    path: '/idg-svc/api/v1/idg3',
    summary: 'A serial number of the caller, later the idempotentSerialNo of an order',
    auth: 'user',
    data: Serial,
  }),
  resubToken: defineCall({
    method: 'GET',
    path: '/idg-svc/api/v1/resub_token',
    summary: 'An anti-resubmit token (30 minutes, single use), sent back as header X-RESUB-TOKEN',
    auth: 'user',
    data: ResubToken,
  }),
  repeatInsurance: defineCall({
    method: 'POST',
    path: '/edu-svc/wxb/v2/repeatInsurance',
    summary: 'Whether the person already holds a paid or issued policy of the product overlapping the start date',
    auth: 'user',
    body: RepeatInsuranceBody,
    data: RepeatInsuranceResult,
  }),
  submitOrder: defineCall({
    method: 'POST',
    path: '/ins-order/order/submitOrder/v2',
    summary: 'Places an order (idempotent on idempotentSerialNo; premium recomputed from the manifest)',
    auth: 'user',
    headers: ResubHeaders,
    body: SubmitOrderBody,
    data: SubmitOrderResult,
  }),
  orderDetail: defineCall({
    method: 'POST',
    path: '/ins-order/order/searchOrderDetailForPro',
    summary: 'One order of the caller (the pay-success page polls it)',
    auth: 'user',
    body: OrderCodeBody,
    data: OrderDetail,
  }),
  policyList: defineCall({
    method: 'POST',
    path: '/edu-svc/remote/ins/searchInsuranceList',
    summary: 'One page of the caller’s policies and orders, optionally of one status, newest first',
    auth: 'user',
    body: PolicyListBody,
    data: PolicyList,
  }),
};

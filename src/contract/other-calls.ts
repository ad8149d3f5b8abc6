import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ProductCode } from './common.ts';
import { defineCall } from './define-call.ts';
import { RepeatInsuranceResult } from './order.ts';
import { AppDetail, Owned } from './policy.ts';

/**
 * The spec §7 calls that belong to no screen flow of their own:
 * payment trades, the v3 application detail, the v1 repeat check,
 * the ID-card check, benefits, the e-policy mail, the client operation log
 * and the two partner-channel log-ins. What each does where the spec is
 * silent is decided in docs/other-calls.md.
 */

const OwnedCode = /* @__NO_SIDE_EFFECTS__ */ (kind: Parameters<typeof Owned>[0]) => Owned(kind, Type.String({ minLength: 1, maxLength: 40 }));
/** A name the client sends (person or partner channel), bounded. */
const Str = /* @__NO_SIDE_EFFECTS__ */ (max: number) => Type.String({ minLength: 1, maxLength: max });

// ------------------------------------------------------------------ trades

/** GET pay-svc/api/v1/trades: the caller's payment trades, optionally of one order. */
export const TradesQuery = Type.Object(
  {
    orderCode: Type.Optional(OwnedCode('order')),
    pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type TradesQuery = Static<typeof TradesQuery>;

export const TradeStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('duplicate'), Type.Literal('late')],
  { description: 'pending: cashier open; duplicate / late: money that could not apply and is refunded' },
);

export const Trade = Type.Object({
  tradeNo: Type.String(),
  orderCode: Type.String(),
  applicationFormCode: Type.String(),
  productName: Type.String(),
  channel: Type.String({ description: 'sandbox, wechat, alipay or jd' }),
  amount: Type.Number({ description: 'yuan' }),
  status: TradeStatus,
  statusName: Type.String(),
  createdAt: Type.String({ description: "'YYYY-MM-DD HH:mm:ss', Beijing" }),
  paidAt: Type.Union([Type.String(), Type.Null()]),
});
export type Trade = Static<typeof Trade>;
export const TradeList = Type.Object({ list: Type.Array(Trade), total: Type.Integer() });
export type TradeList = Static<typeof TradeList>;

// ------------------------------------------------------------------ application detail v3

/** GET edu-svc/application/v1/searchAppDetailPro3?appCode */
export const AppCodeQuery = Type.Object({ appCode: OwnedCode('application') }, { additionalProperties: false });

// ------------------------------------------------------------------ repeat insurance v1

/** POST edu-svc/wxb/v1/repeatInsurance: the v2 body without the start date (the product's next cover period is checked). */
export const RepeatInsuranceV1Body = Type.Object(
  {
    cardId: Type.String({ minLength: 1, maxLength: 32 }),
    cardType: Type.String({ minLength: 1, maxLength: 4 }),
    productCode: ProductCode,
    channelCode: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);

// ------------------------------------------------------------------ ID card check

/** GET edu-svc/thirdParty/api/checkByIdCard?idNo&name */
export const CheckByIdCardQuery = Type.Object(
  {
    idNo: Type.String({ minLength: 1, maxLength: 32 }),
    /** When given, the identity provider says whether it belongs to the number. */
    name: Type.Optional(Str(40)),
  },
  { additionalProperties: false },
);
export const IdCardCheck = Type.Object({
  /** Format, region, birth date and check digit (spec §5). */
  valid: Type.Boolean(),
  /** Null when no name was asked about or the number is invalid. */
  nameMatched: Type.Union([Type.Boolean(), Type.Null()]),
  /** Derived from the number: 'YYYY-MM-DD', empty when invalid. */
  birthday: Type.String(),
  /** 0 male, 1 female, empty when invalid. */
  sex: Type.String(),
  /** The reason in the user's language; empty when everything passed. */
  msg: Type.String(),
});
export type IdCardCheck = Static<typeof IdCardCheck>;

// ------------------------------------------------------------------ benefits

/** POST edu-svc/useBenefits: redeems a benefit attached to the caller's policy in force. */
export const UseBenefitsBody = Type.Object(
  {
    policyNo: OwnedCode('policy'),
    benefitCode: Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z_-]+$' }),
  },
  { additionalProperties: false },
);

// ------------------------------------------------------------------ partner token (yj)

/** GET edu-svc/yj/api/getToken?appCode&policyNo: at least one, both the caller's (and the same policy when both are sent). */
export const YjTokenQuery = Type.Object(
  { appCode: Type.Optional(OwnedCode('application')), policyNo: Type.Optional(OwnedCode('policy')) },
  { additionalProperties: false },
);

// ------------------------------------------------------------------ e-policy mail

export const SendEmailQuery = Type.Object(
  { type: Type.Literal('99', { description: 'Mail type; 99 is the e-policy, the only one served' }) },
  { additionalProperties: false },
);
export const SendEmailBody = Type.Object(
  {
    policyNo: OwnedCode('policy'),
    /** Checked with the engine's e-mail rule (请填写正确的邮箱). */
    email: Type.String({ minLength: 1, maxLength: 254 }),
  },
  { additionalProperties: false },
);
export const SentEmail = Type.Object({ email: Type.String({ description: 'masked' }) });

// ------------------------------------------------------------------ operation log

/** Largest accepted raw/json body. */
export const OP_LOG_MAX_BYTES = 4096;

/** POST op-log/api/v1/op/raw/json: one client operation-log event. */
export const OpLogBody = Type.Object(
  {
    event: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }),
    page: Type.Optional(Type.String({ maxLength: 200 })),
    /** Client time, epoch milliseconds. */
    at: Type.Optional(Type.Integer({ minimum: 0, maximum: 4_102_444_800_000 })),
    /** Free details; personal data are masked before storage. */
    data: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type OpLogBody = Static<typeof OpLogBody>;
export const OpLogRecorded = Type.Object({ id: Type.String() });

// ------------------------------------------------------------------ partner channel log-in

/** POST med-pc-api/userLogin/wyb/channelLogin */
export const ChannelLoginBody = Type.Object(
  {
    channelCode: Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z_-]+$' }),
    /** The partner's signed ticket for its user. */
    token: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);

/** Refusal message of a partner channel no partner is configured for. */
export const MSG_CHANNEL_CLOSED = '渠道未开通';

/** Development and test only: the last mail sent to an address by the sandbox mail provider. */
export const DevMailQuery = Type.Object({ to: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });
export const DevMail = Type.Object({
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  attachments: Type.Array(Type.Object({ filename: Type.String(), contentType: Type.String(), bytes: Type.Integer() })),
});

export const otherCalls = {
  trades: defineCall({
    method: 'GET',
    path: '/pay-svc/api/v1/trades',
    summary: 'The caller’s payment trades, newest first (of one of their orders when orderCode is given)',
    auth: 'user',
    query: TradesQuery,
    data: TradeList,
  }),
  appDetail3: defineCall({
    method: 'GET',
    path: '/edu-svc/application/v1/searchAppDetailPro3',
    summary: 'One of the caller’s application forms by its code, personal data masked (as searchAppDetailPro)',
    auth: 'user',
    query: AppCodeQuery,
    data: AppDetail,
  }),
  repeatInsuranceV1: defineCall({
    method: 'POST',
    path: '/edu-svc/wxb/v1/repeatInsurance',
    summary: 'Whether the person already has a live application of the product for its next cover period (v1: no start date)',
    auth: 'user',
    body: RepeatInsuranceV1Body,
    data: RepeatInsuranceResult,
  }),
  checkByIdCard: defineCall({
    method: 'GET',
    path: '/edu-svc/thirdParty/api/checkByIdCard',
    summary: 'Checks a mainland ID number (format, region, birth date, check digit) and, with a name, the real-name match; limited per user',
    auth: 'user',
    query: CheckByIdCardQuery,
    data: IdCardCheck,
  }),
  useBenefits: defineCall({
    method: 'POST',
    path: '/edu-svc/useBenefits',
    summary: 'Redeems a benefit of the caller’s policy in force (no product offers one yet: refused)',
    auth: 'user',
    body: UseBenefitsBody,
    data: Type.Null(),
  }),
  yjToken: defineCall({
    method: 'GET',
    path: '/edu-svc/yj/api/getToken',
    summary: 'A partner (yj) token for one of the caller’s policies; refused 4001 渠道未开通 until a partner is configured',
    auth: 'user',
    query: YjTokenQuery,
    data: Type.Null(),
  }),
  sendEmail: defineCall({
    method: 'POST',
    path: '/edu-svc/mail/sendEmail',
    summary: 'Mails the e-policy (PDF attached) of the caller’s issued policy to an address; limited per user and per policy and day',
    auth: 'user',
    query: SendEmailQuery,
    body: SendEmailBody,
    data: SentEmail,
  }),
  opLog: defineCall({
    method: 'POST',
    path: '/op-log/api/v1/op/raw/json',
    summary: 'Records one client operation-log event (at most 4 KB, personal data masked); limited per address',
    auth: 'optional',
    body: OpLogBody,
    data: OpLogRecorded,
  }),
  channelLogin: defineCall({
    method: 'POST',
    path: '/med-pc-api/userLogin/wyb/channelLogin',
    summary: 'Log-in through a partner channel; refused 4001 渠道未开通 until a partner is configured',
    auth: 'public',
    body: ChannelLoginBody,
    data: Type.Null(),
  }),
  devMailLatest: defineCall({
    method: 'GET',
    path: '/__dev/mail/latest',
    summary: 'Development and test only: the last mail the sandbox mail provider sent to an address',
    auth: 'dev',
    query: DevMailQuery,
    data: DevMail,
  }),
};

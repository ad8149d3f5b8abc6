import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './define-call.ts';
import { PolicyStatus } from './order.ts';

/**
 * The promoter area (spec §2 promoter routes): a promoter's
 * achievements, valid policies, customers, renewals and rewards. Every call
 * needs a logged-in promoter (4003 otherwise) and answers only the caller's
 * own customers and sales, with personal data masked. Lists page by 15.
 */

/** A customer's policy shows in the promoter's renewal list when it ends within this many days. */
export const PROMOTER_RENEWAL_WINDOW_DAYS = 60;
/** Lists of the promoter area page by this many rows (spec §9 list page size). */
export const PROMOTER_PAGE_SIZE = 15;

const Paging = {
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 15 })),
};

/** An opaque id of one of the promoter's customers (never a phone or ID number). */
export const CustomerId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]+$' });

export const ACHIEVEMENT_PERIODS = ['day', 'month', 'term'] as const;
export const AchievementPeriod = Type.Union([Type.Literal('day'), Type.Literal('month'), Type.Literal('term')], {
  description: 'day: last 30 days; month: last 12 months; term: school terms (spring Feb–Jul, autumn Aug–Jan)',
});
export type AchievementPeriod = Static<typeof AchievementPeriod>;

const Figures = {
  orders: Type.Integer({ description: 'Paid application forms' }),
  premium: Type.Number({ description: 'Gross premium, yuan' }),
  netPremium: Type.Number({ description: 'Premium net of cancellations, surrenders and refunds, yuan' }),
  reversed: Type.Integer({ description: 'Forms cancelled, surrendered or refunded' }),
};

/** GET edu-svc/promoter/v1/achievements?period */
export const AchievementsQuery = Type.Object({ period: AchievementPeriod }, { additionalProperties: false });
export const Achievements = Type.Object({
  period: AchievementPeriod,
  totals: Type.Object(Figures),
  /** Newest first. `key` is what achievementDetail takes: 2026-11-24, 2026-11 or 2026-autumn. */
  buckets: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), ...Figures })),
});
export type Achievements = Static<typeof Achievements>;

/** One sale of the promoter, personal data masked. */
export const PromoterSale = Type.Object({
  orderCode: Type.String(),
  applicationFormCode: Type.String(),
  policyNo: Type.Union([Type.String(), Type.Null()]),
  productCode: Type.String(),
  productName: Type.String(),
  planName: Type.String(),
  premium: Type.Number({ description: 'yuan' }),
  status: PolicyStatus,
  statusName: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  createdAt: Type.String(),
  customerId: CustomerId,
  holderName: Type.String({ description: 'masked' }),
  insuredNames: Type.Array(Type.String({ description: 'masked' })),
});
export type PromoterSale = Static<typeof PromoterSale>;
export const PromoterSales = Type.Object({ list: Type.Array(PromoterSale), total: Type.Integer() });
export type PromoterSales = Static<typeof PromoterSales>;

/** POST edu-svc/promoter/v1/achievementDetail: the sales of one bucket. */
export const AchievementDetailBody = Type.Object(
  { period: AchievementPeriod, key: Type.String({ minLength: 4, maxLength: 16, pattern: '^[0-9a-z-]+$' }), ...Paging },
  { additionalProperties: false },
);
export type AchievementDetailBody = Static<typeof AchievementDetailBody>;

export const PageBody = Type.Object(Paging, { additionalProperties: false });
export type PageBody = Static<typeof PageBody>;

/** One customer of the promoter, masked. */
export const PromoterCustomer = Type.Object({
  customerId: CustomerId,
  name: Type.String({ description: 'masked; the phone when the customer has no name yet' }),
  phone: Type.String({ description: 'masked' }),
  since: Type.String({ description: 'When the customer was bound, YYYY-MM-DD' }),
  source: Type.Union([Type.Literal('link'), Type.Literal('order'), Type.Literal('staff')]),
  policyCount: Type.Integer(),
  liveCount: Type.Integer({ description: 'Policies paid and not ended' }),
  lastOrderAt: Type.Union([Type.String(), Type.Null()]),
});
export type PromoterCustomer = Static<typeof PromoterCustomer>;

export const CustomersBody = Type.Object(
  { ...Paging, keyword: Type.Optional(Type.String({ minLength: 1, maxLength: 20, pattern: '^[^\\x00-\\x1f]+$', description: 'Matches the masked name or the last 4 digits of the phone' })) },
  { additionalProperties: false },
);
export type CustomersBody = Static<typeof CustomersBody>;
export const PromoterCustomers = Type.Object({ list: Type.Array(PromoterCustomer), total: Type.Integer() });
export type PromoterCustomers = Static<typeof PromoterCustomers>;

export const CustomerParams = Type.Object({ customerId: CustomerId }, { additionalProperties: false });
export const CustomerDetail = Type.Object({
  customer: PromoterCustomer,
  idNo: Type.String({ description: 'masked; empty when unknown' }),
  sales: Type.Array(PromoterSale),
});
export type CustomerDetail = Static<typeof CustomerDetail>;

/** A customer's policy ending inside the renewal window. */
export const PromoterRenewal = Type.Object({
  ...PromoterSale.properties,
  /** 去续保 or 再次购买, from the product's manifest. */
  renewalLabel: Type.String(),
  detailRoute: Type.String(),
  daysLeft: Type.Integer(),
  /** When the holder was last texted the product's automatic renewal reminder (Beijing time), or null. */
  remindedAt: Type.Union([Type.String(), Type.Null()]),
});
export type PromoterRenewal = Static<typeof PromoterRenewal>;
export const PromoterRenewals = Type.Object({ list: Type.Array(PromoterRenewal), total: Type.Integer(), windowDays: Type.Integer() });
export type PromoterRenewals = Static<typeof PromoterRenewals>;
export const RenewalParams = Type.Object({ applicationFormCode: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]+$' }) }, { additionalProperties: false });

export const REWARD_STATUSES = ['pending', 'confirmed', 'paid', 'clawedBack'] as const;
export const RewardStatus = Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('paid'), Type.Literal('clawedBack')], {
  description: 'pending: paid sale; confirmed: policy in force; paid: paid out to the promoter; clawedBack: cancelled or surrendered',
});
export type RewardStatus = Static<typeof RewardStatus>;

export const RewardEntry = Type.Object({
  id: Type.String(),
  applicationFormCode: Type.String(),
  productName: Type.String(),
  holderName: Type.String({ description: 'masked' }),
  premium: Type.Number({ description: 'yuan' }),
  /** The product's reward rate from its manifest, 0.05 = 5 %. */
  rate: Type.Number(),
  amount: Type.Number({ description: 'yuan' }),
  status: RewardStatus,
  statusName: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type RewardEntry = Static<typeof RewardEntry>;
export const RewardsBody = Type.Object({ ...Paging, status: Type.Optional(RewardStatus) }, { additionalProperties: false });
export type RewardsBody = Static<typeof RewardsBody>;
export const Rewards = Type.Object({
  summary: Type.Object({ pending: Type.Number(), confirmed: Type.Number(), paid: Type.Number(), clawedBack: Type.Number() }, { description: 'yuan' }),
  list: Type.Array(RewardEntry),
  total: Type.Integer(),
});
export type Rewards = Static<typeof Rewards>;

/** POST edu-svc/promoter/v1/customerPush: a product link or renewal reminder for one customer. */
export const CustomerPushBody = Type.Object(
  {
    customerId: CustomerId,
    kind: Type.Union([Type.Literal('product'), Type.Literal('renewal')]),
    productCode: Type.String({ pattern: '^[0-9A-Z]{6,16}$' }),
    /** Also text the link to the customer's phone (at most once a day per customer). */
    sms: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CustomerPushBody = Static<typeof CustomerPushBody>;
export const CustomerPush = Type.Object({
  /** The hash route with the promoter's promo code, relative to the app origin (`/#/…?promoCode=`). */
  link: Type.String(),
  title: Type.String(),
  /**
   * What became of the SMS: `sent`; `alreadySent` (the customer was texted this
   * kind today, nothing sent again); `failed` (the vendor refused or could not
   * be reached, the day's mark given back); `notAsked`.
   */
  sms: Type.Union([Type.Literal('sent'), Type.Literal('alreadySent'), Type.Literal('failed'), Type.Literal('notAsked')]),
});
export type CustomerPush = Static<typeof CustomerPush>;

export const promoterAreaCalls = {
  achievements: defineCall({
    method: 'GET',
    path: '/edu-svc/promoter/v1/achievements',
    summary: 'The promoter’s orders and premium by day, month or school term',
    auth: 'user',
    query: AchievementsQuery,
    data: Achievements,
  }),
  achievementDetail: defineCall({
    method: 'POST',
    path: '/edu-svc/promoter/v1/achievementDetail',
    summary: 'The promoter’s sales of one achievement bucket',
    auth: 'user',
    body: AchievementDetailBody,
    data: PromoterSales,
  }),
  validList: defineCall({
    method: 'POST',
    path: '/edu-svc/promoter/v1/validList',
    summary: 'The valid (in force or starting) policies the promoter sold',
    auth: 'user',
    body: PageBody,
    data: PromoterSales,
  }),
  customers: defineCall({
    method: 'POST',
    path: '/edu-svc/promoter/v1/customers',
    summary: 'The promoter’s customers, masked',
    auth: 'user',
    body: CustomersBody,
    data: PromoterCustomers,
  }),
  customerDetail: defineCall({
    method: 'GET',
    path: '/edu-svc/promoter/v1/customers/:customerId',
    summary: 'One of the promoter’s customers with their policies (4003 for another’s)',
    auth: 'user',
    params: CustomerParams,
    data: CustomerDetail,
  }),
  renewals: defineCall({
    method: 'POST',
    path: '/edu-svc/promoter/v1/renewals',
    summary: 'The promoter’s customers’ policies ending inside the renewal window',
    auth: 'user',
    body: PageBody,
    data: PromoterRenewals,
  }),
  renewalDetail: defineCall({
    method: 'GET',
    path: '/edu-svc/promoter/v1/renewals/:applicationFormCode',
    summary: 'One renewal of the promoter’s customer (4003 for another’s)',
    auth: 'user',
    params: RenewalParams,
    data: PromoterRenewal,
  }),
  rewards: defineCall({
    method: 'POST',
    path: '/edu-svc/promoter/v1/rewards',
    summary: 'The promoter’s reward ledger with its totals by status',
    auth: 'user',
    body: RewardsBody,
    data: Rewards,
  }),
  customerPush: defineCall({
    method: 'POST',
    path: '/edu-svc/promoter/v1/customerPush',
    summary: 'A product link or renewal reminder carrying the promoter’s code, optionally texted to the customer',
    auth: 'user',
    body: CustomerPushBody,
    data: CustomerPush,
  }),
};

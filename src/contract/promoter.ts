import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './define-call.ts';
import { PHONE_PATTERN } from '../engine/rules/phone.ts';

/**
 * The promoter channel: who shares, with which codes, and the
 * WeChat share configuration. The promoter area's own calls (achievements,
 * customers, renewals, rewards) are declared in promoter-area.ts.
 */

/** Spec §9 share constants and §8 share messages, used by the share popup and the server's share titles. */
/** The app's brand: a visitor's poster shows it, it titles a share of the home page, and ends every share title. */
const BRAND = '学平险在线投保';

export const SHARE = {
  brand: BRAND,
  qrSize: 320,
  qrMargin: 2,
  /** Delay before the poster is rendered to an image (fonts and the QR code settle). */
  screenshotDelayMs: 500,
  /** Share title: product name + this + the brand suffix. */
  titleInfix: '幼儿学生量身打造',
  brandSuffix: `｜${BRAND}`,
  qrHint: '长按识别二维码分享',
  visitorPrefix: '请先登录，',
  copied: '操作成功',
  qrFailed: '二维码生成失败',
  authFailed: '获取微信分享授权失败',
} as const;

/** The share title of a product (spec §9). */
export function shareTitle(productName: string): string {
  return `${productName}${SHARE.titleInfix}${SHARE.brandSuffix}`;
}

/** A promo code as a share link carries it (`?promoCode=`): 8 characters of Crockford base32. */
export const PromoCode = Type.String({ minLength: 1, maxLength: 32, description: 'Promo code of a share link' });

/**
 * GET edu-svc/registerCustomer/myPromoterCard: what the share popup prints for
 * the caller (spec §2 share popup, §6). Every logged-in user may share: a staff
 * member shares as 经纪人, a customer as 推荐人. The codes are created on first
 * use and never change.
 */
export const PromoterCard = Type.Object({
  /** Carried by the share link; binds a new customer to this promoter (first touch). */
  promoCode: Type.String(),
  /** Printed as the recommendation code (推荐码) for a 客户经理. */
  managerCode: Type.String(),
  /** The promoter's name as printed on the poster: staff name, or the customer's masked name. */
  name: Type.String(),
  isStaff: Type.Boolean(),
  /** 经纪人 for staff, 推荐人 otherwise (spec §6). */
  roleLabel: Type.Union([Type.Literal('经纪人'), Type.Literal('推荐人')]),
  /** The staff member's licence number (执业证号); empty for a customer. */
  licenseNumber: Type.String(),
  /** The brokerage company printed on the poster. */
  companyName: Type.String(),
  branchName: Type.String(),
  /** '05' for an all-sale staff member (spec §6), else the staff channel or ''. */
  channelCode: Type.String(),
});
export type PromoterCard = Static<typeof PromoterCard>;

/** POST edu-svc/weChat/weChatShare?shareUrl: the page address without its hash. */
export const WeChatShareQuery = Type.Object(
  { shareUrl: Type.String({ minLength: 1, maxLength: 2048, pattern: '^[^\\x00-\\x20]+$', description: 'The page address, without its #hash' }) },
  { additionalProperties: false },
);
export type WeChatShareQuery = Static<typeof WeChatShareQuery>;

/** A WeChat JSSDK configuration: sha1 over jsapi_ticket, noncestr, timestamp and url, as WeChat computes it. */
export const WeChatShareConfig = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer({ description: 'Seconds since the epoch' }),
  nonceStr: Type.String(),
  signature: Type.String({ description: '40 hex characters' }),
});
export type WeChatShareConfig = Static<typeof WeChatShareConfig>;

/** POST edu-svc/registerCustomer/setManager?level: staff move a customer to another manager (spec §7). */
export const SetManagerQuery = Type.Object(
  { level: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal(1)], { description: 'Only 1 (the direct manager) exists' })) },
  { additionalProperties: false },
);
export const SetManagerBody = Type.Object(
  {
    /** The customer, as the promoter area names them (customerId). */
    customerId: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]+$' }),
    /** The new manager's manager code (推荐码). */
    managerCode: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9]+$' }),
  },
  { additionalProperties: false },
);
export type SetManagerBody = Static<typeof SetManagerBody>;

/** POST __dev/clock (development and test only): moves the business clock (renewal windows, the lifecycle), never the token clock. */
export const DevClockBody = Type.Object(
  { offsetDays: Type.Integer({ minimum: -3660, maximum: 3660, description: 'Days added to the real time; 0 resets' }) },
  { additionalProperties: false },
);
export const DevClock = Type.Object({ now: Type.String(), offsetDays: Type.Integer() });

/**
 * What a staff member may do (docs/promoters.md, "Staff"): broker (promotes, hands their customers over),
 * manager (hands customers over), roster (changes offline roster rows of the products in their scope),
 * compliance (replays recorded sales, read only).
 */
export const STAFF_ROLES = ['broker', 'manager', 'roster', 'compliance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** One entry of a staff member's scope: a product code, a market id, or `*` (every product). */
export const STAFF_SCOPE_PATTERN = '^(\\*|[0-9A-Z]{6,16}|[a-z0-9]+(-[a-z0-9]+)*)$';

/** POST __dev/staff (development and test only): what `npm run staff -- add` does, for the e2e server's in-memory database. */
export const DevStaffBody = Type.Object(
  {
    phone: Type.String({ pattern: PHONE_PATTERN }),
    employeeNum: Type.String({ pattern: '^[A-Za-z0-9]{2,20}$' }),
    name: Type.String({ minLength: 1, maxLength: 20 }),
    licenseNumber: Type.String({ pattern: '^[0-9A-Za-z]{8,40}$' }),
    branchCode: Type.String({ pattern: '^[A-Za-z0-9]{2,20}$' }),
    branchName: Type.String({ minLength: 1, maxLength: 40 }),
    channelCode: Type.Optional(Type.String({ pattern: '^([0-9]{2})?$' })),
    /** Default broker (docs/promoters.md, "Staff"). */
    roles: Type.Optional(Type.Array(Type.Union(STAFF_ROLES.map((role) => Type.Literal(role))), { minItems: 1, maxItems: STAFF_ROLES.length })),
    /** Product codes and market ids the member covers (`*`: every product); default none. */
    scope: Type.Optional(Type.Array(Type.String({ pattern: STAFF_SCOPE_PATTERN }), { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export const DevStaff = Type.Object({ userCode: Type.String(), promoCode: Type.String(), managerCode: Type.String() });

export const promoterCalls = {
  devStaff: defineCall({
    method: 'POST',
    path: '/__dev/staff',
    summary: 'Add a staff member as `npm run staff -- add` does (development and test only)',
    auth: 'dev',
    tag: '__dev',
    body: DevStaffBody,
    data: DevStaff,
  }),
  setManager: defineCall({
    method: 'POST',
    path: '/edu-svc/registerCustomer/setManager',
    summary: 'Staff move a customer to another manager (the first manager otherwise sticks)',
    auth: 'user',
    query: SetManagerQuery,
    body: SetManagerBody,
    data: Type.Null(),
  }),
  devClock: defineCall({
    method: 'POST',
    path: '/__dev/clock',
    summary: 'Move the business clock by whole days (development and test only)',
    auth: 'dev',
    tag: '__dev',
    body: DevClockBody,
    data: DevClock,
  }),
  myCard: defineCall({
    method: 'GET',
    path: '/edu-svc/registerCustomer/myPromoterCard',
    summary: 'The caller’s promoter card for the share popup (codes created on first use)',
    auth: 'user',
    data: PromoterCard,
  }),
  weChatShare: defineCall({
    method: 'POST',
    path: '/edu-svc/weChat/weChatShare',
    summary: 'A WeChat JSSDK signature over the page address',
    auth: 'optional',
    query: WeChatShareQuery,
    data: WeChatShareConfig,
  }),
};

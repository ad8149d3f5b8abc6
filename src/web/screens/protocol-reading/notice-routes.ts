import { ROUTES } from '../../app/paths.ts';

/**
 * The product notice screens of spec §2 "Insure and confirm" (log-in, not
 * kept alive), read before the insure form. Two are bound to a product
 * (安心无忧 and 复星联合, whose query may omit the code); the generic one
 * takes `?productCode=`.
 */
export const PRODUCT_NOTICE_ROUTES = [ROUTES.calmCareNotify, ROUTES.fuxingNotify, ROUTES.insuranceNotificationAgreement] as const;

/** Product of a bound notice route when the query carries none. */
export const NOTICE_DEFAULT_PRODUCT: Readonly<Record<string, string>> = {
  [ROUTES.calmCareNotify]: '19PR799624',
  [ROUTES.fuxingNotify]: '21PR630174',
};

/** Titles of the screens served by the protocol-reading screen. */
export const NOTICE_TITLES: Readonly<Record<string, string>> = {
  [ROUTES.checkProtocol]: '投保须知及条款',
  [ROUTES.calmCareNotify]: '安心无忧投保告知',
  [ROUTES.fuxingNotify]: '复星联合投保告知',
  [ROUTES.insuranceNotificationAgreement]: '投保告知书',
};

import { ROUTES } from '../../app/paths.ts';

/**
 * The product notice screens of spec §2 "Insure and confirm" (log-in, not
 * kept alive), read before the insure form. A manifest binds a product to
 * /calmCareNotify or /fuxingNotify (`noticeRoute`), so those open without a
 * code; every one takes `?productCode=`.
 */
export const PRODUCT_NOTICE_ROUTES = [ROUTES.calmCareNotify, ROUTES.fuxingNotify, ROUTES.insuranceNotificationAgreement] as const;

/** Titles of the screens served by the protocol-reading screen. */
export const NOTICE_TITLES: Readonly<Record<string, string>> = {
  [ROUTES.checkProtocol]: '投保须知及条款',
  [ROUTES.calmCareNotify]: '安心无忧投保告知',
  [ROUTES.fuxingNotify]: '复星联合投保告知',
  [ROUTES.insuranceNotificationAgreement]: '投保告知书',
};

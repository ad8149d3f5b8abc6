/**
 * The app's hash routes (spec §2), each written once: its path, the screen
 * that shows it and the spec's flags. Pure data (no React), so the web router,
 * the link builders (src/web/app/paths.ts), the manifest checks (reserved
 * routes), scripts and tests read the same table.
 *
 * `screen` names a screen folder: the route shows
 * `src/web/features/<feature>/screens/<screen>/<screen>-screen.tsx` (default
 * export), loaded on demand; screen names are unique across features. A test
 * fails when a named screen has no module and when a screen module is routed
 * by nothing. Product detail routes are not here: they are
 * the manifests' own routes, resolved by the router's catch-all route.
 */

/** Per-route flags of spec §2 (navigation rules). */
export interface RouteFlags {
  /** Visitors are sent to /passport/login with the target as fullPath. */
  requiresLogin?: boolean;
  /**
   * The spec's keep-alive: coming back to the route shows it as it was left.
   * Served by scroll restoration and state kept outside the screen (docs/web.md, "Keep-alive").
   */
  keepAlive?: boolean;
  /** Entering the route disposes the saved record. */
  clearRecord?: boolean;
  /** Entering the route clears the stored insure form and protocol state. */
  clearForm?: boolean;
}

/** One route of the app. */
export interface AppRoute {
  /** Route pattern as the router declares it (`/bindPhone/:0/:1`). */
  path: string;
  /** Folder name under src/web/features/<feature>/screens. */
  screen: string;
  flags: RouteFlags;
  /** Page title, for the screens that serve several routes (information pages, product notices). */
  title?: string;
}

/** Log-in required, not kept alive. */
const LOGIN = { requiresLogin: true, keepAlive: false } as const satisfies RouteFlags;
const NONE = {} as const satisfies RouteFlags;

export const APP_ROUTES = {
  home: { path: '/', screen: 'home', flags: { keepAlive: true, clearRecord: true, clearForm: true } },
  /** The configurable product page; works for every manifest. */
  newProductDetail: { path: '/newProductDetail', screen: 'product-detail', flags: NONE },
  login: { path: '/passport/login', screen: 'login', flags: NONE },
  insure: { path: '/insure', screen: 'insure', flags: LOGIN },
  // The confirm variants of spec §2, all served by the confirm screen.
  confirm: { path: '/confirm', screen: 'confirm', flags: LOGIN },
  confirmIndex: { path: '/confirmIndex', screen: 'confirm', flags: LOGIN },
  confirmIndexOneConfig: { path: '/confirmIndexOneConfig', screen: 'confirm', flags: LOGIN },
  confirmIndexForMulti: { path: '/confirmIndexForMulti', screen: 'confirm', flags: LOGIN },
  payoff: { path: '/payoff', screen: 'payoff', flags: LOGIN },
  paySuccess: { path: '/paySuccess', screen: 'pay-success', flags: LOGIN },
  policyList: { path: '/policyList', screen: 'policy-list', flags: LOGIN },
  /** Development only: every manifest with its validation status (the server decides whether it has data). */
  catalogue: { path: '/catalogue', screen: 'catalogue-preview', flags: NONE },
  // --- ratings
  estimateList: { path: '/estimateList', screen: 'estimate-list', flags: LOGIN },
  // --- markets
  insureMarketHome: { path: '/insureMarketHome', screen: 'market-home', flags: NONE },
  locationMarketHome: { path: '/locationMarketHome', screen: 'market-chooser', flags: NONE },
  /** The landing of a shared market link: the market's home, kept alive, clears the stored form. */
  market2Share: { path: '/market2Share', screen: 'market-home', flags: { keepAlive: true, clearForm: true } },
  searchCenter: { path: '/searchCenter', screen: 'search-center', flags: NONE },
  selectCompany: { path: '/selectCompany', screen: 'select-company', flags: NONE },
  insureCompanies: { path: '/insureCompanies', screen: 'insure-companies', flags: NONE },
  insureSvcProfile: { path: '/insureSvcProfile', screen: 'insure-svc-profile', flags: NONE },
  claimSvcProfile: { path: '/claimSvcProfile', screen: 'claim-svc-profile', flags: NONE },
  richTextPage: { path: '/richTextPage', screen: 'rich-text-page', flags: NONE },
  newProductInsure: { path: '/newProductInsure', screen: 'new-product-insure', flags: NONE },
  test: { path: '/test', screen: 'self-test', flags: NONE },
  // --- accounts
  verCodeLogin: { path: '/passport/VerCodeLogin', screen: 'login', flags: NONE },
  passwordLogin: { path: '/passport/PasswordLogin', screen: 'password-login', flags: NONE },
  /** Registration with a password (ours: the spec names the call v1/appRegister, not its screen). */
  register: { path: '/passport/register', screen: 'register', flags: NONE },
  forgetPassword: { path: '/forgetPassword', screen: 'forget-password', flags: NONE },
  resetNewPassword: { path: '/resetNewPassword', screen: 'reset-new-password', flags: LOGIN },
  bindPhone: { path: '/bindPhone/:0/:1', screen: 'bind-phone', flags: LOGIN },
  userInfo: { path: '/userInfo', screen: 'user-info', flags: LOGIN },
  myIndex: { path: '/myIndex', screen: 'my-index', flags: LOGIN },
  /** The people a parent saved to fill the insure form (ours: docs/accounts.md#family-members). */
  familyMembers: { path: '/familyMembers', screen: 'family-members', flags: LOGIN },
  /** Claims (ours: docs/claims.md): report one from a policy in force, the list, one claim's timeline. */
  claimReport: { path: '/claimReport', screen: 'claim-report', flags: LOGIN },
  claimList: { path: '/claimList', screen: 'claim-list', flags: LOGIN },
  claimDetail: { path: '/claimDetail', screen: 'claim-detail', flags: LOGIN },
  // --- contracts: one manifest-driven signing screen for every contract route
  lanshanContract: { path: '/lanshanContract', screen: 'contract', flags: LOGIN },
  jiningOfflineContract: { path: '/jiningOfflineContract', screen: 'contract', flags: LOGIN },
  xuZhouOfflineSign: { path: '/xuZhouOfflineSign', screen: 'contract', flags: LOGIN },
  taiyuanContract: { path: '/taiyuanContract', screen: 'contract', flags: NONE },
  detailSign: { path: '/detailSign', screen: 'contract', flags: LOGIN },
  signList: { path: '/signList', screen: 'contract', flags: LOGIN },
  watchSign: { path: '/watchSign', screen: 'contract', flags: LOGIN },
  pdf: { path: '/pdf', screen: 'contract', flags: NONE },
  /** The real-name form that leads to the face check (ours: the spec shows only its result page). */
  realNameAuth: { path: '/realNameAuth', screen: 'real-name-auth', flags: LOGIN },
  certificationResult: { path: '/CertificationResult', screen: 'certification-result', flags: LOGIN },
  aboutUs: { path: '/aboutUs', screen: 'about-us', flags: NONE },
  problem: { path: '/problem', screen: 'problem', flags: NONE },
  // --- information pages (content/pages/<path without slash>.md, one screen; the server checks log-in again from the document)
  registerKnow: { path: '/registerKnow', screen: 'info-page', flags: NONE, title: '注册须知' },
  registerPrivacyClause: { path: '/registerPrivacyClause', screen: 'info-page', flags: NONE, title: '隐私政策' },
  fzAddressBook: { path: '/fzAddressBook', screen: 'info-page', flags: NONE, title: '分支机构通讯录' },
  forParentLetter: { path: '/forParentLetter', screen: 'info-page', flags: NONE, title: '致学生家长的一封信' },
  hideClare: { path: '/hideClare', screen: 'info-page', flags: NONE, title: '健康告知' },
  informationDisclosure: { path: '/informationDisclosure', screen: 'info-page', flags: NONE, title: '信息披露' },
  JtprivacyClause: { path: '/JtprivacyClause', screen: 'info-page', flags: LOGIN, title: '团体投保个人信息授权条款' },
  descriptionAgreementDocuments: { path: '/descriptionAgreementDocuments', screen: 'info-page', flags: LOGIN, title: '投保文件说明' },
  exemptionliability: { path: '/exemptionliability', screen: 'info-page', flags: LOGIN, title: '责任免除说明' },
  healthInsuranceAgreements: { path: '/healthInsuranceAgreements', screen: 'info-page', flags: LOGIN, title: '健康保险特别约定' },
  insuranceClauses: { path: '/insuranceClauses', screen: 'info-page', flags: LOGIN, title: '保险条款阅读指引' },
  // --- protocol reading
  checkProtocol: { path: '/checkProtocol', screen: 'protocol-reading', flags: NONE, title: '投保须知及条款' },
  // The product notice screens of spec §2 "Insure and confirm" (log-in, not kept alive, back allowed), read
  // before the insure form; a manifest binds a product to /calmCareNotify or /fuxingNotify (`noticeRoute`).
  calmCareNotify: { path: '/calmCareNotify', screen: 'protocol-reading', flags: LOGIN, title: '安心无忧投保告知' },
  fuxingNotify: { path: '/fuxingNotify', screen: 'protocol-reading', flags: LOGIN, title: '复星联合投保告知' },
  insuranceNotificationAgreement: { path: '/insuranceNotificationAgreement', screen: 'protocol-reading', flags: LOGIN, title: '投保告知书' },
  commonProtocolRead: { path: '/commonProtocolRead', screen: 'clause-view', flags: NONE },
  viewClause: { path: '/viewClause', screen: 'clause-view', flags: NONE },
  viewImage: { path: '/viewImage', screen: 'view-image', flags: NONE },
  statistics: { path: '/statistics', screen: 'statistics', flags: NONE },
  // --- policies: one detail route per status (spec §2), one screen
  policyDetailTobePaid: { path: '/policyDetailTobePaid', screen: 'policy-detail', flags: LOGIN },
  policyDetailGuarantee: { path: '/policyDetailGuarantee', screen: 'policy-detail', flags: LOGIN },
  policyDetailPaymentTimeout: { path: '/policyDetailPaymentTimeout', screen: 'policy-detail', flags: LOGIN },
  policyDetailPolicyOverdue: { path: '/policyDetailPolicyOverdue', screen: 'policy-detail', flags: LOGIN },
  policyDetailSurrender: { path: '/policyDetailSurrender', screen: 'policy-detail', flags: LOGIN },
  policyDetailCancel: { path: '/PolicyDetailCancel', screen: 'policy-detail', flags: LOGIN },
  policyDetailWaitIssue: { path: '/policyDetailWaitIssue', screen: 'policy-detail', flags: LOGIN },
  policyDetailIssueFail: { path: '/policyDetailIssueFail', screen: 'policy-detail', flags: LOGIN },
  /** Spec §2: no log-in (a visitor sees no policy data, docs/policy-lifecycle.md). */
  policyDetailWaitInsurance: { path: '/policyDetailWaitInsurance', screen: 'policy-detail', flags: NONE },
  insureDetail: { path: '/insureDetail', screen: 'insure-detail', flags: LOGIN },
  cooperationList: { path: '/cooperationList', screen: 'cooperation-list', flags: LOGIN },
  zancunList: { path: '/zancunList', screen: 'zancun-list', flags: LOGIN },
  renewalList: { path: '/renewalList', screen: 'renewal-list', flags: LOGIN },
  insurerenew: { path: '/insurerenew', screen: 'insure-renew', flags: NONE },
  // --- the promoter area (spec §2 promoter routes): log-in, the server answers 4003 to anyone not a promoter
  myAchievement: { path: '/myAchievement', screen: 'my-achievement', flags: LOGIN },
  // --- recording: the compliance replay of recorded sales, for staff on a desktop browser
  compliance: { path: '/compliance', screen: 'compliance', flags: LOGIN },
  achievementDetail: { path: '/achievementDetail', screen: 'achievement-detail', flags: LOGIN },
  validList: { path: '/validList', screen: 'valid-list', flags: LOGIN },
  customerList: { path: '/customerList', screen: 'customer-list', flags: LOGIN },
  customerDetail: { path: '/customerDetail', screen: 'customer-detail', flags: LOGIN },
  customerDetailPush: { path: '/customerDetailPush', screen: 'customer-detail-push', flags: LOGIN },
  rewardDetail: { path: '/rewardDetail', screen: 'reward-detail', flags: LOGIN },
  renewalDetail: { path: '/renewalDetail', screen: 'renewal-detail', flags: LOGIN },
  // --- payments
  /** Spec §2: no log-in (JD returns the browser here). */
  paySuccessJD: { path: '/paySuccessJD', screen: 'pay-success-jd', flags: NONE },
  weixin: { path: '/weixin', screen: 'weixin', flags: LOGIN },
} as const satisfies Record<string, AppRoute>;

export type AppRouteKey = keyof typeof APP_ROUTES;

/** Every route of the table, with its key. */
export function appRoutes(): (AppRoute & { key: AppRouteKey })[] {
  return (Object.keys(APP_ROUTES) as AppRouteKey[]).map((key) => ({ key, ...APP_ROUTES[key] }));
}

/**
 * Paths no manifest may claim as its detail route: the first segment of every
 * route of the table (`/passport` for `/passport/login`, `/bindPhone` for
 * `/bindPhone/:0/:1`) and `/`. Passed to the engine's manifest set check.
 */
export function reservedRoutes(): ReadonlySet<string> {
  return new Set(appRoutes().map(({ path }) => (path === '/' ? '/' : `/${path.split('/')[1]}`)));
}

/**
 * The shape of a product detail route: a manifest's `routes` items (their pattern in
 * schemas/product-manifest.schema.json). A path outside the table without it is no detail route.
 */
export const DETAIL_ROUTE_SHAPE = /^\/[A-Za-z0-9]+$/;

// @vitest-environment happy-dom
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, appRoutes, reservedRoutes } from '../../src/contract/app-routes.ts';
import { paths, POLICY_DETAIL_ROUTE, ROUTES } from '../../src/web/app/paths.ts';
import { matchRoutes } from 'react-router-dom';
import { matchAppRoutes, routes } from '../../src/web/app/router.tsx';
import { CATCH_ALL_SCREENS, MISNAMED_SCREEN_MODULES, SCREEN_NAMES } from '../../src/web/app/screens.ts';
import { INFO_PAGES } from '../../src/web/features/content/screens/info-page/info-pages.ts';

const MANIFESTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../manifests');

const FEATURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../src/web/features');
/** Every folder under src/web/features/<feature>/screens/. */
const screenFolders = readdirSync(FEATURES_DIR).flatMap((feature) => {
  const dir = join(FEATURES_DIR, feature, 'screens');
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];
});

describe('the route table (src/contract/app-routes.ts)', () => {
  it('names only screens that have a module', () => {
    const missing = appRoutes().filter((route) => !SCREEN_NAMES.includes(route.screen));
    expect(missing.map((route) => `${route.key}: src/web/features/*/screens/${route.screen}/${route.screen}-screen.tsx`)).toEqual([]);
  });

  it('routes every screen module (the catch-all route renders product-detail and not-found)', () => {
    const routed = new Set<string>([...appRoutes().map((route) => route.screen), ...CATCH_ALL_SCREENS]);
    expect(SCREEN_NAMES.filter((name) => !routed.has(name))).toEqual([]);
  });

  it('finds a <name>/<name>-screen.tsx module in every screen folder, and no other *-screen.tsx', () => {
    expect(MISNAMED_SCREEN_MODULES).toEqual([]);
    expect([...SCREEN_NAMES].sort()).toEqual([...screenFolders].sort());
    expect(screenFolders.filter((name, i) => screenFolders.indexOf(name) !== i)).toEqual([]);
  });

  it('declares each path once', () => {
    const seen = appRoutes().map((route) => route.path);
    expect(seen.filter((path, i) => seen.indexOf(path) !== i)).toEqual([]);
  });

  it('asks for log-in exactly where spec §2 says, as the router matches each path', () => {
    // Written out from spec §2 ("Login required" / "No login"), not from the table.
    const login = [
      '/insure', '/calmCareNotify', '/fuxingNotify', '/insuranceNotificationAgreement', '/confirm', '/confirmIndex', '/confirmIndexOneConfig', '/confirmIndexForMulti',
      '/lanshanContract', '/jiningOfflineContract', '/xuZhouOfflineSign', '/estimateList',
      '/myIndex', '/zancunList', '/insureDetail', '/userInfo', '/resetNewPassword', '/detailSign', '/bindPhone/13800000000/1',
      '/myAchievement', '/validList', '/renewalList', '/customerList', '/achievementDetail', '/rewardDetail', '/renewalDetail', '/customerDetail', '/customerDetailPush',
      '/signList', '/watchSign', '/JtprivacyClause', '/CertificationResult', '/weixin', '/payoff', '/paySuccess',
      '/policyList', '/cooperationList', '/policyDetailTobePaid', '/policyDetailGuarantee', '/policyDetailPaymentTimeout', '/policyDetailPolicyOverdue',
      '/policyDetailSurrender', '/PolicyDetailCancel', '/policyDetailWaitIssue', '/policyDetailIssueFail',
      '/descriptionAgreementDocuments', '/exemptionliability', '/healthInsuranceAgreements', '/insuranceClauses',
    ];
    const open = [
      '/', '/market2Share', '/insureMarketHome', '/locationMarketHome', '/searchCenter', '/newProductDetail', '/xuzhouNewDetails', '/jiningDetails',
      '/pdf', '/taiyuanContract', '/passport/login', '/passport/VerCodeLogin', '/passport/PasswordLogin', '/aboutUs', '/problem', '/forgetPassword',
      '/registerKnow', '/registerPrivacyClause', '/fzAddressBook', '/forParentLetter', '/hideClare', '/informationDisclosure',
      '/paySuccessJD', '/insurerenew', '/policyDetailWaitInsurance', '/viewImage', '/checkProtocol', '/commonProtocolRead', '/viewClause', '/statistics',
    ];
    const asks = (pathname: string) => {
      const leaf = matchAppRoutes(pathname)?.at(-1)?.route;
      return { pathname, routed: leaf !== undefined && leaf.path !== '*', login: Boolean((leaf?.handle as { requiresLogin?: boolean } | undefined)?.requiresLogin) };
    };
    expect(login.map(asks).filter((a) => !a.routed || !a.login)).toEqual([]);
    expect(open.map(asks).filter((a) => a.login)).toEqual([]);
    // Product detail pages are the manifests' routes (the catch-all route): their log-in is the manifest's loginRequired.
    const detailLogin = (route: string) =>
      readdirSync(MANIFESTS_DIR)
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(MANIFESTS_DIR, name), 'utf8')) as { routes?: string[]; loginRequired?: boolean })
        .filter((m) => m.routes?.includes(route))
        .map((m) => m.loginRequired === true);
    expect(['/VaccineDetails', '/jiningOfflineDetails'].map(detailLogin)).toEqual([[true], [true]]);
  });

  it('gives the link builders their paths', () => {
    expect(ROUTES.home).toBe('/');
    // The spec's route, with its capital P.
    expect(ROUTES.policyDetailCancel).toBe('/PolicyDetailCancel');
    expect(paths.policyDetail('cancel', 'A1')).toBe('/PolicyDetailCancel?applicationFormCode=A1');
    for (const key of Object.values(POLICY_DETAIL_ROUTE)) expect(APP_ROUTES[key].screen).toBe('policy-detail');
  });

  it('is the one source of the information pages', () => {
    // The spec's information pages (§2), each drawn by the one info-page screen.
    const specPages = ['/registerKnow', '/registerPrivacyClause', '/fzAddressBook', '/forParentLetter', '/hideClare', '/informationDisclosure', '/JtprivacyClause',
      '/descriptionAgreementDocuments', '/exemptionliability', '/healthInsuranceAgreements', '/insuranceClauses'];
    expect(INFO_PAGES.map((page) => `/${page.slug}`).sort()).toEqual([...specPages].sort());
    expect(INFO_PAGES.find((page) => page.slug === 'JtprivacyClause')).toEqual({ slug: 'JtprivacyClause', title: '团体投保个人信息授权条款', requiresLogin: true });
  });
});

describe('reserved routes', () => {
  it('are the first segment of every route of the table', () => {
    const reserved = reservedRoutes();
    for (const path of ['/', '/insure', '/passport', '/bindPhone', '/PolicyDetailCancel', '/registerKnow', '/calmCareNotify', '/confirmIndexForMulti']) {
      expect(reserved.has(path), path).toBe(true);
    }
    expect(reserved.has('/passport/login')).toBe(false);
    expect(reserved.has('/xuzhouNewDetails')).toBe(false);
  });
});

describe('matchAppRoutes: the router\'s matches, kept and with static paths answered directly', () => {
  const pathnames = [
    ...routes.map((route) => route.path).filter((path) => path !== '*'),
    ...routes.map((route) => route.path.toUpperCase()).filter((path) => path !== '*'),
    '/zaozhuangDetails',
    '/insureMarketHome/',
    '/policyDetail/123',
    '/no/such/page',
    '/',
  ];
  it.each(pathnames.map((pathname) => [pathname]))('%s matches as react-router matches it', (pathname) => {
    const expected = matchRoutes(routes, { pathname });
    expect(matchAppRoutes(pathname)).toEqual(expected);
    // Kept: the second answer is the first.
    expect(matchAppRoutes(pathname)).toBe(matchAppRoutes(pathname));
  });
});

import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { earlyCatalogue, loadQueryModuleWhenIdle, useEarlyQuery } from '../../../../shared/api/early-queries.ts';
import { paths } from '../../../../app/paths.ts';
import { appNavigation, routeScreenReady } from '../../../../app/router.tsx';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { CategoryTabs, categoryOptions, ProductCard, ProductCardsSkeleton } from '../../components/product-card.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { errorMessage } from '../../../../shared/ui/error-message.ts';
import { takeMarketModel } from '../../markets/market-start.ts';
import marketStyles from '../../components/market.module.css';
import styles from './home-screen.module.css';
// --- markets
import type { PageModelName } from '../../../../../engine/markets/page-model.ts';
import type { VisitorPlace } from '../../api/location.ts';

type MarketBar = { status: 'deciding' } | { status: 'stay'; model: PageModelName; place: VisitorPlace | null };

/** One market decision at a time (StrictMode runs effects twice; a dialog must not open twice). */
let deciding: Promise<MarketBar> | null = null;
/**
 * The last decision that kept the visitor on home. Back on home, the page shows it (and the catalogue) at
 * once while the decision runs again, so the page has its height for scroll restoration; only the first
 * visit waits for the decision, so a redirect to a market never flashes the national catalogue.
 */
let lastStay: MarketBar | null = null;

function decideMarket(go: (to: string, options?: { replace?: boolean }) => void): Promise<MarketBar> {
  // Started by the route (src/web/features/catalogue/markets/market-start.ts) before this chunk arrived; the page model,
  // geolocation and the dialogs stay out of the home route's budget.
  deciding ??= Promise.all([takeMarketModel(), import('../../markets/market-flow.ts')])
    .then(async ([{ model, place }, { runDecision }]) => {
      const bar = { status: 'stay' as const, model: model.model, place };
      // Leaving: home keeps its loading state until the redirect (which waits for its screen's module).
      if ((await runDecision(model.decision, go)) === 'left') return { status: 'deciding' as const };
      lastStay = bar;
      return bar;
    })
    .catch(() => {
      lastStay = { status: 'stay', model: 'normal', place: null };
      return lastStay;
    })
    .finally(() => {
      deciding = null;
    });
  return deciding;
}

/**
 * Home (`/`): brand header and the product catalogue, market-aware (spec §4):
 * the market page model decides first — a market-only model redirects to the
 * market's home route, several markets open the chooser, a question may be
 * asked — and when the visitor stays (no market for the place, a cancelled
 * question, offline) the plain catalogue is the page.
 */
export default function HomeScreen() {
  const navigate = useAppNavigate();
  const [market, setMarket] = useState<MarketBar>(() => lastStay ?? { status: 'deciding' });
  useEffect(() => {
    let live = true;
    // The decision may take a while (location, markets): a visitor who has left home, or is leaving it
    // (a product tapped while its route loads), stays with their choice (the address bar says so at once,
    // before React renders the change). The redirect waits for its screen's module (preloaded with the
    // decision), so the market home renders at once instead of its loading state (router.tsx,
    // `routeScreenReady`); the address bar changes only then.
    const goFromHome = (to: string, options?: { replace?: boolean }) => {
      void routeScreenReady(to).then(() => {
        if (appNavigation().location().pathname === '/') navigate(to, options);
      });
    };
    void decideMarket(goFromHome).then((bar) => {
      if (live) setMarket(bar);
    });
    return () => {
      live = false;
    };
    // Once per visit of the home page (navigate changes with every location).
  }, []);
  // The catalogue, fetched without the query library (which loads when home is idle and takes it over):
  // rendered on the first frame when already loaded (scroll restoration needs the height).
  const catalogue = useEarlyQuery(earlyCatalogue);
  const retry = () => earlyCatalogue.retry();
  // The query library (for the next screens) once the visitor stays on home: when the decision leaves for a
  // market's home, that screen loads it after its banner, so it does not compete with the redirect's files.
  const stays = market.status !== 'deciding';
  useEffect(() => {
    if (stays) loadQueryModuleWhenIdle();
  }, [stays]);
  // The chosen category lives in the URL, so a reload or a back navigation keeps it.
  const [query, setQuery] = useSearchParams();
  const category = query.get('category') ?? '';
  const list = useMemo(() => catalogue.data ?? [], [catalogue.data]);
  const categories = useMemo(() => [...new Set(list.map((item) => item.productCategory2).filter(Boolean))], [list]);
  const shown = category ? list.filter((item) => item.productCategory2 === category) : list;
  const choose = (next: string) => setQuery(next ? { category: next } : {}, { replace: true });

  useEffect(() => {
    document.title = '学平险在线投保';
  }, []);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.brandRow}>
          <div className={styles.brand}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>学平险在线</span>
          </div>
          <div className={styles.headerLinks}>
            <button type="button" className={`${styles.myPolicies} hit-44`} onClick={() => navigate(paths.policyList())}>
              我的保单
            </button>
            <button type="button" className={`${styles.myPolicies} hit-44`} onClick={() => navigate(paths.myIndex())}>
              个人中心
            </button>
          </div>
        </div>
        {/* An SVG asset in a fixed, absolutely placed box: no weight in the home bundle, no shift when it arrives.
            Requested only once the visitor stays: while the market decides, most first visits are about to leave
            for a market home, and this request would take a connection from that screen's files and banner
            (docs/performance.md, "What the simulated load charges"). */}
        {stays && <img className={styles.headerImage} src="/img/illustrations/student-accident.svg" alt="" width={132} height={88} fetchPriority="high" decoding="async" />}
        <h1 className={styles.headline}>
          <span className={styles.phrase}>为孩子的每一天</span>
          <span className={styles.phrase}>保驾护航</span>
        </h1>
        <p className={styles.tagline}>学生意外 · 监护人责任 · 在线投保，即时生效</p>
        <ul className={styles.promises}>
          <li>正规持牌经纪</li>
          <li>全程线上办理</li>
          <li>本地理赔服务</li>
        </ul>
      </header>

      <section className={`${marketStyles.section} ${marketStyles.raised}`} aria-label="保险产品">
        <MarketNotice bar={market} onChoose={() => navigate(paths.locationMarketHome())} onSearch={() => navigate(paths.searchCenter())} />
        <h2 className={marketStyles.sectionTitle}>热销产品</h2>
        {/* While the market decides, no national catalogue: a redirect to the market's home must not flash it. */}
        {(catalogue.pending || (market.status === 'deciding' && catalogue.data)) && <ProductCardsSkeleton />}
        {Boolean(catalogue.error) && !catalogue.data && <LoadError description={errorMessage(catalogue.error)} onRetry={retry} />}
        {market.status !== 'deciding' && catalogue.data && catalogue.data.length === 0 && (
          <StatusBlock kind="empty" title="暂无可投保产品" description="敬请期待更多产品上线" />
        )}
        {market.status !== 'deciding' && categories.length > 1 && (
          <CategoryTabs label="产品分类" options={categoryOptions(categories)} value={category} onChange={choose} />
        )}
        {market.status !== 'deciding' &&
          catalogue.data &&
          shown.map((item, index) => (
            <ProductCard
              key={item.productCode}
              item={item}
              // The first cards are on the first screen; the rest load when scrolled to.
              eager={index < 2}
              onOpen={() => navigate(item.path || paths.productDetail(item.productCode))}
            />
          ))}
      </section>

      <footer className={styles.footer}>本平台由保险经纪公司运营，保险责任由承保保险公司承担</footer>
    </div>
  );
}

function MarketNotice({ bar, onChoose, onSearch }: { bar: MarketBar; onChoose: () => void; onSearch: () => void }) {
  let text: string;
  if (bar.status === 'deciding') text = '正在为您匹配所在地区的保险超市…';
  else if (bar.model === 'OFF_NET_MARKET') text = '网络不可用，请检查网络连接后重试';
  else if (bar.model === 'normal') text = `${bar.place?.name ?? '您所在地区'}暂无保险超市，为您展示全部在售产品`;
  else text = '为您展示全部在售产品';
  return (
    <div className={styles.marketNotice} data-testid="market-notice" role="status">
      <span>{text}</span>
      <span className={styles.marketActions}>
        <button type="button" className="hit-44" onClick={onSearch}>
          搜索
        </button>
        <button type="button" className="hit-44" onClick={onChoose}>
          选择保险超市
        </button>
      </span>
    </div>
  );
}

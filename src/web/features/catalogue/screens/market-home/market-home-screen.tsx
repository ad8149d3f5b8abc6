import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'antd-mobile';
import { CheckShieldOutline, FileOutline, HandPayCircleOutline, SearchOutline } from 'antd-mobile-icons';
import type { MarketDetail } from '../../../../../contract/market.ts';
import { SHARE } from '../../../../../contract/promoter.ts';
import { earlyMarket, loadQueryModuleWhenIdle, useEarlyQuery } from '../../../../shared/api/early-queries.ts';
import { paths } from '../../../../app/paths.ts';
import { hasAppHistory, useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { EntryGrid } from '../../../../shared/ui/layout/entry-grid.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import styles from '../../components/market.module.css';
import { CategoryTabs, categoryOptions, ProductCard } from '../../components/product-card.tsx';
import { errorMessage } from '../../../../shared/ui/error-message.ts';
import { WrappedNotice } from '../../../../shared/ui/wrapped-notice.tsx';
import { ShareButton } from '../../../sharing/index.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { resolvePageModel, runDecision } from '../../markets/market-flow.ts';
import own from './market-home-screen.module.css';
import { readMarketChoice, saveMarketChoice } from '../../state/market-choice.ts';

/** /insureMarketHome?id and /market2Share?id (a shared market link): a market's home (its products, service entries and contact); without id, the current market. */
export default function MarketHomeScreen() {
  const [query] = useSearchParams();
  const id = query.get('id') || readMarketChoice().current || '';
  return <MarketHomeView id={id} />;
}

/**
 * A market's home. Opening an online market makes it the visitor's current
 * market; an offline one asks 您选择的保险超市已下线，是否前往其他超市或重新选择？
 * (the page model with this market as the choice), and shows its state when
 * the visitor stays.
 */
export function MarketHomeView({ id }: { id: string }) {
  const navigate = useAppNavigate();
  if (!id) {
    return (
      <AppPage title="保险超市">
        <StatusBlock kind="empty" title="尚未选择保险超市" description="请选择您所在地区的保险超市">
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.locationMarketHome())}>
            选择保险超市
          </Button>
        </StatusBlock>
      </AppPage>
    );
  }
  return <MarketLoad id={id} />;
}

/**
 * The market's detail through an early query (shared/api/early-queries.ts): the first screen, and its banner
 * (home's largest paint after the redirect), do not wait for the query library, which loads when the
 * page is idle once the banner has loaded and takes the answer into its cache (docs/performance.md,
 * "TanStack Query after home").
 */
function MarketLoad({ id }: { id: string }) {
  const navigate = useAppNavigate();
  const query = earlyMarket(id);
  const { data: market, error } = useEarlyQuery(query);

  useEffect(() => {
    if (!market) return;
    if (market.online) {
      saveMarketChoice({ current: market.id, inited: true });
      return;
    }
    let live = true;
    void resolvePageModel({ current: market.id }).then(({ model }) => {
      if (live) void runDecision(model.decision, navigate);
    });
    return () => {
      live = false;
    };
    // Once per market shown (navigate changes with every location).
  }, [market]);

  if (market) return <MarketPage market={market} />;
  if (!error) return <AppPage title="保险超市"><PageLoading /></AppPage>;
  const message = errorMessage(error);
  return (
    <AppPage title="保险超市">
      {message === '保险超市不存在' ? (
        <StatusBlock kind="empty" title="保险超市不存在" description="链接可能已失效，请重新选择保险超市">
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.locationMarketHome())}>
            重新选择
          </Button>
        </StatusBlock>
      ) : (
        <LoadError description={message} onRetry={() => query.retry()} />
      )}
    </AppPage>
  );
}

function MarketPage({ market }: { market: MarketDetail }) {
  const navigate = useAppNavigate();
  const [category, setCategory] = useState('');
  const categories = useMemo(() => [...new Set(market.products.map((p) => p.productCategory2).filter(Boolean))], [market]);
  const shown = category ? market.products.filter((p) => p.productCategory2 === category) : market.products;

  return (
    <AppPage
      title={market.name}
      // The market home is the visitor's home page: opened first (home redirects here), it has nothing to go back to,
      // and a back arrow to / would only redirect here again.
      back={hasAppHistory()}
      // A shared market opens on /market2Share, the landing of shared market links (spec §2).
      right={market.online ? <ShareButton target={{ route: paths.market2Share(market.id), title: `${market.name}${SHARE.brandSuffix}` }} /> : undefined}
    >
      <header className={`${styles.hero} ${own.hero}`} data-testid="market-home" data-market-id={market.id}>
        {/* The page's largest paint: the query library (for the next screens) waits until it has loaded. */}
        <img
          className={own.heroImage}
          src={market.image}
          alt=""
          width={150}
          height={100}
          fetchPriority="high"
          decoding="async"
          onLoad={loadQueryModuleWhenIdle}
          onError={loadQueryModuleWhenIdle}
        />
        <h1 className={styles.heroName}>{market.name}</h1>
        {market.subtitle && <p className={styles.heroLine}>{market.subtitle}</p>}
        <p className={styles.heroLine}>服务地区：{market.areaNames.join('、')}</p>
        <button type="button" className={`${styles.heroSwitch} hit-44`} onClick={() => navigate(paths.locationMarketHome())}>
          切换保险超市
        </button>
      </header>

      {!market.online && (
        <StatusBlock kind="empty" title="该保险超市已下线" description="已购保单不受影响，可在“我的保单”中查看">
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.locationMarketHome())}>
            重新选择
          </Button>
        </StatusBlock>
      )}
      {market.online && market.notice && <WrappedNotice content={market.notice} color="info" />}

      {market.online && (
        <>
          <EntryGrid
            label="服务入口"
            entries={[
              { key: 'search', icon: <SearchOutline />, label: '搜索产品', onClick: () => navigate(paths.searchCenter({ market: market.id })) },
              { key: 'insurers', icon: <CheckShieldOutline />, label: '保险公司', onClick: () => navigate(paths.selectCompany(market.id)) },
              { key: 'insure', icon: <FileOutline />, label: '投保服务', onClick: () => navigate(paths.insureSvcProfile()) },
              { key: 'claim', icon: <HandPayCircleOutline />, label: '理赔服务', onClick: () => navigate(paths.claimSvcProfile()) },
            ]}
          />

          <section className={styles.section} aria-label="超市产品">
            <h2 className={styles.sectionTitle}>超市产品</h2>
            {categories.length > 1 && (
              <CategoryTabs label="产品分类" options={categoryOptions(categories)} value={category} onChange={setCategory} />
            )}
            {shown.length === 0 && <StatusBlock kind="empty" title="暂无可投保产品" description="敬请期待更多产品上线" />}
            {shown.map((item) => (
              <ProductCard key={item.productCode} item={item} insurers={item.insurers} onOpen={() => navigate(item.path || paths.productDetail(item.productCode))} />
            ))}
          </section>
        </>
      )}

      <footer className={styles.contact}>
        {market.contact && (
          <div>
            {market.contact.name}：<a href={`tel:${market.contact.phone}`}>{market.contact.phone}</a>
            {market.contact.hours && `（${market.contact.hours}）`}
          </div>
        )}
        <div>本平台由保险经纪公司运营，保险责任由承保保险公司承担</div>
      </footer>
    </AppPage>
  );
}

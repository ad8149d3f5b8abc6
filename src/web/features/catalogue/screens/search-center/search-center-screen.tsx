import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SearchBar } from 'antd-mobile';
import type { MarketSummary } from '../../../../../contract/market.ts';
import type { ProductListItem } from '../../../../../contract/product.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import styles from '../../components/market.module.css';
import { CategoryTabs, categoryOptions, ProductCard } from '../../components/product-card.tsx';
import type { Loaded } from '../../../../shared/ui/use-load.ts';
import { useLoadedQuery } from '../../../../shared/ui/query-state.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import '../../../../shared/ui/a11y/search-bar.css';

/** Products matching a name (any part of the product name or subtitle, case-insensitive) and a category. */
export function searchProducts(list: readonly ProductListItem[], name: string, category: string, codes?: ReadonlySet<string>): ProductListItem[] {
  const needle = name.trim().toLowerCase();
  return list.filter(
    (p) =>
      (!needle || p.productName.toLowerCase().includes(needle) || p.subtitle.toLowerCase().includes(needle)) &&
      (!category || p.productCategory2 === category) &&
      (!codes || codes.has(p.productCode)),
  );
}

/**
 * /searchCenter?name&market&category: search the products on sale by name,
 * city (the markets, one per city or area) and category. The choices live in
 * the URL, so back and reload keep them.
 */
export default function SearchCenterScreen() {
  const navigate = useAppNavigate();
  const [query, setQuery] = useSearchParams();
  const name = query.get('name') ?? '';
  const marketId = query.get('market') ?? '';
  const category = query.get('category') ?? '';
  const set = (change: Record<string, string>) => {
    const next = Object.fromEntries(Object.entries({ name, market: marketId, category, ...change }).filter(([, v]) => v));
    setQuery(next, { replace: true });
  };

  const [catalogue, retryCatalogue] = useLoadedQuery(queries.catalogue());
  const [allMarkets, retryMarkets] = useLoadedQuery(queries.markets());
  const base = both(catalogue, allMarkets);
  const reload = () => {
    if (catalogue.status === 'error') retryCatalogue();
    if (allMarkets.status === 'error') retryMarkets();
  };
  const [market] = useLoadedQuery({ ...queries.market(marketId), enabled: marketId !== '' });
  const inMarket: Loaded<ReadonlySet<string> | undefined> = !marketId
    ? { status: 'ready', data: undefined }
    : market.status === 'ready'
      ? { status: 'ready', data: new Set(market.data.products.map((p) => p.productCode)) }
      : market;

  const list = base.status === 'ready' ? base.data.list : [];
  const categories = useMemo(() => [...new Set(list.map((p) => p.productCategory2).filter(Boolean))], [list]);
  const codes = inMarket.status === 'ready' ? inMarket.data : undefined;
  const results = searchProducts(list, name, category, codes);

  return (
    <AppPage title="搜索产品">
      <section className={styles.section}>
        <SearchBar placeholder="输入产品名称，如 学平险、医疗" defaultValue={name} onSearch={(v) => set({ name: v })} onClear={() => set({ name: '' })} />
        {base.status === 'ready' && (
          <>
            <h3 className={styles.muted}>城市</h3>
            <CategoryTabs
              label="城市"
              options={[{ value: '', label: '全部' }, ...base.data.markets.map((m) => ({ value: m.id, label: m.areaNames.map(shortArea).join('、') }))]}
              value={marketId}
              onChange={(id) => set({ market: id })}
            />
            <h3 className={styles.muted}>分类</h3>
            <CategoryTabs label="分类" options={categoryOptions(categories)} value={category} onChange={(c) => set({ category: c })} />
          </>
        )}
      </section>
      <section className={styles.section} aria-label="搜索结果">
        {base.status === 'loading' && <PageLoading />}
        {base.status === 'error' && <LoadError description={base.message} onRetry={reload} />}
        {base.status === 'ready' && marketId && inMarket.status === 'loading' && <PageLoading />}
        {base.status === 'ready' && (!marketId || inMarket.status !== 'loading') && (
          <>
            <h2 className={styles.sectionTitle} data-testid="result-count">共 {results.length} 款产品</h2>
            {results.length === 0 && <StatusBlock kind="empty" title="没有找到相关产品" description="换个关键词或城市试试" />}
            {results.map((item) => (
              <ProductCard key={item.productCode} item={item} onOpen={() => navigate(item.path || paths.productDetail(item.productCode))} />
            ))}
          </>
        )}
      </section>
    </AppPage>
  );
}

/** The catalogue and the online markets, once both are here; the first failure otherwise. */
function both(list: Loaded<readonly ProductListItem[]>, markets: Loaded<readonly MarketSummary[]>): Loaded<{ list: readonly ProductListItem[]; markets: readonly MarketSummary[] }> {
  if (list.status === 'error') return list;
  if (markets.status === 'error') return markets;
  if (list.status === 'loading' || markets.status === 'loading') return { status: 'loading' };
  return { status: 'ready', data: { list: list.data, markets: markets.data.filter((m) => m.online) } };
}

/** '江苏省徐州市' → '徐州市', '浙江省' → '浙江省', '山东省临沂市兰山区' → '兰山区'. */
function shortArea(name: string): string {
  const m = /(?:省|自治区|市)([^省市]+?(?:市|区|县|州|盟))$/.exec(name);
  return m?.[1] ?? name;
}

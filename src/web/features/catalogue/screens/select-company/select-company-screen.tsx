import { useSearchParams } from 'react-router-dom';
import type { MarketDetail } from '../../../../../contract/market.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import styles from '../../components/market.module.css';
import pills from '../../components/pill-tabs.module.css';
import { ProductCard } from '../../components/product-card.tsx';
import { useLoadedQuery } from '../../../../shared/ui/query-state.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { readMarketChoice } from '../../state/market-choice.ts';
import type { Loaded } from '../../../../shared/ui/use-load.ts';

/**
 * /selectCompany?id&company: choose an insurer among those of a market (the
 * current market without id), then see that insurer's products there.
 */
export default function SelectCompanyScreen() {
  const navigate = useAppNavigate();
  const [query, setQuery] = useSearchParams();
  const id = query.get('id') || readMarketChoice().current || '';
  const company = query.get('company') ?? '';
  const [loaded, reload] = useLoadedQuery({ ...queries.market(id), enabled: id !== '' });
  const state: Loaded<MarketDetail | null> = id ? loaded : { status: 'ready', data: null };

  if (state.status === 'loading') return <AppPage title="选择保险公司"><PageLoading /></AppPage>;
  if (state.status === 'error') return <AppPage title="选择保险公司"><LoadError description={state.message} onRetry={reload} /></AppPage>;
  const market = state.data;
  if (!market) {
    return (
      <AppPage title="选择保险公司">
        <StatusBlock kind="empty" title="尚未选择保险超市" description="请先选择保险超市，再按保险公司查看产品" />
      </AppPage>
    );
  }
  const products = company ? market.products.filter((p) => p.insurers.includes(company)) : [];
  return (
    <AppPage title="选择保险公司">
      <section className={styles.section} aria-label="保险公司">
        <h2 className={styles.sectionTitle}>{market.name}的承保公司</h2>
        {market.insurers.map((name) => (
          <button
            key={name}
            type="button"
            className={name === company ? pills.tabActive : pills.tab}
            style={{ margin: '0 8px 2px 0' }}
            aria-pressed={name === company}
            onClick={() => setQuery({ id: market.id, company: name }, { replace: true })}
            data-testid="company-option"
          >
            {name}
          </button>
        ))}
      </section>
      {company && (
        <section className={styles.section} aria-label="产品">
          <h2 className={styles.sectionTitle}>{company}承保的产品</h2>
          {products.length === 0 && <StatusBlock kind="empty" title="该公司在本超市暂无在售产品" />}
          {products.map((item) => (
            <ProductCard key={item.productCode} item={item} insurers={item.insurers} onOpen={() => navigate(item.path || paths.productDetail(item.productCode))} />
          ))}
        </section>
      )}
    </AppPage>
  );
}

import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppQueryClient } from '../../../../shared/api/query-hooks.ts';
import { Button, Tag } from 'antd-mobile';
import type { MarketSummary } from '../../../../../contract/market.ts';
import { forgetVisitorPlace, locateVisitor, type VisitorPlace } from '../../api/location.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { marketsFor } from '../../../../../engine/markets/page-model.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import styles from '../../components/market.module.css';
import { useLoadedQuery } from '../../../../shared/ui/query-state.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { marketHomeHref } from '../../markets/market-flow.ts';
import { readMarketChoice, saveMarketChoice } from '../../state/market-choice.ts';

/**
 * /locationMarketHome?ids: the market chooser (spec §4 "several markets → the
 * chooser"). The markets of the visitor's place first (`ids`, in the page
 * model's order; without them, or after 重新定位, the markets serving the
 * place located), then every other online market, each with its banner
 * illustration; choosing one makes it the current market and opens its home
 * route.
 */
export default function MarketChooserScreen() {
  const navigate = useAppNavigate();
  const [query] = useSearchParams();
  const ids = useMemo(() => (query.get('ids') ?? '').split(',').filter(Boolean), [query]);
  const queryClient = useAppQueryClient();
  // The visitor's place is asked of the browser (and kept for the session by locateVisitor), not cached here:
  // 重新定位 forgets it and asks again.
  const [state, reload] = useLoadedQuery({
    queryKey: ['marketChooser'],
    queryFn: async (): Promise<{ markets: readonly MarketSummary[]; place: VisitorPlace }> => {
      const [markets, place] = await Promise.all([queryClient.ensureQueryData(queries.markets()), locateVisitor()]);
      return { markets, place };
    },
    staleTime: 0,
    gcTime: 0,
  });
  const current = readMarketChoice().current;
  const [relocated, setRelocated] = useState(false);

  const choose = (market: MarketSummary) => {
    saveMarketChoice({ current: market.id, inited: true });
    navigate(marketHomeHref(market));
  };

  if (state.status === 'loading') return <AppPage title="选择保险超市"><PageLoading /></AppPage>;
  if (state.status === 'error') return <AppPage title="选择保险超市"><LoadError description={state.message} onRetry={reload} /></AppPage>;

  const online = state.data.markets.filter((m) => m.online);
  const { place } = state.data;
  // The markets of the visitor's place first: those the market decision found (`ids`), or, opened by
  // 切换保险超市 or after 重新定位, those serving the place just located.
  const here =
    ids.length > 0 && !relocated
      ? ids.map((id) => online.find((m) => m.id === id)).filter((m): m is MarketSummary => m !== undefined)
      : place.source === 'device'
        ? marketsFor(online, place.areaCode)
        : [];
  const others = online.filter((m) => !here.includes(m));

  return (
    <AppPage title="选择保险超市">
      <section className={styles.section}>
        <div className={styles.row}>
          <span>
            当前定位：<strong data-testid="current-place">{place.name}</strong>
            {place.source === 'default' && <span className={styles.muted}>（未获取到位置，默认）</span>}
          </span>
          <Button
            size="mini"
            fill="outline"
            color="primary"
            onClick={() => {
              forgetVisitorPlace();
              setRelocated(true);
              reload();
            }}
          >
            重新定位
          </Button>
        </div>
        <p className={styles.muted}>保险超市按地区提供当地学平险及全国可投保的少儿保障产品。</p>
      </section>
      {here.length > 0 && <MarketGroup title="您所在地区的保险超市" markets={here} current={current} onChoose={choose} testId="markets-here" />}
      <MarketGroup title={here.length > 0 ? '其他地区保险超市' : '全部保险超市'} markets={others} current={current} onChoose={choose} testId="markets-other" />
    </AppPage>
  );
}

function MarketGroup({
  title,
  markets,
  current,
  onChoose,
  testId,
}: {
  title: string;
  markets: readonly MarketSummary[];
  current: string | null;
  onChoose: (m: MarketSummary) => void;
  testId: string;
}) {
  if (markets.length === 0) return null;
  return (
    <section className={styles.section} aria-label={title} data-testid={testId}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {markets.map((m, i) => (
        <button key={m.id} type="button" className={styles.card} onClick={() => onChoose(m)} data-testid="market-option" data-market-id={m.id}>
          {/* The market's banner illustration in the card's image box (as a product card's), lazy below the first few. */}
          <img className={styles.cardImage} src={m.image} alt="" width={72} height={48} loading={i < 4 ? 'eager' : 'lazy'} decoding="async" />
          <div className={styles.cardTop}>
            <span className={styles.cardName}>{m.name}</span>
            {m.id === current && (
              <Tag color="success" fill="outline" round>
                当前
              </Tag>
            )}
          </div>
          {m.subtitle && <p className={styles.cardSubtitle}>{m.subtitle}</p>}
          <span className={styles.cardArea}>服务地区：{m.areaNames.join('、')}</span>
        </button>
      ))}
    </section>
  );
}

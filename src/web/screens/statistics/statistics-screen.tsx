import { useCallback, useEffect, useState } from 'react';
import { List } from 'antd-mobile';
import type { AreaStatistics } from '../../../contract/school.ts';
import { infoApi } from '../../api/info.ts';
import { AppPage } from '../../components/app-page.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';

type State = { phase: 'loading' } | { phase: 'ready'; stats: AreaStatistics } | { phase: 'error'; message: string };

/**
 * `/statistics` (no log-in; the spec does not say what it shows): the
 * service coverage of the catalogue — per sales area, the products on sale
 * and the schools in the directory — so parents see where the app sells and
 * operations staff spot an area whose schools are missing.
 */
export default function StatisticsScreen() {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    try {
      setState({ phase: 'ready', stats: await infoApi.areaStatistics({ silent: true }) });
    } catch (error) {
      setState({ phase: 'error', message: error instanceof Error ? error.message : '加载失败' });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <AppPage title="服务统计">
      {state.phase === 'loading' && <PageLoading />}
      {state.phase === 'error' && <LoadError description={state.message} onRetry={() => void load()} />}
      {state.phase === 'ready' && (
        <>
          <List header="总览">
            <List.Item extra={`${state.stats.totalProducts} 款`}>在售产品</List.Item>
            <List.Item extra={`${state.stats.list.length} 个`}>服务地区</List.Item>
            <List.Item extra={`${state.stats.totalSchools} 所`}>收录学校</List.Item>
          </List>
          <List header="各地区">
            {state.stats.list.map((area) => (
              <List.Item key={area.areaCode} description={`收录学校 ${area.schools} 所`} extra={`${area.products} 款产品`}>
                {area.areaName}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </AppPage>
  );
}

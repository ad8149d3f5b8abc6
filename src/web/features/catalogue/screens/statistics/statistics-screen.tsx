import { List } from 'antd-mobile';
import { infoApi } from '../../../../shared/api/info.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { useLoad } from '../../../../shared/ui/use-load.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';

/**
 * `/statistics` (no log-in; the spec does not say what it shows): the
 * service coverage of the catalogue — per sales area, the products on sale
 * and the schools in the directory — so parents see where the app sells and
 * operations staff spot an area whose schools are missing.
 */
export default function StatisticsScreen() {
  const [state, reload] = useLoad('statistics', () => infoApi.areaStatistics({ silent: true }));

  return (
    <AppPage title="服务统计">
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'error' && <LoadError description={state.message} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <List header="总览">
            <List.Item extra={`${state.data.totalProducts} 款`}>在售产品</List.Item>
            <List.Item extra={`${state.data.list.length} 个`}>服务地区</List.Item>
            <List.Item extra={`${state.data.totalSchools} 所`}>收录学校</List.Item>
          </List>
          <List header="各地区">
            {state.data.list.map((area) => (
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

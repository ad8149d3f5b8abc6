import { useAppInfiniteQuery } from '../../../../shared/api/query-hooks.ts';
import { Button } from 'antd-mobile';
import type { PromoterSale } from '../../../../../contract/promoter-area.ts';
import { promoterAreaQueries } from '../../api/promoter-area.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { PromoterPagedList } from '../../components/paged-list.tsx';
import { SaleCard } from '../../components/sale-card.tsx';
import styles from '../../components/promoter.module.css';

const keyOf = (sale: PromoterSale) => sale.applicationFormCode;

/** `/validList` 有效保单: the in-force and starting policies the promoter sold, paged. */
export default function ValidListScreen() {
  const navigate = useAppNavigate();
  const options = promoterAreaQueries.validPages();
  const query = useAppInfiniteQuery(options);
  return (
    <AppPage title="有效保单">
      <PromoterPagedList
        query={query}
        queryKey={options.queryKey}
        keyOf={keyOf}
        testId="valid-sales"
        empty={{ title: '暂无有效保单', description: '客户通过您的链接投保成功后，保单将显示在这里' }}
        header={(first) => <p className={styles.listHint}>共 {first.total} 张有效保单</p>}
        renderItem={(sale) => (
          <SaleCard
            sale={sale}
            action={
              <Button size="small" fill="none" onClick={() => navigate(paths.customerDetail(sale.customerId))}>
                查看客户
              </Button>
            }
          />
        )}
      />
    </AppPage>
  );
}

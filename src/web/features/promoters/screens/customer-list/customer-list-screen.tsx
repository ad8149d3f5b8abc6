import { useState } from 'react';
import { useAppInfiniteQuery } from '../../../../shared/api/query-hooks.ts';
import { SearchBar } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import type { PromoterCustomer } from '../../../../../contract/promoter-area.ts';
import { promoterAreaQueries } from '../../api/promoter-area.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { CustomerCard } from '../../components/customer-card.tsx';
import { PromoterPagedList } from '../../components/paged-list.tsx';
import styles from './customer-list-screen.module.css';
import listStyles from '../../components/promoter.module.css';
import '../../../../shared/ui/a11y/search-bar.css';

const keyOf = (customer: PromoterCustomer) => customer.customerId;

/** The server takes 1 to 20 characters. */
function normalise(keyword: string): string {
  return keyword.trim().slice(0, 20);
}

/** `/customerList` 我的客户: the promoter's customers (masked), searchable by name or the phone's last 4 digits, paged. */
export default function CustomerListScreen() {
  const navigate = useAppNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = normalise(params.get('keyword') ?? '');
  const [input, setInput] = useState(keyword);
  const options = promoterAreaQueries.customerPages(keyword);
  const query = useAppInfiniteQuery(options);
  const search = (value: string) => {
    const next = normalise(value);
    setParams(next ? { keyword: next } : {}, { replace: true });
  };

  return (
    <AppPage title="我的客户">
      <div className={styles.search}>
        <SearchBar
          placeholder="搜索客户姓名或手机号后4位"
          value={input}
          maxLength={20}
          onChange={setInput}
          onSearch={search}
          onClear={() => search('')}
          style={{ '--border-radius': '23px', '--height': '46px' }}
        />
      </div>
      <PromoterPagedList
        query={query}
        queryKey={options.queryKey}
        keyOf={keyOf}
        testId="customer-list"
        empty={keyword ? { title: '未找到相关客户', description: `没有与“${keyword}”匹配的客户` } : { title: '暂无客户', description: '家长通过您分享的链接注册或投保后，将成为您的客户' }}
        header={(first) => <p className={listStyles.listHint}>{keyword ? `找到 ${first.total} 位客户` : `共 ${first.total} 位客户`}</p>}
        renderItem={(customer) => <CustomerCard customer={customer} onOpen={() => navigate(paths.customerDetail(customer.customerId))} />}
      />
    </AppPage>
  );
}

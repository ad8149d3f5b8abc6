import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'antd-mobile';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';

/**
 * /newProductInsure?productCode: the configurable product's insure entry
 * (the counterpart of /newProductDetail). Every manifest is insured by the
 * generic insure renderer, so this hands over to /insure, whose guard asks
 * visitors to log in first.
 */
export default function NewProductInsureScreen() {
  const navigate = useAppNavigate();
  const [query] = useSearchParams();
  const productCode = query.get('productCode') ?? '';
  const valid = /^[0-9A-Z]{6,16}$/.test(productCode);
  useEffect(() => {
    if (valid) navigate(paths.insure(productCode), { replace: true });
  }, [valid, productCode, navigate]);
  if (valid) return <AppPage title="投保"><PageLoading /></AppPage>;
  return (
    <AppPage title="投保">
      <StatusBlock kind="empty" title="商品不存在或已下架" description="链接缺少有效的产品编码">
        <Button color="primary" shape="rounded" onClick={() => navigate(paths.home(), { replace: true })}>
          返回首页
        </Button>
      </StatusBlock>
    </AppPage>
  );
}

import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ContractItem } from '../../../../../contract/contracts.ts';
import { contractApi, pdfViewerLink } from '../../api/contracts.ts';
import { paths } from '../../../../app/paths.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';

const STATUS_TEXT: Record<ContractItem['status'], string> = { signing: '签署结果确认中…', signed: '协议已签署', expired: '签署已过期', rejected: '签署已拒绝' };

/**
 * `/detailSign?contractNo` (log-in): where the e-sign platform sends the parent
 * back. Waits for the signing result (the server polls the platform when its
 * callback is late), then goes on to the product's insure form (继续投保) or
 * offers the signed agreement.
 */
export default function DetailView() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const contractNo = params.get('contractNo') ?? '';
  const [item, setItem] = useState<ContractItem | null | 'missing'>(null);
  useEffect(() => {
    let stop = false;
    let tries = 0;
    const load = async () => {
      const list = await contractApi.list().catch(() => ({ list: [] }));
      if (stop) return;
      const found = list.list.find((c) => c.contractNo === contractNo) ?? list.list[0];
      setItem(found ?? 'missing');
      if (found?.status === 'signing' && tries++ < 20) setTimeout(() => void load(), 1500);
    };
    void load();
    return () => {
      stop = true;
    };
  }, [contractNo]);
  if (item === null) return <AppPage title="签署结果"><PageLoading /></AppPage>;
  if (item === 'missing') return <AppPage title="签署结果"><StatusBlock kind="empty" title="暂无协议" fullPage /></AppPage>;
  const viewerLink = pdfViewerLink(item.contractUrl);
  return (
    <AppPage title="签署结果">
      <StatusBlock kind={item.status === 'signed' ? 'empty' : 'error'} title={STATUS_TEXT[item.status]} description={`${item.title} · 被保险人 ${item.insuredName}`}>
        {/* Signed: the purchase goes on with the product's insure form. */}
        {item.status === 'signed' && <Button color="primary" onClick={() => void navigate(paths.insure(item.productCode))}>继续投保</Button>}
        {item.status === 'signed' && viewerLink && <Button onClick={() => void navigate(viewerLink)}>查看协议</Button>}
        {item.status === 'signed' && <Button onClick={() => void navigate('/signList')}>已签署的协议</Button>}
        {item.status === 'signing' && item.signUrl && <Button onClick={() => window.location.assign(item.signUrl!)}>继续签署</Button>}
      </StatusBlock>
    </AppPage>
  );
}

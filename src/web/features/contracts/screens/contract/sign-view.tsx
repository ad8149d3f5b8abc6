import { useEffect, useState } from 'react';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useLocation, useSearchParams } from 'react-router-dom';
import { NO_MANAGER, type ContractManager, type ContractSite, type RosterCardCheck } from '../../../../../contract/contracts.ts';
import { contractApi } from '../../api/contracts.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { getUser } from '../../../../shared/state/session.ts';

type Loaded = { site: ContractSite; manager: ContractManager };

/**
 * The contract routes (/jiningOfflineContract, /lanshanContract,
 * /xuZhouOfflineSign, /taiyuanContract): one screen driven by the product
 * manifest's `contract` section (found by the route, or `productCode`).
 * Certify the signer with an ID photo, name the insured (checked against the
 * school roster when the manifest asks), then sign on the e-sign platform.
 */
export default function SignView() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const productCode = params.get('productCode') ?? undefined;
  const [loaded, setLoaded] = useState<Loaded | 'error' | null>(null);
  const [certified, setCertified] = useState('');
  const [roster, setRoster] = useState<RosterCardCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const [holder] = Form.useForm();
  const [insured] = Form.useForm();
  const user = getUser();

  useEffect(() => {
    (async () => {
      const site = await contractApi.site(productCode ? { productCode } : { route: pathname });
      const manager = await contractApi.manager(site.productCode).catch(() => null);
      setLoaded({ site, manager });
    })().catch(() => setLoaded('error'));
  }, [pathname, productCode]);

  if (loaded === null) return <AppPage title="签署协议"><PageLoading /></AppPage>;
  if (loaded === 'error') return <AppPage title="签署协议"><StatusBlock kind="error" title="签署信息获取失败" description="请返回重试" fullPage /></AppPage>;
  const { site, manager } = loaded;
  if (!manager) return <AppPage title={site.title}><StatusBlock kind="empty" title={NO_MANAGER} description={`${site.productName}暂未配置客户经理，暂不能签署协议，请联系学校或客服`} fullPage /></AppPage>;

  const certify = async () => {
    const values = (await holder.validateFields()) as { name: string; idNo: string; photo?: FileList };
    const file = (document.getElementById('idPhoto') as HTMLInputElement | null)?.files?.[0];
    if (!file) {
      Toast.show({ content: '请上传身份证人像面照片' });
      return;
    }
    const form = new FormData();
    form.append('name', values.name.trim());
    form.append('idNo', values.idNo.trim());
    form.append('idPhoto', file);
    setBusy(true);
    try {
      const result = await contractApi.certify(form);
      setCertified(result.name);
      Toast.show({ icon: 'success', content: '认证成功' });
    } finally {
      setBusy(false);
    }
  };

  const checkRoster = async (cardNo: string) => {
    if (!site.roster || !/^[0-9]{17}[0-9Xx]$/.test(cardNo)) return;
    setRoster(await contractApi.verifyCard(site.productCode, cardNo.toUpperCase()).catch(() => null));
  };

  const sign = async () => {
    const values = (await insured.validateFields()) as { insuredName: string; insuredIdNo: string; schoolName: string };
    setBusy(true);
    try {
      const created = await contractApi.agreement({ productCode: site.productCode, ...values, insuredIdNo: values.insuredIdNo.toUpperCase() });
      window.location.assign(created.signUrl);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppPage title={site.title}>
      <div style={{ padding: '12px 16px', fontSize: 14, color: '#555' }}>
        <p>产品：{site.productName}</p>
        <p>客户经理：{manager.managerName}</p>
      </div>
      {!user && <StatusBlock kind="empty" title="请先登录后签署协议" />}
      {user && !certified && (
        <Form form={holder} layout="horizontal" mode="card" footer={<Button block color="primary" loading={busy} onClick={() => void certify()}>提交认证</Button>}>
          <Form.Header>第一步：签署人实名认证（投保人）</Form.Header>
          <Form.Item name="name" label="姓名" rules={[{ required: true, message: '请输入姓名' }]}><Input placeholder="投保人姓名" /></Form.Item>
          <Form.Item name="idNo" label="身份证号" rules={[{ required: true, pattern: /^[0-9]{17}[0-9Xx]$/, message: '请输入18位身份证号码' }]}><Input placeholder="投保人身份证号码" /></Form.Item>
          <Form.Item label="证件照片" help="JPG 或 PNG，不超过2MB"><input id="idPhoto" type="file" accept="image/png,image/jpeg" aria-label="证件照片" /></Form.Item>
        </Form>
      )}
      {user && certified && (
        <Form form={insured} layout="horizontal" mode="card" footer={<Button block color="primary" loading={busy} onClick={() => void sign()}>签署协议</Button>}>
          <Form.Header>第二步：被保险人信息（签署人：{certified}）</Form.Header>
          <Form.Item name="insuredName" label="被保险人" rules={[{ required: true, message: '请输入被保险人姓名' }]}><Input placeholder="学生姓名" /></Form.Item>
          <Form.Item name="insuredIdNo" label="身份证号" rules={[{ required: true, pattern: /^[0-9]{17}[0-9Xx]$/, message: '请输入18位身份证号码' }]}>
            <Input placeholder="学生身份证号码" onBlur={(e) => void checkRoster((e.target as HTMLInputElement).value)} />
          </Form.Item>
          {site.roster && roster && (
            <Form.Item label="名单核对">{roster.found ? '已在学校名单中' : '该身份证号不在学校名单中，请联系学校核对'}</Form.Item>
          )}
          <Form.Item name="schoolName" label="学校" rules={[{ required: true, message: '请输入学校名称' }]}><Input placeholder="就读学校" /></Form.Item>
        </Form>
      )}
      <div style={{ padding: '0 16px 24px', fontSize: 13, color: '#888', lineHeight: 1.7 }}>
        {site.template.map((line) => <p key={line}>{line.replace(/\{[a-zA-Z.]+\}/g, '＿＿')}</p>)}
      </div>
    </AppPage>
  );
}

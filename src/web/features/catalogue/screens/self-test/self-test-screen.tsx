import { Button, List } from 'antd-mobile';
import type { PageModelName, PageSwitches } from '../../../../../engine/markets/page-model.ts';
import { ROOT_REGION_CODE } from '../../../../../engine/rules/regions.ts';
import { api } from '../../../../shared/api/endpoints.ts';
import { forgetVisitorPlace } from '../../api/location.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { useLoad } from '../../../../shared/ui/use-load.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { resolvePageModel } from '../../markets/market-flow.ts';
import { readMarketChoice } from '../../state/market-choice.ts';

interface Report {
  model: PageModelName;
  switches: PageSwitches;
  place: string;
  placeSource: string;
  current: string;
  found: string;
  gatewayMs: number | null;
  storage: boolean;
  client: string;
}

/** Spec §3 client codes: 0 WeChat, 1 Alipay, 2 other. */
function clientOf(ua: string): string {
  if (/MicroMessenger/i.test(ua)) return '0 微信';
  if (/AlipayClient/i.test(ua)) return '1 支付宝';
  return '2 其他浏览器';
}

function storageWorks(): boolean {
  try {
    localStorage.setItem('__selfTest', '1');
    localStorage.removeItem('__selfTest');
    return true;
  } catch {
    return false;
  }
}

async function runChecks(): Promise<Report> {
  const started = performance.now();
  const gatewayMs = await api.getArea(ROOT_REGION_CODE, { silent: true }).then(
    () => Math.round(performance.now() - started),
    () => null,
  );
  const { model, place } = await resolvePageModel();
  return {
    model: model.model,
    switches: model.switches,
    place: place?.name ?? '—',
    placeSource: place ? (place.source === 'device' ? '设备定位' : '默认地区（未获取到位置）') : '—',
    current: readMarketChoice().current ?? '未选择',
    found: model.found.map((m) => m.name).join('、') || '无',
    gatewayMs,
    storage: storageWorks(),
    client: clientOf(navigator.userAgent),
  };
}

const onOff = (on: boolean) => (on ? '开' : '关');

/**
 * /test: a self-check that is safe in production (docs/markets.md): the
 * market page model as this browser sees it (model, the four switches, the
 * place's name, the current market), whether the gateway answers and how fast,
 * whether local storage works, and the client type. It shows no personal
 * data, no coordinates, no tokens, and calls no development endpoint.
 */
export default function SelfTestScreen() {
  const [state, reload] = useLoad<Report>('self-test', runChecks);
  return (
    <AppPage title="环境自检">
      {state.status === 'loading' && <PageLoading text="检测中…" />}
      {state.status === 'error' && <List header="检测失败"><List.Item>{state.message}</List.Item></List>}
      {state.status === 'ready' && (
        <List header="检测结果" data-testid="self-test">
          <List.Item extra={state.data.model}>页面模型</List.Item>
          <List.Item extra={`超市 ${onOff(state.data.switches.market)} · 定位 ${onOff(state.data.switches.location)} · 网络 ${onOff(state.data.switches.net)} · 上线 ${onOff(state.data.switches.line)}`}>开关</List.Item>
          <List.Item extra={state.data.place} description={state.data.placeSource}>所在地区</List.Item>
          <List.Item extra={state.data.found}>本地区保险超市</List.Item>
          <List.Item extra={state.data.current}>当前保险超市</List.Item>
          <List.Item extra={state.data.gatewayMs === null ? '不可用' : `正常（${state.data.gatewayMs} ms）`}>服务接口</List.Item>
          <List.Item extra={state.data.storage ? '可用' : '不可用'}>本地存储</List.Item>
          <List.Item extra={state.data.client}>客户端</List.Item>
        </List>
      )}
      <div style={{ padding: 16 }}>
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => {
            forgetVisitorPlace();
            reload();
          }}
        >
          重新检测（重新定位）
        </Button>
      </div>
    </AppPage>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import type { ChainStatus, RecordingDetail, RecordingSummary, StoredChunk } from '../../../../../contract/recording.ts';
import { complianceApi, isNotCompliance } from '../../api/compliance.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import styles from './compliance-screen.module.css';

const STEP_NAMES: Record<string, string> = {
  pageEnter: '进入页面',
  clauseOpen: '打开条款',
  clauseReadEnd: '条款阅读至末尾',
  allClausesRead: '条款全部已读',
  confirm: '点击确认投保',
  orderCreated: '订单已创建',
  payResult: '支付结果',
};
const CHAIN: Record<ChainStatus, { label: string; tone: string; hint: string }> = {
  intact: { label: '完整', tone: styles.intact!, hint: '哈希链完整，所有分片均已收到' },
  broken: { label: '已损坏', tone: styles.broken!, hint: '有分片的内容与其哈希不符，录屏可能被篡改' },
  incomplete: { label: '不完整', tone: styles.incomplete!, hint: '有分片缺失或录屏尚未结束' },
};

/** The events of the stored chunks, inflated in the browser (zlib, as the recorder sent them). */
async function eventsOf(chunks: StoredChunk[]): Promise<unknown[]> {
  const all: unknown[] = [];
  for (const chunk of chunks) {
    try {
      const bytes = Uint8Array.from(atob(chunk.data), (c) => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
      all.push(...(JSON.parse(await new Response(stream).text()) as unknown[]));
    } catch {
      // A damaged chunk is shown by the chain badge; the replay goes on without it.
    }
  }
  return all;
}

const time = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });
const offset = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

type Found = { status: 'idle' } | { status: 'loading' } | { status: 'done'; list: RecordingSummary[] } | { status: 'error'; message: string };

/**
 * `/compliance` 销售录屏回溯: staff with the compliance role find a sale by
 * order or policy number and replay it with rrweb-player beside its key
 * steps, page versions and chain badge. Meant for a desktop browser; the
 * player is loaded only here (the buyer's phone never loads it).
 */
export default function ComplianceScreen() {
  const [key, setKey] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const [serial, setSerial] = useState<string | null>(null);

  const search = async () => {
    const value = key.trim();
    if (!value) return;
    setSerial(null);
    setFound({ status: 'loading' });
    try {
      const byOrder = await complianceApi.find({ orderCode: value });
      const list = byOrder.length > 0 ? byOrder : await complianceApi.find({ policyNo: value });
      setFound({ status: 'done', list });
      if (list.length === 1) setSerial(list[0]!.serial);
    } catch (error) {
      const forbidden = isNotCompliance(error);
      setFound({ status: 'error', message: forbidden ? '仅合规人员可查看销售录屏' : error instanceof Error ? error.message : '查询失败' });
    }
  };

  return (
    <AppPage title="销售录屏回溯">
      <div className={styles.page}>
        <form
          className={styles.search}
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <Input placeholder="输入订单号或保单号" value={key} onChange={setKey} clearable aria-label="订单号或保单号" />
          <Button color="primary" type="submit" disabled={!key.trim()}>
            查询
          </Button>
        </form>
        {found.status === 'loading' && <PageLoading />}
        {found.status === 'error' && <StatusBlock kind="error" title={found.message} description="如需权限请联系管理员" />}
        {found.status === 'done' && found.list.length === 0 && <StatusBlock kind="empty" title="未找到录屏" description="请核对订单号或保单号" />}
        {found.status === 'done' && found.list.length > 1 && (
          <ul className={styles.list}>
            {found.list.map((r) => (
              <li key={r.serial}>
                <button type="button" className={styles.pick} onClick={() => setSerial(r.serial)}>
                  {time(Date.parse(r.createdAt))} · {r.entryRoute} · {r.chunkCount} 个分片
                </button>
              </li>
            ))}
          </ul>
        )}
        {serial && <Replay serial={serial} />}
      </div>
    </AppPage>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; detail: RecordingDetail; events: { timestamp: number }[]; start: number };

function Replay({ serial }: { serial: string }) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const target = useRef<HTMLDivElement>(null);
  const player = useRef<{ goto: (ms: number, play?: boolean) => void; $destroy: () => void } | null>(null);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    void (async () => {
      try {
        const detail = await complianceApi.recording(serial);
        const events = (await eventsOf(detail.chunks)) as { timestamp: number }[];
        if (!cancelled) setState({ status: 'ready', detail, events, start: events[0]?.timestamp ?? 0 });
      } catch (error) {
        if (!cancelled) setState({ status: 'error', message: error instanceof Error ? error.message : '加载失败' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [serial]);

  // The player once its box is on screen (rrweb-player and its styles load only here).
  const events = state.status === 'ready' ? state.events : null;
  useEffect(() => {
    if (!events || events.length < 2) return;
    let cancelled = false;
    void Promise.all([import('rrweb-player'), import('rrweb-player/dist/style.css')]).then(([{ default: Player }]) => {
      if (cancelled || !target.current) return;
      target.current.replaceChildren();
      player.current = new Player({
        target: target.current,
        props: { events: events as never[], width: 420, height: 720, autoPlay: false, showController: true, mouseTail: false },
      }) as unknown as typeof player.current;
    });
    return () => {
      cancelled = true;
      player.current?.$destroy();
      player.current = null;
    };
  }, [events]);

  if (state.status === 'loading') return <PageLoading text="录屏加载中…" />;
  if (state.status === 'error') return <StatusBlock kind="error" title="录屏加载失败" description={state.message} />;
  const { detail, start } = state;
  const chain = CHAIN[detail.chain];
  return (
    <section className={styles.replay} aria-label="录屏回放">
      <header className={styles.head}>
        <span className={`${styles.badge} ${chain.tone}`} data-testid="chain-badge" title={chain.hint}>
          {chain.label}
        </span>
        <span>订单 {detail.summary.orderCode ?? '—'}</span>
        {detail.summary.policyNos.length > 0 && <span>保单 {detail.summary.policyNos.join('、')}</span>}
        <span>投保人账号 {detail.summary.buyer ?? '未登录'}</span>
        <span>
          {detail.chunks.length} 个分片{detail.gaps.length > 0 ? `，缺失 ${detail.gaps.join('、')}` : ''}
        </span>
      </header>
      <div className={styles.body}>
        <div ref={target} className={styles.player} data-testid="replay-player">
          {detail.chunks.length === 0 && <StatusBlock kind="empty" title="暂无录屏内容" />}
        </div>
        <aside className={styles.side}>
          <h3>关键步骤</h3>
          <ol className={styles.steps} data-testid="replay-steps">
            {detail.steps.map((s, i) => (
              <li key={i}>
                <button type="button" onClick={() => player.current?.goto(Math.max(0, s.at - start), false)}>
                  <b>{offset(Math.max(0, s.at - start))}</b> {STEP_NAMES[s.step] ?? s.step}
                  {s.clauseName ? `《${s.clauseName}》` : ''}
                  {s.result ? `（${s.result === 'success' ? '成功' : '失败'}）` : ''} <small>{s.route}</small>
                </button>
              </li>
            ))}
          </ol>
          <h3>页面版本</h3>
          <table className={styles.pages} data-testid="replay-pages">
            <thead>
              <tr>
                <th>时间</th>
                <th>页面</th>
                <th>版本</th>
                <th>产品条款哈希</th>
              </tr>
            </thead>
            <tbody>
              {detail.pages.map((p, i) => (
                <tr key={i}>
                  <td>{time(p.at)}</td>
                  <td>{p.route}</td>
                  <td>{p.build}</td>
                  <td title={p.manifestHash}>{p.manifestHash ? p.manifestHash.slice(0, 12) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </aside>
      </div>
    </section>
  );
}

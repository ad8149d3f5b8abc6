import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { documentOf } from '../../../../../contract/documents.ts';
import { documentHeaders } from '../../../../shared/state/session.ts';
import { viewerAddress } from '../../api/contracts.ts';
import styles from './pdf-view.module.css';

/** Canvas limits for old WebViews (iOS Safari refuses canvases above 16.7 megapixels). */
const MAX_DPR = 2;
const MAX_CANVAS_PIXELS = 4_000_000;

type State = { phase: 'loading'; progress: number } | { phase: 'error'; message: string } | { phase: 'ready'; pages: number };

/**
 * `/pdf?url=` (no log-in): the viewer of agreements and e-policies. `url` is
 * Base64 of the gateway prefix plus the document's address (spec §2); only the download
 * address of a declared document (src/contract/documents.ts) is opened, as
 * pdf.js sends the user's token with it: anything else shows 文件地址无效 and
 * sends no request. pdf.js's legacy build (old iOS and Android WebViews) is
 * loaded here only, with the Chinese cMaps under /pdfjs/cmaps/; pages are
 * drawn at a device pixel ratio of at most 2 within a bounded canvas;
 * pinch zoom re-draws the pages at the new scale.
 */
export default function PdfView() {
  const [params] = useSearchParams();
  const address = viewerAddress(params.get('url'));
  const [state, setState] = useState<State>(address ? { phase: 'loading', progress: 0 } : { phase: 'error', message: '文件地址无效' });
  const [zoom, setZoom] = useState(1);
  const container = useRef<HTMLDivElement>(null);
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  useEffect(() => {
    if (!address) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const worker = await import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url');
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({
        url: address,
        httpHeaders: documentHeaders(),
        cMapUrl: '/pdfjs/cmaps/',
        cMapPacked: true,
        isEvalSupported: false,
      });
      destroy = () => void task.destroy();
      task.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
        if (!cancelled && total > 0) setState({ phase: 'loading', progress: Math.min(99, Math.round((loaded / total) * 100)) });
      };
      const doc = await task.promise;
      if (cancelled) return;
      const host = container.current!;
      host.replaceChildren();
      const width = host.clientWidth || window.innerWidth;
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const cssScale = (width / base.width) * zoom;
        let dpr = Math.min(window.devicePixelRatio || 1, MAX_DPR);
        const pixels = base.width * base.height * cssScale * cssScale * dpr * dpr;
        if (pixels > MAX_CANVAS_PIXELS) dpr *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
        const viewport = page.getViewport({ scale: cssScale * dpr });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / dpr)}px`;
        canvas.style.height = `${Math.floor(viewport.height / dpr)}px`;
        canvas.className = styles.page!;
        canvas.setAttribute('aria-label', `第${n}页`);
        host.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setState({ phase: 'ready', pages: doc.numPages });
    })().catch(() => {
      if (!cancelled) setState({ phase: 'error', message: '文件加载失败，请返回重试' });
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [address, zoom]);

  const distance = (e: React.TouchEvent) => Math.hypot(e.touches[0]!.clientX - e.touches[1]!.clientX, e.touches[0]!.clientY - e.touches[1]!.clientY);

  return (
    <AppPage title={(address && documentOf(address)?.title) || '查看文件'}>
      {state.phase === 'error' && <StatusBlock kind="error" title={state.message} description="请返回上一页，从协议或保单详情重新打开" fullPage />}
      {state.phase === 'loading' && (
        <div className={styles.progress} aria-busy="true">
          <ProgressBar percent={state.progress} />
          <p>正在加载文件… {state.progress}%</p>
        </div>
      )}
      {state.phase === 'ready' && <p className={styles.count}>共 {state.pages} 页 · 双指缩放</p>}
      <div
        ref={container}
        className={styles.pages}
        data-testid="pdf-pages"
        onTouchStart={(e) => {
          if (e.touches.length === 2) pinch.current = { distance: distance(e), zoom };
        }}
        onTouchEnd={(e) => {
          const start = pinch.current;
          if (!start || e.touches.length > 0) return;
          pinch.current = null;
        }}
        onTouchMove={(e) => {
          const start = pinch.current;
          if (!start || e.touches.length !== 2) return;
          const next = Math.min(3, Math.max(1, Math.round(((start.zoom * distance(e)) / start.distance) * 4) / 4));
          if (next !== zoom) setZoom(next);
        }}
        hidden={state.phase === 'error'}
      />
    </AppPage>
  );
}

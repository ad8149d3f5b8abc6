import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';

/**
 * Only images of this app are shown: a same-origin path (`/img/…`, the
 * gateway's `/_gw/…`), never another site's address, which a crafted link
 * could otherwise put under the app's name.
 */
export function safeImageUrl(raw: string | null): string | null {
  if (!raw) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  try {
    const url = new URL(raw, 'https://app.invalid');
    return url.origin === 'https://app.invalid' ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** `/viewImage?url=&title=`: one image (a certificate, a licence, a poster) at the screen's width. */
export default function ViewImageScreen() {
  const [query] = useSearchParams();
  const url = safeImageUrl(query.get('url'));
  const title = query.get('title') || '查看图片';
  const [failed, setFailed] = useState(false);
  return (
    <AppPage title={title}>
      {!url || failed ? (
        <StatusBlock kind="error" title="图片无法显示" description={url ? '图片加载失败，请稍后重试' : '图片地址无效'} />
      ) : (
        <div style={{ padding: 12, textAlign: 'center' }}>
          <img src={url} alt={title} style={{ maxWidth: '100%', height: 'auto' }} onError={() => setFailed(true)} />
        </div>
      )}
    </AppPage>
  );
}

import { SoundOutline } from 'antd-mobile-icons';
import 'antd-mobile/es/components/notice-bar/notice-bar.css';

type NoticeColor = 'default' | 'alert' | 'error' | 'info';

/**
 * A notice that wraps onto several lines: antd-mobile's `<NoticeBar wrap>` (its markup and CSS, the
 * same sound icon) without its JS. A wrapped bar never scrolls, so NoticeBar's marquee code (ahooks'
 * timers, its resize and mutation observers, the config provider: 9 small files, about 5 KB gzip)
 * was dead weight on the market home, the page home redirects to, before its first paint (docs/performance.md,
 * "Overlays and widgets on demand").
 */
export function WrappedNotice({ content, color = 'default' }: { content: string; color?: NoticeColor }) {
  return (
    <div className={`adm-notice-bar adm-notice-bar-${color} adm-notice-bar-rectangular adm-notice-bar-wrap`}>
      <span className="adm-notice-bar-left">
        <SoundOutline />
      </span>
      <span className="adm-notice-bar-content">
        <span className="adm-notice-bar-content-inner">{content}</span>
      </span>
    </div>
  );
}

import { useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import 'antd-mobile/es/components/tabs/tabs.css';
import styles from './light-tabs.module.css';

export interface LightTab {
  key: string;
  title: ReactNode;
}

interface LightTabsProps {
  tabs: readonly LightTab[];
  activeKey: string;
  onChange: (key: string) => void;
  /** antd-mobile's Tabs CSS variables (`--title-font-size`, …). */
  style?: CSSProperties & Partial<Record<'--title-font-size' | '--active-line-color' | '--active-title-color' | '--content-padding', string>>;
}

/**
 * A tab bar with antd-mobile's Tabs markup and CSS (same look, `tablist` / `tab` roles,
 * `aria-selected`, arrow keys) without its JS: antd-mobile's Tabs animates its line and scroll
 * with @react-spring/web (about 17 KB gzip), which the detail and confirm pages downloaded on
 * first paint for a line under the active tab (docs/performance.md). The line slides
 * with a CSS transition; an overflowing list scrolls the active tab towards its centre.
 * Tab bar only: the callers render the active tab's content themselves.
 */
export function LightTabs({ tabs, activeKey, onChange, style }: LightTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<string, HTMLDivElement>());
  const [line, setLine] = useState<{ x: number; width: number; animate: boolean }>({ x: 0, width: 0, animate: false });
  const [masks, setMasks] = useState({ left: false, right: false });
  /** Set by an arrow key, so that focus follows the key (not a tap or a prop change). */
  const focusNext = useRef<string | null>(null);
  const measured = useRef(false);

  const updateMasks = () => {
    const list = listRef.current;
    if (!list) return;
    const left = list.scrollLeft > 0;
    const right = list.scrollLeft + list.offsetWidth < list.scrollWidth;
    setMasks((m) => (m.left === left && m.right === right ? m : { left, right }));
  };

  // The tabs by their keys: a caller's new array of the same tabs (every render of a detail page) is no
  // reason to measure again.
  const tabKeys = tabs.map((tab) => tab.key).join('\n');
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const place = (animate: boolean) => {
      const tab = tabRefs.current.get(activeKey);
      setLine(tab ? { x: tab.offsetLeft, width: tab.offsetWidth, animate } : { x: 0, width: 0, animate: false });
      const overflow = list.scrollWidth - list.offsetWidth;
      if (tab && overflow > 0) {
        list.scrollLeft = Math.min(Math.max(tab.offsetLeft - (list.offsetWidth - tab.offsetWidth) / 2, 0), overflow);
      }
      updateMasks();
    };
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => place(false));
    // On mount the line waits for the observer's first report, made once the browser has laid the page out
    // anyway: measuring here forced the whole page's first layout inside React's commit, and the line's
    // state a second render in the same task (the detail page's longest task at 4x CPU, docs/performance.md).
    if (measured.current || !observer) place(measured.current);
    measured.current = true;
    observer?.observe(list);
    return () => observer?.disconnect();
  }, [activeKey, tabKeys]);

  useLayoutEffect(() => {
    if (focusNext.current === activeKey) tabRefs.current.get(activeKey)?.focus();
    focusNext.current = null;
  }, [activeKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || tabs.length === 0) return;
    event.preventDefault();
    const index = tabs.findIndex((t) => t.key === activeKey);
    const next = tabs[(index + step + tabs.length) % tabs.length]!.key;
    focusNext.current = next;
    if (next !== activeKey) onChange(next);
  };

  return (
    <div className="adm-tabs" style={style}>
      <div className="adm-tabs-header">
        <div className="adm-tabs-header-mask adm-tabs-header-mask-left" style={{ opacity: masks.left ? 1 : 0 }} />
        <div className="adm-tabs-header-mask adm-tabs-header-mask-right" style={{ opacity: masks.right ? 1 : 0 }} />
        <div className="adm-tabs-tab-list" ref={listRef} role="tablist" onKeyDown={onKeyDown} onScroll={updateMasks}>
          <div
            className={`adm-tabs-tab-line ${line.animate ? styles.lineMoving : ''}`}
            style={{ width: line.width, transform: `translateX(${line.x}px)` }}
          />
          {tabs.map((tab) => {
            const active = tab.key === activeKey;
            return (
              <div key={tab.key} className="adm-tabs-tab-wrapper adm-tabs-tab-wrapper-stretch">
                <div
                  role="tab"
                  aria-selected={active}
                  tabIndex={active ? 0 : -1}
                  ref={(el) => {
                    if (el) tabRefs.current.set(tab.key, el);
                    else tabRefs.current.delete(tab.key);
                  }}
                  onClick={() => {
                    if (!active) onChange(tab.key);
                  }}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    if (!active) onChange(tab.key);
                  }}
                  className={`adm-tabs-tab ${styles.tab} ${active ? 'adm-tabs-tab-active' : ''}`}
                >
                  {tab.title}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

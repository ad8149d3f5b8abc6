import { useEffect, useRef, type CSSProperties } from 'react';
import 'antd-mobile/es/components/notice-bar/notice-bar.css';

interface MarqueeTextProps {
  content: string;
  /** px per second, as antd-mobile's NoticeBar `speed`. */
  speed?: number;
  /** ms before the first scroll, as NoticeBar's `delay`. */
  delay?: number;
  className?: string;
  /** NoticeBar's CSS variables (`--background-color`, `--text-color`, `--height`, …). */
  style?: CSSProperties & Partial<Record<`--${string}`, string>>;
}

/**
 * A one-line text that scrolls when it is wider than its box: antd-mobile's NoticeBar without an
 * icon (its markup, CSS and scrolling: after `delay`, the text slides out to the left at `speed`,
 * then comes in again from the right, again and again). NoticeBar's own code (its sound and close
 * icons, ahooks' timers and observers) cost the detail page about 5 KB gzip on first paint for
 * long guarantee names (docs/performance.md).
 */
export function MarqueeText({ content, speed = 50, delay = 2000, className, style }: MarqueeTextProps) {
  const containerRef = useRef<HTMLSpanElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);
  const state = useRef({ locked: true, animating: false });

  const start = () => {
    const container = containerRef.current;
    const text = textRef.current;
    if (state.current.locked || !container || !text) return;
    if (container.offsetWidth >= text.offsetWidth) {
      state.current.animating = false;
      text.style.removeProperty('transition-duration');
      text.style.removeProperty('transform');
      return;
    }
    if (state.current.animating) return;
    const initial = !text.style.transform;
    text.style.transitionDuration = '0s';
    text.style.transform = initial ? 'translateX(0)' : `translateX(${container.offsetWidth}px)`;
    const distance = initial ? text.offsetWidth : container.offsetWidth + text.offsetWidth;
    state.current.animating = true;
    text.style.transitionDuration = `${Math.round(distance / speed)}s`;
    text.style.transform = `translateX(-${text.offsetWidth}px)`;
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      state.current.locked = false;
      start();
    }, delay);
    const container = containerRef.current;
    const observer = typeof ResizeObserver === 'undefined' || !container ? null : new ResizeObserver(() => start());
    if (container) observer?.observe(container);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
    // start reads refs only; the timer is set once, as NoticeBar's.
  }, []);
  // A new text (another plan's duty) scrolls again if it overflows.
  useEffect(() => start(), [content]);

  return (
    <div className={`adm-notice-bar adm-notice-bar-default adm-notice-bar-rectangular${className ? ` ${className}` : ''}`} style={style}>
      <span ref={containerRef} className="adm-notice-bar-content">
        <span
          ref={textRef}
          className="adm-notice-bar-content-inner"
          onTransitionEnd={() => {
            state.current.animating = false;
            start();
          }}
        >
          {content}
        </span>
      </span>
    </div>
  );
}

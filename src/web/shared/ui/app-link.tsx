import type { MouseEvent, ReactNode } from 'react';
import { useAppNavigate } from '../../app/use-app-navigate.ts';

/**
 * A link to a route of the app: a real `<a href="#/…">` (it can be opened in a new tab or copied), and a
 * plain click navigates in the app. react-router's `<Link>` would do the same but brings its framework
 * mode's prefetching into the vendor chunk, which every page loads first (docs/performance.md).
 */
export function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const navigate = useAppNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified or non-primary click keeps the browser's own behaviour (new tab, new window, download).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={`#${to}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

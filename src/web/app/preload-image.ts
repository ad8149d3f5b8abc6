/**
 * A high-priority preload of a first view's image (`<link rel=preload as=image>`), so it downloads while the
 * screen renders; the screen's `<img>` of the same address takes it. The detail's banner (route-gates.ts) and
 * the market home's (features/catalogue/markets/market-start.ts).
 */
export function preloadImage(href: string | undefined): void {
  if (!href || typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** The texts of the painted view: the recording notice (RecordingNotice) and the banner's badge (BannerSection). */
export const EARLY_DETAIL_TEXTS = {
  notice: '为保障您的合法权益，本次投保过程将全程录屏留存（可回溯），您填写的个人信息已遮盖处理。',
  exclusive: '互联网专属',
} as const;

/**
 * A product detail page's first view, painted from the document (docs/performance.md, "A detail page opened by its link").
 *
 * A detail link (the link a promoter shares) is a first visit: the page's banner waited for the app's
 * scripts (vendor, core and the detail screen's files, about 130 KB) and their evaluation, although the
 * document-start script already has everything the banner shows once the route's look-up answers
 * (`productAttrByRoute`: the product's manifest). This function, serialised into that script
 * (scripts/lib/vite-document-preloads.ts, `paint`), draws the top of the page in its place: the navigation
 * bar's title, the recording notice and the banner (its colour, headline, lines and illustration), with
 * the global classes of base.css that RecordingNotice and the detail's BannerSection use too, and a bar
 * whose classes mirror AppPage's (antd-mobile's NavBar), so the app's first render (which replaces
 * everything inside #root, as it replaced the loading shell) draws the same boxes at the same places.
 * `e2e/detail-deep-link.spec.ts` holds the two to the same geometry.
 *
 * It paints only over index.html's loading shell (never over a screen the app has rendered), only a
 * standard top (a manifest with a title page above the banner keeps the shell), never a log-in-only
 * product (the app shows it to no visitor), and only text
 * (`textContent`) and a same-origin image path. The painted view is hidden from assistive technology; the
 * shell's status (加载中…) stays for it, out of sight, and a spinner shows below the banner until the app renders.
 *
 * Returns a promise settled once the painted view has been presented (at once when nothing was painted):
 * the document-start script leaves it for the app, whose first render waits for it (shared/api/document-start.ts,
 * `documentPaintPresented`).
 *
 * Self-contained: it is serialised with `Function.prototype.toString`, so it reads no outer name; its
 * texts come in `texts` ({@link EARLY_DETAIL_TEXTS}, the ones the app's components show).
 */
export function paintEarlyDetail(data: unknown, texts: { readonly notice: string; readonly exclusive: string }): Promise<void> {
  if (document.readyState === 'loading') {
    return new Promise((resolve) => {
      document.addEventListener('DOMContentLoaded', () => void paintEarlyDetail(data, texts).then(resolve), { once: true });
    });
  }
  const root = document.getElementById('root');
  const shell = root?.firstElementChild;
  if (!root || !shell || root.childElementCount !== 1 || !shell.classList.contains('page-loading')) return Promise.resolve();
  const manifest = data as {
    productName?: unknown;
    loginRequired?: unknown;
    flags?: { internetExclusive?: unknown } | null;
    detail?: { titlePage?: unknown; banner?: { title?: unknown; subtitle?: unknown; color?: unknown; image?: unknown } | null } | null;
  } | null;
  const banner = manifest?.detail?.banner;
  if (!manifest || !banner || manifest.detail?.titlePage || typeof manifest.productName !== 'string' || typeof banner.title !== 'string') {
    return Promise.resolve();
  }
  // A log-in-only product is never shown to a visitor (the app sends them to log in first).
  if (manifest.loginRequired === true) return Promise.resolve();
  const element = (tag: string, className: string, text?: string): HTMLElement => {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const page = element('div', 'early-page');
  page.setAttribute('aria-hidden', 'true');
  const bar = element('div', 'early-nav');
  bar.append(element('span', 'early-nav-back'), element('span', 'early-nav-title', manifest.productName), element('span', 'early-nav-share'));
  const top = element('div', 'detail-banner');
  const color = typeof banner.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(banner.color) ? banner.color : '#1677ff';
  top.style.background = `linear-gradient(150deg, ${color} 0%, ${color}cc 60%, ${color}99 100%)`;
  let image: HTMLImageElement | null = null;
  if (typeof banner.image === 'string' && /^\/(?!\/)/.test(banner.image)) {
    image = document.createElement('img');
    image.className = 'detail-banner-image';
    image.alt = '';
    image.width = 168;
    image.height = 112;
    image.decoding = 'async';
    image.setAttribute('fetchpriority', 'high');
    image.src = banner.image;
    top.append(image);
  }
  const text = element('div', 'detail-banner-text');
  if (manifest.flags?.internetExclusive === true) text.append(element('span', 'detail-banner-badge', texts.exclusive));
  text.append(element('h1', 'detail-banner-title', banner.title));
  text.append(element('p', 'detail-banner-subtitle', typeof banner.subtitle === 'string' ? banner.subtitle : ''));
  text.append(element('p', 'detail-banner-product', manifest.productName));
  top.append(text);
  page.append(bar, element('div', 'recording-notice', texts.notice), top);
  // The spinner goes on below the banner; the shell stays for assistive technology (its status), out of
  // sight where it is: pushed down by the view, its spinner would be a layout shift (0.35 on a phone).
  const loading = element('div', 'page-loading early-loading');
  loading.append(element('span', 'page-loading-spinner'));
  page.append(loading);
  shell.classList.add('early-status');
  root.append(page);
  // Presented: the illustration loaded (or failed) and two frames begun since, so the frame showing the view
  // has been presented; at most a second (a page in the background gets no frames).
  const shown = image;
  return new Promise((resolve) => {
    const presented = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    if (!shown || shown.complete) presented();
    else {
      shown.addEventListener('load', presented, { once: true });
      shown.addEventListener('error', presented, { once: true });
    }
    setTimeout(resolve, 1000);
  });
}

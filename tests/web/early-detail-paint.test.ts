// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_DETAIL_TEXTS, paintEarlyDetail } from '../../src/web/app/early-detail-paint.ts';

const SHELL = '<div class="page-loading" role="status"><span class="page-loading-spinner"></span><span>加载中…</span></div>';

function manifest(overrides: { banner?: Record<string, unknown>; detail?: Record<string, unknown>; flags?: Record<string, unknown>; productName?: unknown; loginRequired?: boolean } = {}) {
  return {
    ...(overrides.loginRequired === undefined ? {} : { loginRequired: overrides.loginRequired }),
    productName: overrides.productName ?? '徐州市学生平安保险（2025版）',
    flags: overrides.flags ?? {},
    detail: { banner: { title: '徐州学平险 2025', subtitle: '全年守护', color: '#1f6fe5', image: '/img/illustrations/student-accident.svg', ...overrides.banner }, ...overrides.detail },
  };
}

/** Paints as the document-start script does: with the texts the build passes, through a serialised copy. */
function paint(data: unknown): Promise<void> {
  const serialised = new Function(`return (${paintEarlyDetail.toString()})`)() as typeof paintEarlyDetail;
  return serialised(data, EARLY_DETAIL_TEXTS);
}

/** Whether `promise` has settled after the pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('paintEarlyDetail', () => {
  beforeEach(() => {
    document.body.innerHTML = `<div id="root">${SHELL}</div>`;
  });

  it('draws the bar, the notice and the banner above the loading shell, from a serialised copy (no outer names)', () => {
    paint(manifest({ flags: { internetExclusive: true } }));
    const root = document.getElementById('root')!;
    // The shell first (out of sight, its status kept), then the view with its own spinner below the banner.
    expect([...root.children].map((child) => child.className)).toEqual(['page-loading early-status', 'early-page']);
    expect(root.querySelector('.early-page > .early-loading > .page-loading-spinner')).not.toBeNull();
    expect(root.querySelector('.early-nav-title')?.textContent).toBe('徐州市学生平安保险（2025版）');
    expect(root.querySelector('.recording-notice')?.textContent).toBe(EARLY_DETAIL_TEXTS.notice);
    expect(root.querySelector('.detail-banner-badge')?.textContent).toBe('互联网专属');
    expect(root.querySelector('.detail-banner-title')?.textContent).toBe('徐州学平险 2025');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/img/illustrations/student-accident.svg');
    expect(root.querySelector('.early-page')?.getAttribute('aria-hidden')).toBe('true');
    expect((root.querySelector('.detail-banner') as HTMLElement).style.background).toContain('linear-gradient');
  });

  it('writes the manifest\'s texts as text, never as markup', () => {
    paint(manifest({ banner: { title: '<img src=x onerror="alert(1)">' }, productName: '<b>产品</b>' }));
    expect(document.querySelector('.detail-banner-title')?.textContent).toBe('<img src=x onerror="alert(1)">');
    expect(document.querySelectorAll('img')).toHaveLength(1);
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows an image only from a path of this site, and a colour only as #rrggbb', () => {
    for (const image of ['//other.example/x.svg', 'https://other.example/x.svg', 'javascript:alert(1)', 42]) {
      document.body.innerHTML = `<div id="root">${SHELL}</div>`;
      paint(manifest({ banner: { image, color: 'red;background:url(//x)' } }));
      expect(document.querySelector('.detail-banner')).not.toBeNull();
      expect(document.querySelector('img')).toBeNull();
      expect((document.querySelector('.detail-banner') as HTMLElement).style.background).toContain('#1677ff');
    }
  });

  it('paints nothing over anything but the shell, for a title page, for a log-in-only product, or for an answer that is no manifest', () => {
    document.body.innerHTML = '<div id="root"><main>the app</main></div>';
    paint(manifest());
    expect(document.querySelector('.early-page')).toBeNull();

    for (const data of [null, 'x', {}, manifest({ detail: { titlePage: { title: '2023' } } }), manifest({ loginRequired: true }), manifest({ banner: { title: 3 } })]) {
      document.body.innerHTML = `<div id="root">${SHELL}</div>`;
      paint(data);
      expect(document.querySelector('.early-page')).toBeNull();
      expect(document.getElementById('root')?.children).toHaveLength(1);
    }
  });

  describe('what it returns: settled once the painted view has been presented', () => {
    let frames: FrameRequestCallback[] = [];
    const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete');
    beforeEach(() => {
      vi.useFakeTimers();
      frames = [];
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
      // An illustration still on its way (happy-dom loads no image: every one would be complete).
      Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => false });
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      if (complete) Object.defineProperty(HTMLImageElement.prototype, 'complete', complete);
      else delete (HTMLImageElement.prototype as { complete?: boolean }).complete;
    });
    const frame = () => {
      for (const callback of frames.splice(0)) callback(0);
    };

    it('after the illustration has loaded and two frames have begun', async () => {
      const presented = paint(manifest());
      frame();
      expect(await settled(presented)).toBe(false);
      document.querySelector('img')!.dispatchEvent(new Event('load'));
      frame();
      expect(await settled(presented)).toBe(false);
      frame();
      expect(await settled(presented)).toBe(true);
    });

    it('after a failed illustration too, and after a second at most (a page in the background gets no frames)', async () => {
      const failed = paint(manifest());
      document.querySelector('img')!.dispatchEvent(new Event('error'));
      frame();
      frame();
      expect(await settled(failed)).toBe(true);

      document.body.innerHTML = `<div id="root">${SHELL}</div>`;
      const waiting = paint(manifest());
      vi.advanceTimersByTime(999);
      expect(await settled(waiting)).toBe(false);
      vi.advanceTimersByTime(1);
      expect(await settled(waiting)).toBe(true);
    });

    it('at once when nothing was painted', async () => {
      expect(await settled(paint(manifest({ loginRequired: true })))).toBe(true);
      document.body.innerHTML = '<div id="root"><main>the app</main></div>';
      expect(await settled(paint(manifest()))).toBe(true);
    });
  });
});

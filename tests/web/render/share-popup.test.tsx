// @vitest-environment happy-dom
/**
 * The share popup (spec §2 share popup, §6, §8, §9): the sharer's card on the
 * poster (经纪人 with licence for staff, 推荐人 for a customer, none for a
 * visitor), the QR code of the share link with the sharer's promo code,
 * 复制链接 and 保存图片. happy-dom has no canvas, so the two drawing libraries
 * are replaced by stand-ins that record what they are asked to draw.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GW } from '../../../src/contract/define-call.ts';
import { promoterCalls, SHARE, shareTitle, type PromoterCard } from '../../../src/contract/promoter.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { POSTER_HINT, SharePopup } from '../../../src/web/features/sharing/components/share-popup.tsx';
import { forgetUser, saveUser } from '../../../src/web/shared/state/session.ts';
import { DetailRenderer, DetailShareButton } from '../../../src/web/features/insure/renderers/detail/detail-renderer.tsx';
import { createGateway, declareReactActEnvironment, guardConsoleError, MANIFESTS, renderInApp } from './harness.tsx';

const QR_PNG = 'data:image/png;base64,UVI=';
const POSTER_PNG = 'data:image/png;base64,UE9TVEVS';

const lib = vi.hoisted(() => ({
  toDataURL: vi.fn<(text: string, options: unknown) => Promise<string>>(),
  toPng: vi.fn<(node: HTMLElement, options?: unknown) => Promise<string>>(),
}));
vi.mock('qrcode', () => ({ default: { toDataURL: lib.toDataURL }, toDataURL: lib.toDataURL }));
vi.mock('dom-to-image-more', () => ({ default: { toPng: lib.toPng }, toPng: lib.toPng }));

declareReactActEnvironment();
beforeAll(() => setUpAntdMobileForReact19());

const USER = {
  token: 't',
  refreshToken: 'r',
  expiresIn: 900,
  userCode: 'U000000000002',
  userName: '139****0002',
  userId: '00000000-0000-0000-0000-000000000002',
  phone: '139****0002',
  loginAccount: '139****0002',
  branchCode: 'JT0000',
  branchName: '总公司',
  schanelCode: '',
  isStaff: false,
};

const STAFF_CARD: PromoterCard = {
  promoCode: 'PC7K2M9Q',
  managerCode: 'MG000123',
  name: '王经理',
  isStaff: true,
  roleLabel: '经纪人',
  licenseNumber: '20230001234567',
  companyName: '华安保险经纪有限公司',
  branchName: '徐州分公司',
  channelCode: '05',
};
const CUSTOMER_CARD: PromoterCard = {
  ...STAFF_CARD,
  promoCode: 'PCCUST01',
  managerCode: 'MGCUST01',
  name: '张*',
  isStaff: false,
  roleLabel: '推荐人',
  licenseNumber: '',
  channelCode: '',
};

const ROUTE = '/xuzhouStudentSafetyDetails?productCode=19PR320300';
const TITLE = '徐州学平险幼儿学生量身打造｜学平险在线投保';

function gateway(card: PromoterCard) {
  const paths: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname.slice(GW.length);
    paths.push(path);
    const body = path === promoterCalls.myCard.path ? { code: '0000', msg: '', data: card } : { code: '5000', msg: `unexpected ${path}`, data: null };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return paths;
}

function show(route = ROUTE) {
  renderInApp(<SharePopup visible onClose={() => undefined} target={{ route, title: TITLE }} />);
  return screen.getByTestId('share-popup');
}

/** The link the QR code encodes, after it was drawn. */
async function qrLink(): Promise<string> {
  await screen.findByAltText('分享二维码');
  expect(lib.toDataURL).toHaveBeenCalledTimes(1);
  const [text, options] = lib.toDataURL.mock.calls[0]!;
  expect(options).toEqual({ width: SHARE.qrSize, margin: SHARE.qrMargin });
  return text;
}

/** navigator.clipboard is a getter of the prototype: an own property hides it until afterEach deletes it. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

let consoleError: ReturnType<typeof guardConsoleError>;
beforeEach(() => {
  consoleError = guardConsoleError();
  lib.toDataURL.mockReset().mockResolvedValue(QR_PNG);
  lib.toPng.mockReset().mockResolvedValue(POSTER_PNG);
});
afterEach(async () => {
  try {
    // A toast outlives its test (2 s): gone before the next one reads the screen.
    act(() => Toast.clear());
    await waitFor(() => expect(document.querySelector('.adm-toast-mask')).toBeNull());
    consoleError.check();
  } finally {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete (navigator as { clipboard?: unknown }).clipboard;
    forgetUser();
  }
});

describe('share popup', () => {
  it('shows staff as 经纪人 with the licence number, the 持证经纪人 badge, 推荐码 and the QR code of the link with their promo code', async () => {
    saveUser(USER);
    const calls = gateway(STAFF_CARD);
    const popup = show();
    const link = await qrLink();
    expect(link).toBe(`${location.origin}${location.pathname}#${ROUTE}&promoCode=${STAFF_CARD.promoCode}`);
    expect(calls).toEqual([promoterCalls.myCard.path]);

    expect((within(popup).getByAltText('分享二维码') as HTMLImageElement).src).toBe(QR_PNG);
    const poster = within(popup).getByTestId('share-poster');
    expect(poster.dataset.staff).toBe('true');
    expect(within(poster).getByText(STAFF_CARD.companyName)).toBeTruthy();
    expect(within(poster).getByText('经纪人')).toBeTruthy();
    expect(within(poster).getByText('王经理')).toBeTruthy();
    expect(within(poster).getByText('执业证号')).toBeTruthy();
    expect(within(poster).getByText(STAFF_CARD.licenseNumber)).toBeTruthy();
    expect(within(poster).getByTestId('staff-badge').textContent).toBe(`持证经纪人 · ${STAFF_CARD.licenseNumber}`);
    expect(within(poster).getByText('推荐码')).toBeTruthy();
    expect(within(poster).getByTestId('manager-code').textContent).toBe(STAFF_CARD.managerCode);
    expect(within(poster).getByText(TITLE)).toBeTruthy();
    expect(within(poster).getByText(SHARE.qrHint)).toBeTruthy();
    expect(within(poster).queryByText(`${SHARE.visitorPrefix}${SHARE.qrHint}`)).toBeNull();
  });

  it('asks a visitor to log in first and shares a link without promo code, loading no card', async () => {
    const calls = gateway(STAFF_CARD);
    const popup = show();
    const link = await qrLink();
    expect(link).toBe(`${location.origin}${location.pathname}#${ROUTE}`);
    expect(link).not.toContain('promoCode');
    expect(calls).toEqual([]);
    expect(within(popup).getByText('请先登录，长按识别二维码分享')).toBeTruthy();
    expect(within(popup).queryByText('推荐码')).toBeNull();
    expect(within(popup).queryByText('经纪人')).toBeNull();
    expect(within(popup).queryByText('推荐人')).toBeNull();
  });

  it('shows a customer as 推荐人 on a plain poster, without licence or badge', async () => {
    saveUser(USER);
    gateway(CUSTOMER_CARD);
    const popup = show();
    expect(await qrLink()).toContain(`promoCode=${CUSTOMER_CARD.promoCode}`);
    const poster = within(popup).getByTestId('share-poster');
    expect(poster.dataset.staff).toBe('false');
    expect(within(poster).getByText('推荐人')).toBeTruthy();
    expect(within(poster).getByText('张*')).toBeTruthy();
    expect(within(poster).getByTestId('manager-code').textContent).toBe(CUSTOMER_CARD.managerCode);
    expect(within(poster).queryByText('经纪人')).toBeNull();
    expect(within(poster).queryByText('执业证号')).toBeNull();
    expect(within(poster).queryByTestId('staff-badge')).toBeNull();
  });

  it('keeps the promo code a route already carries', async () => {
    saveUser(USER);
    gateway(STAFF_CARD);
    show('/?promoCode=OTHER123');
    expect(await qrLink()).toBe(`${location.origin}${location.pathname}#/?promoCode=OTHER123`);
  });

  it('复制链接 writes the link with the promo code to the clipboard and toasts 操作成功', async () => {
    saveUser(USER);
    gateway(STAFF_CARD);
    const writeText = vi.fn(async (_text: string) => undefined);
    stubClipboard(writeText);
    const popup = show();
    const link = await qrLink();
    expect(screen.queryByText(SHARE.copied)).toBeNull();
    fireEvent.click(within(popup).getByText('复制链接'));
    await screen.findByText(SHARE.copied);
    expect(writeText).toHaveBeenCalledWith(link);
    expect(writeText.mock.calls[0]![0]).toContain(`promoCode=${STAFF_CARD.promoCode}`);
  });

  it('复制链接 falls back to a selected textarea and execCommand(copy), and toasts the failure when that fails too', async () => {
    saveUser(USER);
    gateway(STAFF_CARD);
    const writeText = vi.fn(async () => Promise.reject(new Error('denied')));
    stubClipboard(writeText);
    const copied: string[] = [];
    const execCommand = vi.fn((command: string) => {
      const area = document.activeElement instanceof HTMLTextAreaElement ? document.activeElement : document.querySelector('textarea');
      if (command === 'copy' && area) copied.push(area.value);
      return false;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      const popup = show();
      const link = await qrLink();
      fireEvent.click(within(popup).getByText('复制链接'));
      await screen.findByText(SHARE.qrFailed);
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(copied).toEqual([link]);
      expect(document.querySelector('textarea')).toBeNull();
      expect(screen.queryByText(SHARE.copied)).toBeNull();
    } finally {
      delete (document as { execCommand?: unknown }).execCommand;
    }
  });

  it(`保存图片 draws the poster after ${SHARE.screenshotDelayMs} ms and shows it as an image to long-press, with a download link in a browser`, async () => {
    saveUser(USER);
    gateway(STAFF_CARD);
    const popup = show();
    await qrLink();
    const poster = within(popup).getByTestId('share-poster');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(popup).getByText('保存图片'));
    await act(() => vi.advanceTimersByTimeAsync(SHARE.screenshotDelayMs - 1));
    expect(lib.toPng).not.toHaveBeenCalled();
    expect(screen.queryByAltText('分享海报')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(lib.toPng).toHaveBeenCalledTimes(1);
    expect(lib.toPng.mock.calls[0]![0]).toBe(poster);
    // Drawing done, the rest (the image rendered) runs on real timers, as findBy polls with them.
    vi.useRealTimers();
    const image = (await screen.findByAltText('分享海报')) as HTMLImageElement;
    expect(image.src).toBe(POSTER_PNG);
    expect(screen.getByText(POSTER_HINT)).toBeTruthy();
    const download = screen.getByText('下载图片') as HTMLAnchorElement;
    expect(download.getAttribute('href')).toBe(POSTER_PNG);
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('toasts 二维码生成失败 when the QR code cannot be drawn, and offers no image to save', async () => {
    saveUser(USER);
    gateway(STAFF_CARD);
    lib.toDataURL.mockReset().mockRejectedValue(new Error('too long'));
    const popup = show();
    await screen.findByText(SHARE.qrFailed);
    expect(lib.toDataURL).toHaveBeenCalledTimes(1);
    expect(within(popup).queryByAltText('分享二维码')).toBeNull();
    expect(within(popup).getByText('保存图片').closest('button')?.disabled).toBe(true);
  });

  it('分享 on a detail page (any manifest) opens the popup for the page\'s own route, titled by the spec §9 share title', async () => {
    const { manifest } = MANIFESTS[0]!;
    const gw = createGateway();
    vi.stubGlobal('fetch', gw.fetch);
    const at = `/someDetailRoute?productCode=${manifest.productCode}`;
    renderInApp(
      <>
        <DetailShareButton manifest={manifest} />
        <DetailRenderer manifest={manifest} onInsure={() => undefined} />
      </>,
      { at },
    );
    expect(screen.queryByTestId('share-popup')).toBeNull();
    fireEvent.click(screen.getByTestId('share-button'));
    const popup = await screen.findByTestId('share-popup');
    expect(await qrLink()).toBe(`${location.origin}${location.pathname}#${at}`);
    expect(within(popup).getByText(shareTitle(manifest.productName))).toBeTruthy();
    expect(gw.unexpected()).toEqual([]);
  });
});

// @vitest-environment happy-dom
/**
 * The WeChat share card (spec §2, §8): inside WeChat the page's address
 * (without #hash) is signed, WeChat's JSSDK is added once and configured with
 * the signature, and the share data carry the title, the link and the app
 * icon's absolute address; a refused signature toasts 获取微信分享授权失败.
 * Outside WeChat nothing is asked. The script element is caught before
 * happy-dom would fetch it, and WeChat's `wx` is a recording stand-in.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GW } from '../../../src/contract/define-call.ts';
import { promoterCalls, SHARE } from '../../../src/contract/promoter.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { useWeChatShare } from '../../../src/web/features/sharing/components/use-wechat-share.ts';
import { configureWeChatShare, JSSDK_URL, type WeChatSdk } from '../../../src/web/features/sharing/components/wechat-share.ts';
import { declareReactActEnvironment } from './harness.tsx';

declareReactActEnvironment();
beforeAll(() => setUpAntdMobileForReact19());

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const CONFIG = { appId: 'wx0123456789abcdef', timestamp: 1_767_225_600, nonceStr: 'n0nce', signature: 'a'.repeat(40) };
const SHARE_DATA = { title: '徐州学平险幼儿学生量身打造｜学平险在线投保', desc: '开学季安心保障', link: 'http://localhost:3000/#/x?promoCode=PC1' };

function gateway(code: string) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url);
      const ok = url.pathname.slice(GW.length) === promoterCalls.weChatShare.path && code === '0000';
      return new Response(JSON.stringify(ok ? { code, msg: '', data: CONFIG } : { code, msg: '签名失败', data: null }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

function userAgent(value: string) {
  Object.defineProperty(navigator, 'userAgent', { value, configurable: true });
}

/** Catches the scripts the module adds, so happy-dom never fetches them. */
function catchScripts() {
  const scripts: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) scripts.push(node);
    return node;
  });
  return scripts;
}

function fakeWx() {
  const ready: (() => void)[] = [];
  const wx = {
    config: vi.fn(),
    ready: vi.fn((callback: () => void) => ready.push(callback)),
    error: vi.fn(),
    updateAppMessageShareData: vi.fn(),
    updateTimelineShareData: vi.fn(),
  } satisfies WeChatSdk;
  (window as Window & { wx?: WeChatSdk }).wx = wx;
  return { wx, fireReady: () => ready.forEach((callback) => callback()) };
}

afterEach(async () => {
  act(() => Toast.clear());
  await waitFor(() => expect(document.querySelector('.adm-toast-mask')).toBeNull());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (navigator as { userAgent?: string }).userAgent;
  delete (window as Window & { wx?: WeChatSdk }).wx;
});

describe('WeChat share card', () => {
  it('does nothing outside WeChat', async () => {
    const asked = gateway('0000');
    const scripts = catchScripts();
    userAgent('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36');
    await configureWeChatShare(SHARE_DATA);
    expect(asked).toEqual([]);
    expect(scripts).toEqual([]);
  });

  it('signs the address without its hash, loads the JSSDK once and gives it the share data with the icon’s absolute address', async () => {
    const asked = gateway('0000');
    const scripts = catchScripts();
    userAgent(WECHAT_UA);
    const { wx, fireReady } = fakeWx();

    const first = configureWeChatShare(SHARE_DATA);
    await waitFor(() => expect(scripts).toHaveLength(1));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe(GW + promoterCalls.weChatShare.path);
    expect(asked[0]!.searchParams.get('shareUrl')).toBe(location.href.split('#')[0]);
    expect(scripts[0]!.src).toBe(JSSDK_URL);
    scripts[0]!.onload?.(new Event('load'));
    await first;

    expect(wx.config).toHaveBeenCalledWith({ debug: false, ...CONFIG, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
    fireReady();
    const imgUrl = new URL('img/share-logo.png', document.baseURI).href;
    expect(imgUrl).toMatch(/^https?:\/\/.+\/img\/share-logo\.png$/);
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({ ...SHARE_DATA, imgUrl });
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith({ title: SHARE_DATA.title, link: SHARE_DATA.link, imgUrl });

    // Another page: signed again, the script is not added twice.
    await configureWeChatShare({ ...SHARE_DATA, title: '另一个产品' });
    expect(asked).toHaveLength(2);
    expect(scripts).toHaveLength(1);
    expect(wx.config).toHaveBeenCalledTimes(2);
  });

  it('toasts 获取微信分享授权失败 when the signature is refused, and configures nothing', async () => {
    gateway('5000');
    const scripts = catchScripts();
    userAgent(WECHAT_UA);
    // The toast renders a React root: inside act, as the click that led here would be in the app.
    await act(() => configureWeChatShare(SHARE_DATA));
    await screen.findByText(SHARE.authFailed);
    expect(screen.queryByText('签名失败')).toBeNull();
    expect(scripts).toEqual([]);
  });

  it('useWeChatShare: outside WeChat a page asks nothing (the share code is not even loaded); in WeChat it signs the page\'s address', async () => {
    const asked = gateway('0000');
    catchScripts();
    function Page() {
      useWeChatShare('/x', SHARE_DATA.title, SHARE_DATA.desc);
      return null;
    }
    userAgent('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36');
    const outside = render(<Page />);
    await new Promise((done) => setTimeout(done, 50));
    expect(asked).toEqual([]);
    outside.unmount();

    userAgent(WECHAT_UA);
    render(<Page />);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.pathname).toBe(GW + promoterCalls.weChatShare.path);
    expect(asked[0]!.searchParams.get('shareUrl')).toBe(location.href.split('#')[0]);
  });
});

// @vitest-environment happy-dom
import { act, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { createAppNavigation } from '../../src/web/app/navigation.ts';
import { forgetScrollPositions, rememberScroll, useScrollRestoration } from '../../src/web/app/scroll-restoration.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the app navigation (declarative react-router on a hash history)', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/#/');
  });

  it('runs the gates of the first location before anything renders, a redirect replacing it', () => {
    window.history.replaceState(null, '', '/#/insure?productCode=A1');
    const arrived: string[] = [];
    const navigation = createAppNavigation(
      (location) => {
        arrived.push(location.pathname + location.search);
        return location.pathname === '/insure' ? '/passport/login?fullPath=%2Finsure' : null;
      },
      () => undefined,
    );
    expect(arrived).toEqual(['/insure?productCode=A1']);
    expect(navigation.shown().location.pathname).toBe('/passport/login');
    expect(window.location.hash).toBe('#/passport/login?fullPath=%2Finsure');
  });

  it('commits the URL at once, tells the entry being left, runs the gates, then shows the location', () => {
    const left: string[] = [];
    const gates: Array<[string, string | undefined]> = [];
    const navigation = createAppNavigation(
      (location, from) => {
        gates.push([location.pathname, from?.pathname]);
        return location.pathname === '/policyList' ? '/passport/login' : null;
      },
      (key) => left.push(key),
    );
    const shown: string[] = [];
    const stop = navigation.subscribe(() => shown.push(navigation.shown().location.pathname));
    const homeKey = navigation.shown().location.key;

    navigation.navigate('/newProductDetail?productCode=A1');
    expect(window.location.hash).toBe('#/newProductDetail?productCode=A1');
    expect(navigation.location().pathname).toBe('/newProductDetail');
    expect(left).toEqual([homeKey]);
    expect(window.history.state).toMatchObject({ idx: 1 });

    // A login-only route: the gate's redirect replaces the entry, whose own gates run in turn.
    navigation.navigate('/policyList');
    expect(window.location.hash).toBe('#/passport/login');
    expect(gates.map(([to]) => to)).toEqual(['/', '/newProductDetail', '/policyList', '/passport/login']);
    expect(shown).toEqual(['/newProductDetail', '/passport/login']);
    expect(navigation.shown().action).toBe('REPLACE');
    stop();
  });
});

describe('useScrollRestoration', () => {
  let container: HTMLElement;
  let root: Root;
  let navigate: NavigateFunction;
  let location: Location;

  function Screen({ name }: { name: string }) {
    navigate = useNavigate();
    location = useLocation();
    useScrollRestoration();
    return <div style={{ height: 5000 }}>{name}</div>;
  }

  /** What the app's navigation does as a navigation starts: the position of the entry being left is saved. */
  async function go(to: string | number) {
    rememberScroll(location.key);
    await act(async () => {
      await navigate(to as string);
    });
  }

  beforeEach(async () => {
    forgetScrollPositions();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => {
      root.render(
        <StrictMode>
          <MemoryRouter initialEntries={['/list']}>
            <Routes>
              <Route path="/list" element={<Screen name="list" />} />
              <Route path="/detail" element={<Screen name="detail" />} />
            </Routes>
          </MemoryRouter>
        </StrictMode>,
      );
    });
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('starts a new page at the top and restores the position on back and forward', async () => {
    window.scrollTo(0, 1131);
    await go('/detail');
    expect(container.textContent).toBe('detail');
    expect(window.scrollY).toBe(0);

    window.scrollTo(0, 300);
    await go(-1);
    expect(container.textContent).toBe('list');
    expect(window.scrollY).toBe(1131);

    await go(1);
    expect(container.textContent).toBe('detail');
    expect(window.scrollY).toBe(300);
  });

  it('starts at the top when the same page is opened again by a link (not a back step)', async () => {
    window.scrollTo(0, 800);
    await go('/detail');
    await go('/list');
    expect(window.scrollY).toBe(0);
  });
});

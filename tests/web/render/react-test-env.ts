/**
 * What every React render test of tests/web shares, without the render
 * harness's manifests and gateway: a React act() environment, a cleanup
 * after each test, and a guard that fails a test on any console.error
 * (React warnings included). ./harness.tsx re-exports it.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi, type MockInstance } from 'vitest';

type ActGlobal = typeof globalThis & { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Declares the file a React act() environment, as @testing-library/react
 * does by itself only when the runner has global hooks (vitest here has
 * none): without it React never reports a state update that escaped act(),
 * and the console guard could not catch one. RTL's waitFor lowers the flag
 * while it polls, as it should. Call once at the top of a suite file.
 */
export function declareReactActEnvironment(): void {
  const scope = globalThis as ActGlobal;
  let previous: boolean | undefined;
  beforeAll(() => {
    previous = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  });
}

/**
 * Every render of a test file that uses this module is unmounted after each test (Testing Library's
 * automatic cleanup needs vitest's globals, which this project does not turn on): a screen left mounted
 * keeps its timers (a draft saved after a pause, an idle load) and one firing after the file's DOM is torn
 * down made React fail with "window is not defined" (seen in identity-fields.test.tsx under a full run).
 */
afterEach(() => cleanup());

/**
 * Spies on console.error for one test. `check()` unmounts what was rendered
 * (so that errors logged while unmounting count too) and fails with every
 * message logged. The spy passes nothing through: the failure shows them.
 */
export function guardConsoleError(): { check: () => void } {
  const spy: MockInstance<typeof console.error> = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return {
    check() {
      cleanup();
      const logged = spy.mock.calls.map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '));
      spy.mockRestore();
      expect(logged, 'console.error was called').toEqual([]);
    },
  };
}


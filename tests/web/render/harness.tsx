/**
 * What the render suite shares: every manifest of manifests/ as the app gets
 * it (plans built, as the server's manifest store serves them), a fake /_gw
 * gateway answering calpremiums with the engine's computePremium, the
 * providers the app wraps its screens in, and a guard that fails a test on
 * any console.error (React warnings included).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StrictMode, useState, type ReactElement, type ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../src/web/shared/api/query-client.ts';
import { beforeAll, vi } from 'vitest';
import { GW } from '../../../src/contract/define-call.ts';
import type { QuoteRequest } from '../../../src/contract/product.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { withBuiltPlans } from '../../../src/engine/plans/build-plans.ts';
import { computePremium } from '../../../src/engine/pricing/premium.ts';
import { regionChildren } from '../../../src/engine/regions/region-table.ts';
import { productCalls } from '../../../src/contract/product-calls.ts';
import { ratingCalls } from '../../../src/contract/ratings.ts';
import { resolveManifest } from '../../../src/engine/manifest/references.ts';
import { buildInsureFormSchema, type InsureDraftData } from '../../../src/engine/insure/form-schema.ts';
import { InsureFormRenderer } from '../../../src/web/features/insure/renderers/insure/insure-form-renderer.tsx';
import { formValidatorModule } from '../../../src/server/catalogue/form-validators.ts';
import {
  loadFormValidator,
  setFormValidatorModuleLoader,
  type FormValidatorModule,
} from '../../../src/web/features/insure/renderers/insure/form-validator.ts';

// ---------------------------------------------------------------- manifests

// A path, not a URL: under happy-dom the global URL is the DOM's, which node:fs does not take.
const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../manifests');

export interface ManifestCase {
  /** The file name, e.g. xuzhou-wuyou-2021.json. */
  file: string;
  /** The manifest as the server serves it: insurer references resolved, withBuiltPlans applied. */
  manifest: ProductManifest;
}

/** Every manifest file, read from the folder so that a new one is covered automatically. */
export const MANIFESTS: readonly ManifestCase[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => {
    const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ProductManifest;
    return { file, manifest: withBuiltPlans(resolveManifest(raw)) };
  });

const BY_CODE = new Map<string, ProductManifest>(
  MANIFESTS.flatMap(({ manifest: m }) => [m.productCode, ...(m.aliasCodes ?? [])].map((code) => [code, m] as const)),
);

// ---------------------------------------------------------------- form validators

/**
 * The insure form's validator modules, compiled here by the server's code and
 * imported from files (no server answers /_gw/prod-svc/forms/ in node). Every
 * manifest's is loaded before the suite, so a form renders at once as in the
 * app after its first visit; a form of a changed manifest loads on demand.
 */
// Inside the project: vitest's module runner does not import files from the system's temporary folder.
const FORM_MODULE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/edu-insure/test-form-validators');
mkdirSync(FORM_MODULE_DIR, { recursive: true });
setFormValidatorModuleLoader(async (key, _attempt, schema) => {
  // One file per process: two workers may compile the same form at once.
  const file = join(FORM_MODULE_DIR, `${key}.${process.pid}.mjs`);
  writeFileSync(file, formValidatorModule(schema));
  return (await import(/* @vite-ignore */ file)) as FormValidatorModule;
});
beforeAll(async () => {
  await Promise.all(MANIFESTS.map(({ manifest }) => loadFormValidator(buildInsureFormSchema(manifest).schema)));
});

// ---------------------------------------------------------------- gateway

export interface GatewayCall {
  path: string;
  body: unknown;
}

function envelope(code: string, msg: string, data: unknown): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/**
 * A fetch answering the /_gw calls the renderers make: calpremiums with the
 * engine's computePremium, as the server's quote route does. Anything else
 * answers 5000 and stays in `calls`, so a test sees an unexpected call.
 */
/** What the gateway answers for every product's rating statistics: four digits, so the page must show 999+. */
export const RATING_STATS = { score: 4.8, commentNum: 1234 };

/** Three ratings of every product: the confirm page's widget must show the first two. */
export const RATINGS = ['投保很方便', '客服很耐心', '价格实惠'].map((text, i) => ({
  id: i + 1,
  createTime: '2026-11-01 10:00',
  loginAccount: '138****0000',
  commentStatistics: [{ commentNode: '00', score: 5 }],
  tags: [],
  text,
}));

const ANSWERED: ReadonlySet<string> = new Set([productCalls.calPremiums.path, ratingCalls.stats.path, ratingCalls.list.path]);

export function createGateway() {
  const calls: GatewayCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const path = url.pathname.startsWith(GW) ? url.pathname.slice(GW.length) : url.pathname;
    calls.push({ path, body });
    if (path === productCalls.calPremiums.path) {
      const [quote] = body as QuoteRequest[];
      const manifest = quote && BY_CODE.get(quote.productCode);
      if (!quote || !manifest) return envelope('4004', '商品不存在或已下架', null);
      const [program] = quote.insuranceVOS;
      const result = computePremium(manifest, {
        planCode: program?.programCode,
        copies: quote.buyCopies ?? program?.count ?? 1,
        factors: Object.fromEntries((quote.factorInfos ?? []).map((f) => [f.factorCode, f.factorValue])),
      });
      return result.ok ? envelope('0000', '', { totalPremium: result.totalPremium }) : envelope('4001', result.message, null);
    }
    if (path === ratingCalls.stats.path) return envelope('0000', '', RATING_STATS);
    if (path === ratingCalls.list.path) return envelope('0000', '', { list: RATINGS.slice(0, (body as { ps: number }).ps), total: RATINGS.length });
    // The region picker and the confirm page's region names: the server's answer, from the same national table.
    if (path.startsWith('/user-svc/api/v1/getArea/')) {
      return envelope('0000', '', regionChildren(path.split('/').pop()!).map((n) => ({ ...n, isLeaf: n.level === 'county' })));
    }
    return envelope('5000', `unexpected call ${path}`, null);
  });
  return {
    calls,
    fetch,
    quotes: () => calls.filter((c) => c.path === productCalls.calPremiums.path),
    unexpected: () => calls.filter((c) => !ANSWERED.has(c.path) && !c.path.startsWith('/user-svc/api/v1/getArea/')),
  };
}

// ---------------------------------------------------------------- rendering

// The act() environment, the cleanup after each test and the console guard, shared with suites that need no manifest.
export { declareReactActEnvironment, guardConsoleError } from './react-test-env.ts';

/**
 * Renders `ui` as the app does (main.tsx: StrictMode; a router around every
 * screen, at the entry `at`) with a fresh jotai store, so that no atom
 * value leaks from one product to the next.
 */
export function renderInApp(ui: ReactElement, { at = '/' }: { at?: string } = {}): RenderResult {
  const store = createStore();
  // The app's query client (main.tsx provides it too), emptied so no answer leaks from one test to the next.
  queryClient.clear();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Provider store={store}>
            <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter>
          </Provider>
        </QueryClientProvider>
      </StrictMode>
    );
  }
  return render(ui, { wrapper: Wrapper });
}

/** The insure form held as the insure screen holds it: the draft handed over comes back as the form's data. */
export function InsureFormHost({ manifest, onDraftChange }: { manifest: ProductManifest; onDraftChange: (draft: InsureDraftData) => void }) {
  const [draft, setDraft] = useState<InsureDraftData | null>(null);
  return (
    <InsureFormRenderer
      manifest={manifest}
      plan={{ planCode: manifest.plans[0]!.code }}
      draft={draft}
      onDraftChange={(next) => {
        onDraftChange(next);
        setDraft(next);
      }}
    />
  );
}

// @vitest-environment happy-dom
/**
 * The insure form while its validator loads (the insure page's
 * layout shift): the renderer shows a loading block, then the form. What the
 * screen shows below the form (the clause agreement, 投保声明) waits for the
 * renderer's `onShown`, called before the form's first frame is painted, so
 * the form's arrival moves nothing already on screen.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { formValidatorModule } from '../../../src/server/catalogue/form-validators.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { InsureFormRenderer } from '../../../src/web/features/insure/renderers/insure/insure-form-renderer.tsx';
import { setFormValidatorModuleLoader, type FormValidatorModuleLoader } from '../../../src/web/features/insure/renderers/insure/form-validator.ts';
import { declareReactActEnvironment, MANIFESTS, renderInApp } from './harness.tsx';

const base = MANIFESTS.find((m) => m.manifest.insure.template !== 'guardian')!.manifest;
// A form no other test loaded (one more insured allowed: another schema, another validator module).
const manifest: ProductManifest = { ...base, insure: { ...base.insure, maxInsureds: (base.insure.maxInsureds ?? 1) + 7 } };

/** The screen's part: the agreement below the form, shown once the form is. */
function ScreenBelowTheForm({ onShown }: { onShown: () => void }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <InsureFormRenderer
        manifest={manifest}
        plan={{ planCode: manifest.plans[0]!.code }}
        draft={null}
        onDraftChange={() => undefined}
        onShown={() => {
          onShown();
          setShown(true);
        }}
      />
      {shown && <section aria-label="投保声明" />}
    </>
  );
}

describe('the insure form while its validator loads', () => {
  beforeAll(() => {
    declareReactActEnvironment();
    setUpAntdMobileForReact19();
  });
  afterEach(() => cleanup());

  it('tells the screen once the form is on screen, and not before', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The module compiled as the harness's loader does, held until the test lets it through.
    const loader: FormValidatorModuleLoader = async (key, _attempt, schema) => {
      await gate;
      const file = join(process.cwd(), 'node_modules/.cache/edu-insure/test-form-validators', `${key}.${process.pid}.shown.mjs`);
      writeFileSync(file, formValidatorModule(schema));
      return (await import(/* @vite-ignore */ file)) as Awaited<ReturnType<FormValidatorModuleLoader>>;
    };
    setFormValidatorModuleLoader(loader);
    const onShown = vi.fn();
    try {
      renderInApp(<ScreenBelowTheForm onShown={onShown} />);
      expect(screen.getByTestId('page-loading')).toBeTruthy();
      expect(onShown).not.toHaveBeenCalled();
      expect(screen.queryByRole('region', { name: '投保声明' })).toBeNull();
      await act(async () => {
        release();
        await gate;
      });
      await waitFor(() => expect(document.getElementById('root_policyHolder_name')).not.toBeNull(), { timeout: 10_000 });
      expect(onShown).toHaveBeenCalled();
      expect(screen.queryByTestId('page-loading')).toBeNull();
      expect(screen.getByRole('region', { name: '投保声明' })).toBeTruthy();
    } finally {
      setFormValidatorModuleLoader(null);
    }
  });
});

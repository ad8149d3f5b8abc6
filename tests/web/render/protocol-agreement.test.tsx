// @vitest-environment happy-dom
/**
 * The insure screen's clause agreement (我已阅读并同意…) while the parent fills
 * in the form: the screen re-renders on every draft change (a field
 * handed over after a pause), and the agreement does not re-render with it.
 * Its antd-mobile Checkbox rewrote its <input>'s name and type on each render,
 * DOM changes the sale recorder records and the browser re-styles.
 */
import { useState } from 'react';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { ProtocolAgreement } from '../../../src/web/features/insure/renderers/insure/protocol-agreement.tsx';
import { useProtocolReading } from '../../../src/web/features/insure/state/insure-flow.ts';
import { declareReactActEnvironment, MANIFESTS, renderInApp } from './harness.tsx';

const manifest = MANIFESTS.find((m) => m.manifest.protocols.length > 0)!.manifest;
const names = manifest.protocols.map((p) => p.name);

let rerenderScreen: () => void = () => undefined;

/** The screen's part that matters here: it re-renders for reasons of its own (a draft change). */
function Screen() {
  const [, setTick] = useState(0);
  rerenderScreen = () => setTick((n) => n + 1);
  const reading = useProtocolReading(manifest.productCode, names);
  const [open, setOpen] = useState<number | null>(null);
  return <ProtocolAgreement protocols={manifest.protocols} reading={reading} open={open} onOpen={setOpen} />;
}

describe('the clause agreement of the insure screen', () => {
  beforeAll(() => {
    declareReactActEnvironment();
    setUpAntdMobileForReact19();
  });
  afterEach(cleanup);

  it('stays as it is when the screen re-renders for a draft change: its checkbox is not rewritten', () => {
    renderInApp(<Screen />);
    const box = document.querySelector<HTMLInputElement>('#insure-agreement input[type="checkbox"]')!;
    expect(box).not.toBeNull();
    const observer = new MutationObserver(() => undefined);
    observer.observe(document.getElementById('insure-agreement')!, { attributes: true, childList: true, subtree: true, characterData: true });
    act(() => rerenderScreen());
    act(() => rerenderScreen());
    const written = observer.takeRecords().map((record) => `${record.type} ${record.attributeName ?? ''}`);
    observer.disconnect();
    expect(written).toEqual([]);
    expect(box.checked).toBe(false);
  });
});

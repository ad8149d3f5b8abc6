// @vitest-environment happy-dom
/**
 * The head of the insure page states the cover period as the product's cover
 * start rule allows before the confirm page: dates fixed by the order, the
 * window of a start the parent picks there, or the rule of a start the
 * payment fixes (支付成功次日零时起保).
 */
import { readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { PlanSummary } from '../../../src/web/features/insure/renderers/insure/plan-summary.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jining-student-accident: the day after the order, 12 months ending at 00:00:00. */
const jining = JSON.parse(readFileSync('manifests/jining-student-accident.json', 'utf8')) as ProductManifest;
const withCover = (cover: Partial<ProductManifest['cover']>): ProductManifest => ({ ...jining, cover: { ...jining.cover, ...cover } });
// 10:00 Beijing, 1 June 2025.
const NOW = new Date('2025-06-01T02:00:00Z');

function periodShown(manifest: ProductManifest): string {
  render(<PlanSummary manifest={manifest} planName="基础版" copies={1} now={NOW} />);
  return screen.getByText('保险期间').nextElementSibling?.textContent ?? '';
}

describe('PlanSummary: 保险期间', () => {
  afterEach(cleanup);

  it('gives the dates of a start the order fixes', () => {
    expect(periodShown(jining)).toBe('2025-06-02 至 2026-06-02');
  });

  it('gives the window of a start the parent picks on the confirm page', () => {
    expect(periodShown(withCover({ pickedStart: { fromDays: 1, toDays: 30 } }))).toBe('起保日期2025-06-02至2025-07-01可选，保障1年');
  });

  it('states the rule of a start the payment fixes', () => {
    expect(periodShown(withCover({ startFrom: 'paymentDay' }))).toBe('支付成功次日零时起保，自起保日起1年');
  });
});

// @vitest-environment happy-dom
/**
 * The health card of the confirm page (huatai-serious-illness: disease,
 * hypertension → bloodPressure, hospital): each question shown with its
 * answer, and the conclusion handed to the page (a refusal or an open
 * question as the blocker, the outcome the order sends).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { HealthReview } from '../../../src/web/features/insure/renderers/confirm/health-review.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const REFUSED = '很抱歉，被保险人目前的健康状况不符合本产品的投保条件';
const notice = (JSON.parse(readFileSync('manifests/huatai-serious-illness.json', 'utf8')) as ProductManifest).healthNotice!;

function reviewed(answers: Record<string, string>) {
  const onReview = vi.fn();
  const frame = (title: string, rows: ReactNode) => (
    <section data-testid="confirm-health">
      <h3>{title}</h3>
      <dl>{rows}</dl>
    </section>
  );
  render(<HealthReview notice={notice} answers={answers} onReview={onReview} frame={frame} rowClassName="row" />);
  return onReview.mock.lastCall?.[0] as unknown;
}

describe('the health card of the confirm page', () => {
  afterEach(cleanup);

  it('shows each question shown with its answer, and lets the order go on', () => {
    expect(reviewed({ disease: 'N', hypertension: 'Y', bloodPressure: 'controlled', hospital: 'N' })).toEqual({ blocker: null, outcome: 'continue' });
    const card = screen.getByTestId('confirm-health');
    expect(card.querySelector('h3')?.textContent).toBe('健康告知');
    expect([...card.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['否', '是', '控制在160/100mmHg以下且无并发症', '否']);
    expect(screen.getByText('被保险人目前的血压控制情况')).toBeTruthy();
  });

  it('blocks a refusal with the manifest message, and an open question by its text', () => {
    expect(reviewed({ disease: 'Y', hypertension: 'N', hospital: 'N' })).toEqual({ blocker: REFUSED, outcome: 'refuse' });
    cleanup();
    expect(reviewed({ disease: 'N', hypertension: 'Y', hospital: 'N' })).toEqual({ blocker: '请回答健康告知：被保险人目前的血压控制情况', outcome: 'continue' });
    expect(screen.getByText('未回答')).toBeTruthy();
  });
});

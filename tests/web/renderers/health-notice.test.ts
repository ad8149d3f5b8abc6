/**
 * The health notice in the confirm model and the order (huatai-serious-illness):
 * the model carries the notice and its answers (the card judges them), the
 * order the answers and the page's outcome.
 */
import { describe, expect, it } from 'vitest';
import type { PlanChoice } from '../../../src/engine/insure/form-schema.ts';
import { buildConfirmModel } from '../../../src/web/features/insure/renderers/confirm/confirm-model.ts';
import { applicationForm } from '../../../src/web/features/insure/renderers/confirm/place-order.ts';
import { NOW, seriousIllness, seriousIllnessDraft, START_DATE, xuzhou, xuzhouDraft } from './fixtures.ts';

const CHOICE: PlanChoice = { planCode: 'HTZJ-20', copies: 1, factors: { ageBand: '31-40' } };
const notice = seriousIllness.healthNotice!;
const model = (healthAnswers: Record<string, string>) => buildConfirmModel(seriousIllness, { ...seriousIllnessDraft(), healthAnswers }, CHOICE, 216, NOW);

describe('the health notice in the model and the order', () => {
  it('carries the notice and its answers, the outcome left to the card', () => {
    const shown = model({ disease: 'N', hypertension: 'N', hospital: 'N' });
    expect(shown).toMatchObject({ health: { notice, answers: { disease: 'N', hypertension: 'N', hospital: 'N' } }, healthOutcome: null, blocker: null });
    expect(buildConfirmModel(xuzhou, xuzhouDraft(), { planCode: xuzhou.plans[0]!.code, copies: 1, factors: {} }, 100, NOW).health).toBeNull();
  });

  it('sends the answers and the page outcome; a product without a notice sends neither', () => {
    const { application } = model({ disease: 'N', hypertension: 'N', hospital: 'N' });
    const form = applicationForm({ manifest: seriousIllness, application, healthOutcome: 'continue', promoCode: '', premium: 216, startDate: START_DATE, now: NOW });
    expect(form).toMatchObject({ healthAnswers: { disease: 'N', hypertension: 'N', hospital: 'N' }, healthOutcome: 'continue' });
    const plain = buildConfirmModel(xuzhou, xuzhouDraft(), { planCode: xuzhou.plans[0]!.code, copies: 1, factors: {} }, 100, NOW).application;
    const xuzhouForm = applicationForm({ manifest: xuzhou, application: plain, promoCode: '', premium: 100, startDate: START_DATE, now: NOW });
    expect(xuzhouForm).not.toHaveProperty('healthAnswers');
    expect(xuzhouForm).not.toHaveProperty('healthOutcome');
  });
});

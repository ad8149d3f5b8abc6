/**
 * The health notice on the confirm page and in the order (huatai-serious-illness:
 * disease, hypertension → bloodPressure, hospital): the answers shown as
 * rows, a refusal or an open question as the blocker, and only the answers
 * of the questions shown sent with the page's outcome.
 */
import { describe, expect, it } from 'vitest';
import type { PlanChoice } from '../../../src/engine/insure/form-schema.ts';
import { buildConfirmModel } from '../../../src/web/features/insure/renderers/confirm/confirm-model.ts';
import { applicationForm } from '../../../src/web/features/insure/renderers/confirm/place-order.ts';
import { NOW, seriousIllness, seriousIllnessDraft, START_DATE, xuzhou, xuzhouDraft } from './fixtures.ts';

const CHOICE: PlanChoice = { planCode: 'HTZJ-20', copies: 1, factors: { ageBand: '31-40' } };
const REFUSED = '很抱歉，被保险人目前的健康状况不符合本产品的投保条件';
const model = (healthAnswers: Record<string, string>) => buildConfirmModel(seriousIllness, { ...seriousIllnessDraft(), healthAnswers }, CHOICE, 216, NOW);

describe('the health notice on the confirm page', () => {
  it('shows each question shown with its answer', () => {
    const shown = model({ disease: 'N', hypertension: 'Y', bloodPressure: 'controlled', hospital: 'N' });
    expect(shown.blocker).toBeNull();
    expect(shown.health?.title).toBe('健康告知');
    expect(shown.health?.rows.map((r) => r.value)).toEqual(['否', '是', '控制在160/100mmHg以下且无并发症', '否']);
    expect(shown.health?.rows[2]?.label).toBe('被保险人目前的血压控制情况');
  });

  it('blocks a refusal with the manifest message, and an open question by its text', () => {
    expect(model({ disease: 'Y', hypertension: 'N', hospital: 'N' }).blocker).toBe(REFUSED);
    expect(model({ disease: 'N', hypertension: 'Y', hospital: 'N' }).blocker).toBe('请回答健康告知：被保险人目前的血压控制情况');
  });

  it('has no health card for a product without a notice', () => {
    expect(buildConfirmModel(xuzhou, xuzhouDraft(), { planCode: xuzhou.plans[0]!.code, copies: 1, factors: {} }, 100, NOW).health).toBeNull();
  });
});

describe('the health notice in the order', () => {
  it('carries the answers of the questions shown and the page outcome', () => {
    // A blood pressure answered, then hypertension put back to 否: the hidden follow-up is not sent.
    const { application } = model({ disease: 'N', hypertension: 'N', bloodPressure: 'uncontrolled', hospital: 'N' });
    const form = applicationForm({ manifest: seriousIllness, application, promoCode: '', premium: 216, startDate: START_DATE, now: NOW });
    expect(form.healthAnswers).toEqual({ disease: 'N', hypertension: 'N', hospital: 'N' });
    expect(form.healthOutcome).toBe('continue');
  });

  it('carries none for a product without a notice', () => {
    const { application } = buildConfirmModel(xuzhou, xuzhouDraft(), { planCode: xuzhou.plans[0]!.code, copies: 1, factors: {} }, 100, NOW);
    const form = applicationForm({ manifest: xuzhou, application, promoCode: '', premium: 100, startDate: START_DATE, now: NOW });
    expect(form).not.toHaveProperty('healthAnswers');
    expect(form).not.toHaveProperty('healthOutcome');
  });
});

/**
 * The health notice evaluated (src/engine/health/health-notice.ts): which
 * questions show, whether the shown ones are answered, the outcome, and the
 * server's check of an order's answers. Expectations are written out from
 * the notice below, never computed by the module.
 */
import { describe, expect, it } from 'vitest';
import { checkHealthAnswers, evaluateHealthNotice, healthNoticeBlock, isValidAnswer } from '../../../src/engine/health/health-check.ts';
import { answerLabel, visibleAnswers, visibleQuestions } from '../../../src/engine/health/health-notice.ts';
import type { HealthNotice } from '../../../src/engine/manifest/manifest-types.generated.ts';

const REFUSED = '很抱歉，被保险人目前的健康状况不符合本产品的投保条件';

const NOTICE: HealthNotice = {
  questions: [
    { id: 'disease', kind: 'yesNo', text: '是否患有恶性肿瘤？', outcomes: [{ answers: ['Y'], outcome: 'refuse', message: REFUSED }] },
    { id: 'hospital', kind: 'yesNo', text: '过去一年内是否住院？' },
    {
      id: 'cause',
      kind: 'choice',
      text: '住院原因',
      showWhen: { question: 'hospital', answers: ['Y'] },
      options: [
        { value: 'injury', label: '意外受伤' },
        { value: 'illness', label: '疾病' },
        { value: 'other', label: '其他' },
      ],
      outcomes: [
        { answers: ['illness'], outcome: 'refuse', message: '住院原因不符合投保条件' },
        { answers: ['other'], outcome: 'manual' },
      ],
    },
    { id: 'discharged', kind: 'date', text: '出院日期', showWhen: { question: 'cause', answers: ['injury', 'other'] } },
    { id: 'note', kind: 'text', text: '诊断', showWhen: { question: 'cause', answers: ['other'] } },
  ],
};

const ids = (questions: readonly { id: string }[]) => questions.map((q) => q.id);

describe('visible questions', () => {
  it('shows the questions without showWhen until a follow-up is chosen', () => {
    expect(ids(visibleQuestions(NOTICE, {}))).toEqual(['disease', 'hospital']);
    expect(ids(visibleQuestions(NOTICE, { hospital: 'N' }))).toEqual(['disease', 'hospital']);
  });

  it('shows a follow-up for its answer, and a follow-up of a follow-up', () => {
    expect(ids(visibleQuestions(NOTICE, { hospital: 'Y' }))).toEqual(['disease', 'hospital', 'cause']);
    expect(ids(visibleQuestions(NOTICE, { hospital: 'Y', cause: 'other' }))).toEqual(['disease', 'hospital', 'cause', 'discharged', 'note']);
  });

  it('hides a follow-up whose question is hidden, whatever it was answered', () => {
    expect(ids(visibleQuestions(NOTICE, { hospital: 'N', cause: 'other' }))).toEqual(['disease', 'hospital']);
    expect(visibleAnswers(NOTICE, { disease: 'N', hospital: 'N', cause: 'other', note: 'x' })).toEqual({ disease: 'N', hospital: 'N' });
  });
});

describe('evaluation', () => {
  it('is incomplete until every shown question is answered', () => {
    expect(evaluateHealthNotice(NOTICE, {}).complete).toBe(false);
    expect(ids(evaluateHealthNotice(NOTICE, { disease: 'N', hospital: 'Y' }).unanswered)).toEqual(['cause']);
    expect(evaluateHealthNotice(NOTICE, { disease: 'N', hospital: 'N' })).toMatchObject({ complete: true, outcome: { kind: 'continue' } });
  });

  it('refuses with the message of the answer, as soon as it is given', () => {
    expect(evaluateHealthNotice(NOTICE, { disease: 'Y' }).outcome).toEqual({ kind: 'refuse', message: REFUSED });
    expect(evaluateHealthNotice(NOTICE, { disease: 'N', hospital: 'Y', cause: 'illness' }).outcome).toEqual({ kind: 'refuse', message: '住院原因不符合投保条件' });
  });

  it('asks for manual underwriting with the default message, and a refusal wins over it', () => {
    expect(evaluateHealthNotice(NOTICE, { disease: 'N', hospital: 'Y', cause: 'other' }).outcome).toEqual({ kind: 'manual', message: '需人工核保，请联系客服' });
    expect(evaluateHealthNotice(NOTICE, { disease: 'Y', hospital: 'Y', cause: 'other' }).outcome.kind).toBe('refuse');
  });

  it('ignores an invalid answer for the outcome and counts it unanswered', () => {
    const evaluation = evaluateHealthNotice(NOTICE, { disease: 'yes', hospital: 'N' });
    expect(evaluation.outcome.kind).toBe('continue');
    expect(ids(evaluation.unanswered)).toEqual(['disease']);
  });
});

describe('answers', () => {
  const [disease, , cause, discharged, note] = NOTICE.questions;
  it('takes Y and N, an option value, a real day and a short text', () => {
    expect([isValidAnswer(disease!, 'Y'), isValidAnswer(disease!, 'N'), isValidAnswer(disease!, '是')]).toEqual([true, true, false]);
    expect([isValidAnswer(cause!, 'injury'), isValidAnswer(cause!, 'x')]).toEqual([true, false]);
    expect([isValidAnswer(discharged!, '2026-02-28'), isValidAnswer(discharged!, '2026-02-30'), isValidAnswer(discharged!, '20260228')]).toEqual([true, false, false]);
    expect([isValidAnswer(note!, '骨折'), isValidAnswer(note!, '  '), isValidAnswer(note!, '字'.repeat(201))]).toEqual([true, false, false]);
  });

  it('reads as the label of the answer', () => {
    expect(answerLabel(disease!, 'N')).toBe('否');
    expect(answerLabel(cause!, 'injury')).toBe('意外受伤');
    expect(answerLabel(discharged!, '2026-02-28')).toBe('2026-02-28');
  });
});

describe('the check of an order', () => {
  it('passes complete answers with their outcome', () => {
    expect(checkHealthAnswers(NOTICE, { disease: 'N', hospital: 'N' })).toEqual({ ok: true, answers: { disease: 'N', hospital: 'N' }, outcome: { kind: 'continue' } });
    expect(checkHealthAnswers(NOTICE, { disease: 'Y', hospital: 'N' })).toMatchObject({ ok: true, outcome: { kind: 'refuse', message: REFUSED } });
  });

  it('refuses a missing answer, naming the question', () => {
    expect(checkHealthAnswers(NOTICE, { disease: 'N' })).toEqual({ ok: false, message: '请回答健康告知：过去一年内是否住院？' });
    expect(checkHealthAnswers(NOTICE, undefined)).toEqual({ ok: false, message: '请回答健康告知：是否患有恶性肿瘤？' });
    expect(checkHealthAnswers(NOTICE, { disease: 'N', hospital: 'Y' })).toEqual({ ok: false, message: '请回答健康告知：住院原因' });
  });

  it('refuses an unknown question, a hidden follow-up and an invalid answer', () => {
    const unknown = { ok: false, message: '健康告知的回答与产品的问题不符，请重新填写' };
    expect(checkHealthAnswers(NOTICE, { disease: 'N', hospital: 'N', smoker: 'N' })).toEqual(unknown);
    expect(checkHealthAnswers(NOTICE, { disease: 'N', hospital: 'N', cause: 'injury' })).toEqual(unknown);
    expect(checkHealthAnswers(NOTICE, { disease: 'N', hospital: 'maybe' })).toEqual({ ok: false, message: '健康告知的回答无效：过去一年内是否住院？' });
  });

  it('takes no answers for a product without a notice', () => {
    expect(checkHealthAnswers(undefined, undefined)).toMatchObject({ ok: true, answers: {} });
    expect(checkHealthAnswers(undefined, { disease: 'N' }).ok).toBe(false);
  });
});

describe('the block before going on', () => {
  it('is the refusal, else the first open question, else none', () => {
    expect(healthNoticeBlock(NOTICE, { disease: 'Y' })).toEqual({ message: REFUSED, questionId: null });
    expect(healthNoticeBlock(NOTICE, { disease: 'N', hospital: 'Y' })).toEqual({ message: '请回答健康告知：住院原因', questionId: 'cause' });
    expect(healthNoticeBlock(NOTICE, { disease: 'N', hospital: 'N' })).toBeNull();
    expect(healthNoticeBlock(undefined, {})).toBeNull();
  });
});

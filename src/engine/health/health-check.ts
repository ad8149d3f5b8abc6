/**
 * The health notice (健康告知) evaluated: whether every shown question is
 * answered, and what the answers lead to (continue, refuse with the
 * manifest's message, or manual underwriting). Pure: the insure page runs it
 * as the parent answers, the confirm page before it sends, the server again
 * on the submitted order (a client's outcome is never read).
 */
import type { HealthNotice, HealthQuestion } from '../manifest/manifest-types.generated.ts';
import { allowedAnswers, HEALTH_TEXT_MAX, visibleQuestions, type HealthAnswers, type HealthOutcome } from './health-notice.ts';

// The messages of the check (our wording, in the style of src/engine/rules/messages.ts). They live with the
// check so that they travel only with it: the confirm page loads it for a product with a notice only.
/** A shown health-notice question without an answer (our wording; `text` is the question). */
export const msgHealthUnanswered = (text: string) => `请回答健康告知：${text}`;

/** An answer to no question of the health notice, or to a follow-up not shown (our wording). */
export const MSG_HEALTH_UNKNOWN = '健康告知的回答与产品的问题不符，请重新填写';

/** An answer that is not one the question allows (our wording; `text` is the question). */
export const msgHealthInvalid = (text: string) => `健康告知的回答无效：${text}`;

/** The default refusal of a manual-underwriting outcome: the app offers no underwriting decision yet (our wording). */
export const MSG_HEALTH_MANUAL = '需人工核保，请联系客服';

function isDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

/** Whether `answer` is one `question` allows. */
export function isValidAnswer(question: HealthQuestion, answer: string): boolean {
  const allowed = allowedAnswers(question);
  if (allowed) return allowed.some((a) => a.value === answer);
  if (question.kind === 'date') return isDay(answer);
  return answer.trim() !== '' && answer.length <= HEALTH_TEXT_MAX;
}

/** What one valid answer leads to. */
function outcomeOf(question: HealthQuestion, answer: string): HealthOutcome {
  const rule = question.outcomes?.find((o) => o.answers.includes(answer));
  if (!rule || rule.outcome === 'continue') return { kind: 'continue' };
  // The manifest check requires a message on a refusal; the manual message has a default.
  if (rule.outcome === 'refuse') return { kind: 'refuse', message: rule.message ?? MSG_HEALTH_MANUAL };
  return { kind: 'manual', message: rule.message ?? MSG_HEALTH_MANUAL };
}

export interface HealthEvaluation {
  /** The questions shown, in order. */
  visible: HealthQuestion[];
  /** Shown questions without a (valid) answer. */
  unanswered: HealthQuestion[];
  /** Every shown question has a valid answer. */
  complete: boolean;
  /**
   * What the answers given lead to: the first refusal among the shown
   * questions, else manual underwriting, else continue. A refusal is known
   * as soon as its answer is given, before the rest is answered.
   */
  outcome: HealthOutcome;
}

/** The notice evaluated for the answers given so far (the insure page, while the parent answers). */
export function evaluateHealthNotice(notice: HealthNotice, answers: HealthAnswers): HealthEvaluation {
  const visible = visibleQuestions(notice, answers);
  const unanswered: HealthQuestion[] = [];
  let refuse: HealthOutcome | null = null;
  let manual: HealthOutcome | null = null;
  for (const question of visible) {
    const answer = answers[question.id];
    if (answer === undefined || !isValidAnswer(question, answer)) {
      unanswered.push(question);
      continue;
    }
    const outcome = outcomeOf(question, answer);
    if (outcome.kind === 'refuse') refuse ??= outcome;
    if (outcome.kind === 'manual') manual ??= outcome;
  }
  return { visible, unanswered, complete: unanswered.length === 0, outcome: refuse ?? manual ?? { kind: 'continue' } };
}

export type HealthCheck = { ok: true; answers: Record<string, string>; outcome: HealthOutcome } | { ok: false; message: string };

/**
 * The answers of an order checked against the notice (the server; the
 * confirm page before it sends): an answer to no shown question, an answer
 * the question does not allow or a shown question left unanswered is a
 * problem with its message; else the answers and their outcome. A product
 * without a notice takes no answers.
 */
export function checkHealthAnswers(notice: HealthNotice | undefined, answers: HealthAnswers | undefined): HealthCheck {
  const given = answers ?? {};
  if (!notice) return Object.keys(given).length > 0 ? { ok: false, message: MSG_HEALTH_UNKNOWN } : { ok: true, answers: {}, outcome: { kind: 'continue' } };
  const visible = visibleQuestions(notice, given);
  const shown = new Set(visible.map((q) => q.id));
  if (Object.keys(given).some((id) => !shown.has(id))) return { ok: false, message: MSG_HEALTH_UNKNOWN };
  for (const question of visible) {
    const answer = given[question.id];
    if (answer === undefined) return { ok: false, message: msgHealthUnanswered(question.text) };
    if (!isValidAnswer(question, answer)) return { ok: false, message: msgHealthInvalid(question.text) };
  }
  return { ok: true, answers: { ...given }, outcome: evaluateHealthNotice(notice, given).outcome };
}

/**
 * Why the parent may not go on from the notice (the insure page's 下一步,
 * the confirm page's blocker): a refusal or a manual underwriting with its
 * message, else the first shown question unanswered (its id, to scroll to);
 * null when they may.
 */
export function healthNoticeBlock(notice: HealthNotice | undefined, answers: HealthAnswers | undefined): { message: string; questionId: string | null } | null {
  if (!notice) return null;
  const { outcome, unanswered } = evaluateHealthNotice(notice, answers ?? {});
  if (outcome.kind !== 'continue') return { message: outcome.message, questionId: null };
  const [first] = unanswered;
  return first ? { message: msgHealthUnanswered(first.text), questionId: first.id } : null;
}

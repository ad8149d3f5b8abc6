/**
 * The health notice (健康告知) of a manifest, its shape: the answers a
 * question allows, which questions are shown for the answers given, and how
 * an answer reads. What the answers lead to is health-check.ts (loaded by
 * the confirm page only for a product with a notice). Pure, shared by the
 * web and the server.
 */
import type { HealthNotice, HealthQuestion } from '../manifest/manifest-types.generated.ts';

/** Question id → answer: Y/N, an option value, a YYYY-MM-DD day or a text. */
export type HealthAnswers = Readonly<Record<string, string>>;

export type HealthOutcome = { kind: 'continue' } | { kind: 'refuse'; message: string } | { kind: 'manual'; message: string };

/** The longest text answer. */
export const HEALTH_TEXT_MAX = 200;

/** Title of the section when the manifest gives none. */
export const HEALTH_NOTICE_TITLE = '健康告知';

/** The two answers of a yesNo question, in the order shown. */
export const YES_NO_ANSWERS: readonly { value: string; label: string }[] = [
  { value: 'Y', label: '是' },
  { value: 'N', label: '否' },
];

/** The answers a yesNo or choice question allows; null for date and text (any well-formed answer). */
export function allowedAnswers(question: HealthQuestion): readonly { value: string; label: string }[] | null {
  if (question.kind === 'yesNo') return YES_NO_ANSWERS;
  if (question.kind === 'choice') return question.options ?? [];
  return null;
}

/** How an answer reads on the confirm page: the label of a yesNo or choice answer, else the answer itself. */
export function answerLabel(question: HealthQuestion, answer: string): string {
  return allowedAnswers(question)?.find((a) => a.value === answer)?.label ?? answer;
}

/**
 * The questions shown for these answers, in manifest order: a follow-up is
 * shown when the question it follows is shown and answered with one of its
 * `showWhen.answers`.
 */
export function visibleQuestions(notice: HealthNotice, answers: HealthAnswers): HealthQuestion[] {
  const shown = new Set<string>();
  const visible: HealthQuestion[] = [];
  for (const question of notice.questions) {
    const when = question.showWhen;
    if (when && !(shown.has(when.question) && when.answers.includes(answers[when.question] ?? ''))) continue;
    shown.add(question.id);
    visible.push(question);
  }
  return visible;
}

/** Only the answers of shown questions: what the order carries (a follow-up answered, then hidden again, is dropped). */
export function visibleAnswers(notice: HealthNotice, answers: HealthAnswers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const question of visibleQuestions(notice, answers)) {
    const answer = answers[question.id];
    if (answer !== undefined) kept[question.id] = answer;
  }
  return kept;
}

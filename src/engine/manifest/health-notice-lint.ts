/**
 * Cross-field rules of the health notice (`healthNotice`) that JSON Schema
 * cannot express: ids unique, a follow-up follows an earlier yesNo or choice
 * question and names answers it has, options only on a choice question,
 * outcomes only on yesNo and choice questions and naming their answers, a
 * refusal with its message.
 */
import { allowedAnswers } from '../health/health-notice.ts';
import type { ProductManifest } from './manifest-types.generated.ts';
import type { ManifestProblem } from './validate-manifest.ts';

export function lintHealthNotice(file: string, m: ProductManifest): ManifestProblem[] {
  const notice = m.healthNotice;
  if (!notice) return [];
  const problems: ManifestProblem[] = [];
  const earlier = new Map<string, (typeof notice.questions)[number]>();
  notice.questions.forEach((question, i) => {
    const at = `/healthNotice/questions/${i}`;
    if (earlier.has(question.id)) problems.push({ file, pointer: `${at}/id`, message: `question id "${question.id}" is used twice`, hint: 'give every question its own id' });
    if (question.options && question.kind !== 'choice') problems.push({ file, pointer: `${at}/options`, message: `options on a ${question.kind} question`, hint: 'remove options, or write kind "choice"' });
    if (question.kind === 'choice' && !question.options) problems.push({ file, pointer: `${at}/kind`, message: 'a choice question without options', hint: 'add options (at least two)' });
    const values = question.options?.map((o) => o.value) ?? [];
    if (new Set(values).size !== values.length) problems.push({ file, pointer: `${at}/options`, message: 'an option value is used twice', hint: 'give every option its own value' });
    const when = question.showWhen;
    if (when) {
      const parent = earlier.get(when.question);
      const parentAnswers = parent ? allowedAnswers(parent) : null;
      if (!parent) {
        problems.push({ file, pointer: `${at}/showWhen/question`, message: `"${when.question}" is no earlier question of the notice`, hint: 'name the id of a question above this one' });
      } else if (!parentAnswers) {
        problems.push({ file, pointer: `${at}/showWhen/question`, message: `"${when.question}" is a ${parent.kind} question: it has no answers to follow`, hint: 'follow a yesNo or choice question' });
      } else {
        when.answers.forEach((answer, j) => {
          if (!parentAnswers.some((a) => a.value === answer)) problems.push({ file, pointer: `${at}/showWhen/answers/${j}`, message: `"${answer}" is no answer of question "${when.question}"`, hint: `write one of ${parentAnswers.map((a) => a.value).join(', ')}` });
        });
      }
    }
    const own = allowedAnswers(question);
    (question.outcomes ?? []).forEach((rule, j) => {
      const ruleAt = `${at}/outcomes/${j}`;
      if (!own) {
        problems.push({ file, pointer: ruleAt, message: `outcomes on a ${question.kind} question`, hint: 'only yesNo and choice answers lead to an outcome: remove outcomes' });
        return;
      }
      rule.answers.forEach((answer, k) => {
        if (!own.some((a) => a.value === answer)) problems.push({ file, pointer: `${ruleAt}/answers/${k}`, message: `"${answer}" is no answer of this question`, hint: `write one of ${own.map((a) => a.value).join(', ')}` });
      });
      if (rule.outcome === 'refuse' && !rule.message) problems.push({ file, pointer: `${ruleAt}/message`, message: 'a refusal without a message', hint: 'write what the parent is told, e.g. 很抱歉，被保险人目前的健康状况不符合本产品的投保条件' });
    });
    earlier.set(question.id, question);
  });
  return problems;
}

/** The manifest check of the health notice (src/engine/manifest/health-notice-lint.ts), on a copy of a product that declares one. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HealthNotice, ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { validateManifest } from '../../../src/engine/manifest/validate-manifest.ts';

const FILE = 'manifests/huatai-serious-illness.json';
const BASE = JSON.parse(readFileSync(new URL(`../../../${FILE}`, import.meta.url), 'utf8')) as ProductManifest;

function problemsWith(edit: (notice: HealthNotice) => void) {
  const copy = structuredClone(BASE);
  edit(copy.healthNotice!);
  return validateManifest(copy, FILE).map((p) => `${p.pointer}: ${p.message}`);
}

describe('health notice check', () => {
  it('passes the notice as written', () => {
    expect(BASE.healthNotice?.questions.length).toBeGreaterThan(0);
    expect(validateManifest(BASE, FILE)).toEqual([]);
  });

  it('refuses an id used twice', () => {
    expect(problemsWith((n) => (n.questions[3]!.id = 'disease'))).toEqual(['/healthNotice/questions/3/id: question id "disease" is used twice']);
  });

  it('refuses a follow-up of no earlier question, of a later one, or of an answer its question has not', () => {
    expect(problemsWith((n) => (n.questions[2]!.showWhen = { question: 'smoker', answers: ['Y'] }))).toEqual([
      '/healthNotice/questions/2/showWhen/question: "smoker" is no earlier question of the notice',
    ]);
    expect(problemsWith((n) => (n.questions[2]!.showWhen = { question: 'hospital', answers: ['Y'] }))).toEqual([
      '/healthNotice/questions/2/showWhen/question: "hospital" is no earlier question of the notice',
    ]);
    expect(problemsWith((n) => (n.questions[2]!.showWhen = { question: 'hypertension', answers: ['yes'] }))).toEqual([
      '/healthNotice/questions/2/showWhen/answers/0: "yes" is no answer of question "hypertension"',
    ]);
  });

  it('refuses a refusal without a message, and an outcome for an answer the question has not', () => {
    expect(problemsWith((n) => delete n.questions[0]!.outcomes![0]!.message)).toEqual(['/healthNotice/questions/0/outcomes/0/message: a refusal without a message']);
    expect(problemsWith((n) => (n.questions[2]!.outcomes![0]!.answers = ['bad']))).toEqual(['/healthNotice/questions/2/outcomes/0/answers/0: "bad" is no answer of this question']);
  });

  it('refuses options off a choice question, a choice without options, and outcomes on a text question', () => {
    expect(problemsWith((n) => (n.questions[0]!.options = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }]))).toEqual(['/healthNotice/questions/0/options: options on a yesNo question']);
    expect(problemsWith((n) => delete n.questions[2]!.options)).toContain('/healthNotice/questions/2/kind: a choice question without options');
    expect(problemsWith((n) => (n.questions[0]!.kind = 'text'))).toEqual(['/healthNotice/questions/0/outcomes/0: outcomes on a text question']);
  });

  it('accepts manual underwriting as an outcome', () => {
    expect(problemsWith((n) => (n.questions[2]!.outcomes![0]!.outcome = 'manual'))).toEqual([]);
  });
});

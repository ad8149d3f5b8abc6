import manifestSchema from '../../../schemas/product-manifest.schema.json' with { type: 'json' };
import type { ProductManifest } from './manifest-types.generated.ts';
import { LINT_RULES } from './lint-rules.ts';
import { formatProblem, toProblem, type ManifestProblem } from './problem-messages.ts';
import { BUNDLED_REGISTRIES, referenceProblems, resolveManifest, type Registries } from './references.ts';
import { MANIFEST_VALIDATOR } from './schema-validators.ts';

export { formatProblem, toProblem, type ManifestProblem } from './problem-messages.ts';

/**
 * Validates one manifest file against the schema, then its registry
 * references (insurer and branch codes), then the cross-field rules on the
 * manifest with its references resolved. Returns the resolved manifest when
 * there is no error: a warning (renewal wording on a product without renewal)
 * keeps it, so the set's checks (codes, routes, still-copied values) still see
 * it and the server still serves it. The same function runs in `npm run manifests:check`,
 * at server start and in tests.
 */
export function checkManifest(data: unknown, file: string, registries: Registries = BUNDLED_REGISTRIES): { problems: ManifestProblem[]; manifest?: ProductManifest } {
  const validate = MANIFEST_VALIDATOR.get();
  if (!validate(data)) return { problems: (validate.errors ?? []).map((e) => toProblem(file, e, undefined, manifestSchema)) };
  const unknown = referenceProblems(file, data, registries);
  if (unknown.length > 0) return { problems: unknown };
  const manifest = resolveManifest(data, registries);
  const problems = LINT_RULES.flatMap((rule) => rule(file, manifest));
  return problems.some((p) => p.severity !== 'warning') ? { problems } : { problems, manifest };
}

/** The problems of one manifest file ({@link checkManifest}). */
export function validateManifest(data: unknown, file: string, registries: Registries = BUNDLED_REGISTRIES): ManifestProblem[] {
  return checkManifest(data, file, registries).problems;
}

/** Narrows after validation; throws with every problem when invalid. */
export function assertManifest(data: unknown, file: string): ProductManifest {
  const problems = validateManifest(data, file);
  if (problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return data as ProductManifest;
}

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import manifestSchema from '../../../schemas/product-manifest.schema.json' with { type: 'json' };
import type { ProductManifest } from './manifest-types.generated.ts';
import { LINT_RULES } from './lint-rules.ts';
import { formatProblem, HINT_KEYWORD, toProblem, type ManifestProblem } from './problem-messages.ts';

export { formatProblem, toProblem, type ManifestProblem } from './problem-messages.ts';

// ajv-formats ships CommonJS; under some loaders the plugin is the default's default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

let cached: ValidateFunction<ProductManifest> | undefined;

/** The one compiled validator of the manifest schema, built on first use. */
function manifestValidator(): ValidateFunction<ProductManifest> {
  if (cached) return cached;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTuples: false, verbose: true });
  ajv.addKeyword(HINT_KEYWORD);
  addFormats(ajv);
  cached = ajv.compile<ProductManifest>(manifestSchema);
  return cached;
}

/**
 * Validates one manifest against the schema, then against the cross-field
 * rules. The same function runs in `npm run manifests:check`, at server
 * start and in tests.
 */
export function validateManifest(data: unknown, file: string): ManifestProblem[] {
  const validate = manifestValidator();
  if (!validate(data)) return (validate.errors ?? []).map((e) => toProblem(file, e, undefined, manifestSchema));
  return LINT_RULES.flatMap((rule) => rule(file, data));
}

/** Narrows after validation; throws with every problem when invalid. */
export function assertManifest(data: unknown, file: string): ProductManifest {
  const problems = validateManifest(data, file);
  if (problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return data as ProductManifest;
}

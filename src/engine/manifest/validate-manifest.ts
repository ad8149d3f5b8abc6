import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import manifestSchema from '../../../schemas/product-manifest.schema.json' with { type: 'json' };
import type { ProductManifest } from './manifest-types.generated.ts';
import { LINT_RULES } from './lint-rules.ts';
import { formatProblem, HINT_KEYWORD, toProblem, type ManifestProblem } from './problem-messages.ts';
import { BUNDLED_REGISTRIES, referenceProblems, resolveManifest, type Registries } from './references.ts';

export { formatProblem, toProblem, type ManifestProblem } from './problem-messages.ts';

// ajv-formats ships CommonJS; under some loaders the plugin is the default's default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

let cached: ValidateFunction<ProductManifest> | undefined;

/** The ajv options of the manifest validator (part of the key of a precompiled one). */
export const MANIFEST_AJV_OPTIONS = Object.freeze({ allErrors: true, strict: true, strictTuples: false, verbose: true });

/**
 * Compiles the manifest schema: the ajv instance and the validator. `source`
 * keeps the generated code, for a standalone module (the server's cache of
 * precompiled validators, src/server/catalogue/precompiled-validator.ts).
 */
export function compileManifestValidator(source = false): { ajv: Ajv2020; validate: ValidateFunction<ProductManifest> } {
  const ajv = new Ajv2020({ ...MANIFEST_AJV_OPTIONS, ...(source ? { code: { source: true } } : {}) });
  ajv.addKeyword(HINT_KEYWORD);
  addFormats(ajv);
  return { ajv, validate: ajv.compile<ProductManifest>(manifestSchema) };
}

/** Uses an already compiled validator of the manifest schema (one loaded from standalone code) instead of compiling it. */
export function useManifestValidator(validate: ValidateFunction<ProductManifest>): void {
  cached = validate;
}

/** The one compiled validator of the manifest schema, built on first use (or the one given to {@link useManifestValidator}). */
function manifestValidator(): ValidateFunction<ProductManifest> {
  cached ??= compileManifestValidator().validate;
  return cached;
}

/**
 * Validates one manifest file against the schema, then its registry
 * references (insurer and branch codes), then the cross-field rules on the
 * manifest with its references resolved. Returns the resolved manifest when
 * there is no problem. The same function runs in `npm run manifests:check`,
 * at server start and in tests.
 */
export function checkManifest(data: unknown, file: string, registries: Registries = BUNDLED_REGISTRIES): { problems: ManifestProblem[]; manifest?: ProductManifest } {
  const validate = manifestValidator();
  if (!validate(data)) return { problems: (validate.errors ?? []).map((e) => toProblem(file, e, undefined, manifestSchema)) };
  const unknown = referenceProblems(file, data, registries);
  if (unknown.length > 0) return { problems: unknown };
  const manifest = resolveManifest(data, registries);
  const problems = LINT_RULES.flatMap((rule) => rule(file, manifest));
  return problems.length > 0 ? { problems } : { problems, manifest };
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

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import manifestSchema from '../../../schemas/product-manifest.schema.json' with { type: 'json' };
import type { ProductManifest } from './manifest-types.generated.ts';
import { LINT_RULES } from './lint-rules.ts';

/** One problem found in a manifest: where it is and how to fix it. */
export interface ManifestProblem {
  file: string;
  /** JSON pointer into the manifest, '' for the root. */
  pointer: string;
  message: string;
  hint?: string;
}

// ajv-formats ships CommonJS; under some loaders the plugin is the default's default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

let cached: ValidateFunction<ProductManifest> | undefined;

/** The one compiled validator of the manifest schema, built on first use. */
function manifestValidator(): ValidateFunction<ProductManifest> {
  if (cached) return cached;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTuples: false });
  addFormats(ajv);
  cached = ajv.compile<ProductManifest>(manifestSchema);
  return cached;
}

/** Turns one ajv error into a readable problem with a hint (`schemaFile` names the schema in the unknown-property hint). */
export function toProblem(file: string, error: ErrorObject, schemaFile = 'schemas/product-manifest.schema.json'): ManifestProblem {
  const pointer = error.instancePath;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        file,
        pointer: `${pointer}/${String(p.additionalProperty)}`,
        message: `unknown property "${String(p.additionalProperty)}"`,
        hint: `remove it or check its spelling against ${schemaFile}`,
      };
    case 'required':
      return {
        file,
        pointer,
        message: `missing required property "${String(p.missingProperty)}"`,
        hint: 'add it; see the schema description of the property',
      };
    case 'enum':
      return {
        file,
        pointer,
        message: 'value is not one of the allowed values',
        hint: `use one of ${JSON.stringify(p.allowedValues)}`,
      };
    case 'const':
      return { file, pointer, message: 'value is not the expected constant', hint: `use ${JSON.stringify(p.allowedValue)}` };
    case 'type':
      return { file, pointer, message: `must be ${String(p.type)}` };
    case 'pattern':
      return { file, pointer, message: `does not match the pattern ${String(p.pattern)}` };
    case 'multipleOf':
      return { file, pointer, message: 'amount has more than 2 decimals', hint: 'money is in yuan with at most 2 decimals' };
    default:
      return { file, pointer, message: error.message ?? `fails ${error.keyword}` };
  }
}

/**
 * Validates one manifest against the schema, then against the cross-field
 * rules. The same function runs in `npm run manifests:check`, at server
 * start and in tests.
 */
export function validateManifest(data: unknown, file: string): ManifestProblem[] {
  const validate = manifestValidator();
  if (!validate(data)) return (validate.errors ?? []).map((e) => toProblem(file, e));
  return LINT_RULES.flatMap((rule) => rule(file, data));
}

/** `file  /json/pointer  message  (hint)` */
export function formatProblem(p: ManifestProblem): string {
  return `${p.file}  ${p.pointer || '/'}  ${p.message}${p.hint ? `  (${p.hint})` : ''}`;
}

/** Narrows after validation; throws with every problem when invalid. */
export function assertManifest(data: unknown, file: string): ProductManifest {
  const problems = validateManifest(data, file);
  if (problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return data as ProductManifest;
}

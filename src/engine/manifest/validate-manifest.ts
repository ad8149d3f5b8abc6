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

/** Turns one ajv error into a readable problem with a hint. */
function toProblem(file: string, error: ErrorObject): ManifestProblem {
  const pointer = error.instancePath;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        file,
        pointer: `${pointer}/${String(p.additionalProperty)}`,
        message: `unknown property "${String(p.additionalProperty)}"`,
        hint: 'remove it or check its spelling against schemas/product-manifest.schema.json',
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

/** Problems that the JSON Schema cannot express (cross-field rules; the newer ones live in lint-rules.ts). */
function lintManifest(file: string, m: ProductManifest): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const expectedId = file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
  if (file.endsWith('.json') && m.id !== expectedId) {
    problems.push({ file, pointer: '/id', message: `id "${m.id}" differs from the file name`, hint: `use "${expectedId}"` });
  }
  const leads = m.insurers.filter((i) => i.partyRole === 1).length;
  if (leads !== 1) {
    problems.push({ file, pointer: '/insurers', message: `${leads} lead insurers`, hint: 'exactly one insurer has partyRole 1' });
  }
  const planCodes = new Set<string>();
  m.plans.forEach((plan, i) => {
    if (planCodes.has(plan.code)) {
      problems.push({ file, pointer: `/plans/${i}/code`, message: `duplicate plan code "${plan.code}"`, hint: 'plan codes are unique inside a manifest' });
    }
    planCodes.add(plan.code);
  });
  m.pricing.factors.forEach((factor, i) => {
    if (!factor.options.some((o) => o.value === factor.default)) {
      problems.push({
        file,
        pointer: `/pricing/factors/${i}/default`,
        message: `default "${factor.default}" is not one of the options`,
        hint: `use one of ${JSON.stringify(factor.options.map((o) => o.value))}`,
      });
    }
  });
  m.pricing.factors.forEach((factor, i) => {
    if (factor.insuredField !== 'socialMedicalInsurance') return;
    if (!factor.options.every((o) => o.value === 'Y' || o.value === 'N')) {
      problems.push({ file, pointer: `/pricing/factors/${i}/options`, message: 'a factor bound to socialMedicalInsurance has options other than Y and N', hint: 'use the values "Y" and "N"' });
    }
    if (!m.insure.insured.fields?.includes('socialSecurity')) {
      problems.push({ file, pointer: `/pricing/factors/${i}/insuredField`, message: 'the insure form does not ask for social security', hint: 'add "socialSecurity" to /insure/insured/fields' });
    }
  });
  const ages = [
    ['holder', m.insure.holder.ageBetween],
    ['insured', m.insure.insured.ageBetween],
    ['ward', m.insure.ward?.ageBetween],
  ] as const;
  for (const [who, range] of ages) {
    if (range && range[0] > range[1]) {
      problems.push({ file, pointer: `/insure/${who}/ageBetween`, message: 'minimum age above maximum age', hint: 'write [min, max]' });
    }
  }
  if (m.insure.template === 'guardian' && !m.insure.ward) {
    problems.push({ file, pointer: '/insure', message: 'guardian template without ward rules', hint: 'add insure.ward with relations ["03","99"]' });
  }
  if (m.insure.template !== 'guardian' && m.insure.ward) {
    problems.push({ file, pointer: '/insure/ward', message: 'ward rules only apply to the guardian template', hint: 'remove insure.ward' });
  }
  for (const rule of LINT_RULES) problems.push(...rule(file, m));
  return problems;
}

/**
 * Validates one manifest against the schema, then against the cross-field
 * rules. The same function runs in `npm run manifests:check`, at server
 * start and in tests.
 */
export function validateManifest(data: unknown, file: string): ManifestProblem[] {
  const validate = manifestValidator();
  if (!validate(data)) return (validate.errors ?? []).map((e) => toProblem(file, e));
  return lintManifest(file, data);
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

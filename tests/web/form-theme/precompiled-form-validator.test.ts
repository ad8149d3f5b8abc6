/**
 * The insure form's precompiled validator (the module the server compiles,
 * src/server/catalogue/form-validators.ts, wrapped as the web app wraps it)
 * against ajv compiling the same schema in place (@rjsf/validator-ajv8's
 * default validator, what the browser ran before): the same errors, error
 * tree and Chinese messages for many bad inputs of every manifest.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInsureFormSchema, formDataFromDraft, type InsureFormData } from '../../../src/engine/insure/form-schema.ts';
import { formValidatorKey } from '../../../src/engine/insure/form-validator-key.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { makeIdCard } from '../../../src/engine/rules/id-card.ts';
import { formValidatorModule } from '../../../src/server/catalogue/form-validators.ts';
import { transformErrors } from '../../../src/web/form-theme/validation.ts';
import { precompiledFormValidator, type FormValidatorModule } from '../../../src/web/features/insure/renderers/insure/form-validator.ts';
import { createInsureValidate } from '../../../src/web/features/insure/renderers/insure/insure-validation.ts';

const here = dirname(fileURLToPath(import.meta.url));
const MANIFESTS = readdirSync(join(here, '../../../manifests'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(here, '../../../manifests', f), 'utf8')) as ProductManifest);
// Inside the project: vitest's module runner does not import from the system's temporary folder.
const DIR = join(here, '../../../node_modules/.cache/edu-insure/test-form-validators');

const NOW = new Date(2025, 5, 1, 10, 0, 0);
const HOLDER_ID = makeIdCard('320302', '1985-03-12', '031');
const CHILD_ID = makeIdCard('370811', '2014-06-01', '042');

type Data = Record<string, unknown>;
const clone = <T>(value: T): T => structuredClone(value);

/** Bad (and a few good) inputs of a form: each a change of a filled-in form, or something else altogether. */
function inputs(m: ProductManifest): Array<[string, unknown]> {
  const list = m.insure.template === 'guardian' ? 'wards' : 'insureds';
  const filled = formDataFromDraft(
    m,
    {
      policyHolder: { name: '张伟', licenceType: '0', licenceNo: HOLDER_ID, phone: '13812345678', email: 'zw@example.com' },
      insureds: list === 'insureds' ? [{ relaToHolder: '03', name: '张小雨', licenceType: '0', licenceNo: CHILD_ID }] : [],
      wards: list === 'wards' ? [{ relaToHolder: '03', name: '张小宝', licenceType: '0', licenceNo: CHILD_ID }] : [],
    },
    NOW,
  ) as unknown as Data;
  const change = (name: string, edit: (d: Data & { policyHolder: Data }, person: Data) => void): [string, unknown] => {
    const d = clone(filled) as Data & { policyHolder: Data };
    edit(d, ((d[list] as Data[] | undefined) ?? [])[0] ?? {});
    return [name, d];
  };
  const max = Math.max(1, m.insure.maxInsureds ?? 1);
  return [
    ['filled in', filled],
    ['empty form', formDataFromDraft(m, null, NOW)],
    ['nothing', {}],
    ['undefined', undefined],
    ['not an object', 'x'],
    change('long name', (d) => (d.policyHolder.name = '张'.repeat(41))),
    change('long name of emoji (surrogate pairs count once)', (d) => (d.policyHolder.name = '😀'.repeat(30))),
    change('long ID number', (d) => (d.policyHolder.licenceNo = '1'.repeat(33))),
    change('long phone', (d) => (d.policyHolder.phone = '138123456789')),
    change('long e-mail', (d) => (d.policyHolder.email = `${'a'.repeat(80)}@example.com`)),
    change('unknown ID type', (d) => (d.policyHolder.licenceType = 'Z')),
    change('number for a name', (d) => (d.policyHolder.name = 12)),
    change('null holder', (d) => (d.policyHolder = null as unknown as Data)),
    change('holder as a list', (d) => (d.policyHolder = [] as unknown as Data)),
    change('no people', (d) => (d[list] = [])),
    change('people not a list', (d) => (d[list] = {})),
    change('one too many people', (d) => (d[list] = Array.from({ length: max + 1 }, () => clone((d[list] as Data[])[0])))),
    change('unknown relation', (_d, p) => (p.relaToHolder = '99')),
    change('relation as a number', (_d, p) => (p.relaToHolder = 3)),
    change('person without required fields', (d) => (d[list] = [{}])),
    change('null person', (d) => (d[list] = [null])),
    change('long person name', (_d, p) => (p.name = '李'.repeat(50))),
    change('unknown grade', (_d, p) => (p.grade = 'X9')),
    change('unknown class', (_d, p) => (p.classAndGrade = '99班')),
    change('unknown school type', (_d, p) => (p.schoolKind = 'edu_99')),
    change('unknown social security answer', (_d, p) => (p.socialMedicalInsurance = 'maybe')),
    change('long school name', (_d, p) => (p.schoolName = '校'.repeat(200))),
    change('region as text', (_d, p) => (p.region = '370811')),
    change('region codes as numbers', (_d, p) => (p.region = { provinceCode: 370000, cityCode: 370800 })),
    change('unknown sex', (_d, p) => (p.sex = '9')),
    change('long birthday', (_d, p) => (p.birthday = '2014-06-01T00:00')),
    change('extra property', (d) => (d.extra = { anything: true })),
  ];
}

async function precompiled(schema: RJSFSchema): Promise<ValidatorType> {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `${formValidatorKey(schema as never)}.${process.pid}.mjs`);
  writeFileSync(file, formValidatorModule(schema as never));
  const { validate } = (await import(/* @vite-ignore */ file)) as FormValidatorModule;
  return precompiledFormValidator(validate, schema as never);
}

describe.each(MANIFESTS.map((m) => [m.id, m] as const))('precompiled validator of %s', (_id, m) => {
  const { schema, uiSchema } = buildInsureFormSchema(m);
  let compiled: ValidatorType;
  beforeAll(async () => {
    compiled = await precompiled(schema as RJSFSchema);
  });

  it('gives the errors, error tree and messages ajv gives compiling in place', () => {
    const customValidate = createInsureValidate(m, { planCode: m.plans[0]!.code }, () => NOW);
    let failing = 0;
    for (const [name, data] of inputs(m)) {
      const run = (v: ValidatorType) => {
        try {
          return v.validateFormData(data as InsureFormData, schema as RJSFSchema, customValidate, transformErrors, uiSchema);
        } catch (error) {
          // The engine's checks expect a form object: both validators must fail alike.
          return { threw: String(error) };
        }
      };
      const expected = run(validator);
      expect(run(compiled), name).toEqual(expected);
      if ('errors' in expected && expected.errors.length > 0) failing += 1;
    }
    expect(failing).toBeGreaterThan(15);
  });

  it('answers isValid as ajv does', () => {
    for (const [name, data] of inputs(m)) {
      expect(compiled.isValid(schema as RJSFSchema, data, schema as RJSFSchema), name).toBe(validator.isValid(schema as RJSFSchema, data, schema as RJSFSchema));
    }
  });
});

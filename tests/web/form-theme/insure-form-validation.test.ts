/**
 * One suite over every manifest: the insure form's schema, validated the way
 * the themed Form validates it (validator-ajv8 + transformErrors + the
 * engine's problems through customValidate), must show the spec's exact
 * Chinese messages at the right fields.
 */
import { readdirSync, readFileSync } from 'node:fs';
import validator from '@rjsf/validator-ajv8';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { MSG_INSURED_RELATION, MSG_PLAN, wardRelationMessage } from '../../../src/engine/insure/check-application.ts';
import {
  buildInsureFormSchema,
  formDataFromDraft,
  type InsureDraftLike,
  type InsureFormData,
} from '../../../src/engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { gradeForAge } from '../../../src/engine/rules/grades.ts';
import { ageInFullYears, makeIdCard } from '../../../src/engine/rules/id-card.ts';
import {
  MSG_ID_CHECKSUM,
  MSG_ID_LENGTH_HOLDER,
  MSG_ID_LENGTH_INSURED,
  MSG_ID_LENGTH_WARD,
  MSG_NAME,
  MSG_PHONE,
  MSG_REQUIRED,
} from '../../../src/engine/rules/messages.ts';
import { fieldMessages, transformErrors } from '../../../src/web/form-theme/validation.ts';
import { createInsureValidate, insureFormProblems } from '../../../src/web/features/insure/renderers/insure/insure-validation.ts';

const dir = new URL('../../../manifests/', import.meta.url);
const MANIFESTS = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as ProductManifest);

const NOW = new Date(2025, 5, 1, 10, 0, 0);
const HOLDER_ID = makeIdCard('320302', '1985-03-12', '031');
const CHILD_ID = makeIdCard('370811', '2014-06-01', '042');
const PHONE = '13812345678';

/** A complete valid draft for any manifest, built from what its form asks. */
function validDraft(m: ProductManifest): InsureDraftLike {
  const holder = { name: '张伟', licenceType: '0', licenceNo: HOLDER_ID, phone: PHONE, email: 'zw@example.com' };
  if (m.insure.template === 'guardian') {
    return { policyHolder: holder, insureds: [], wards: [{ relaToHolder: m.insure.ward?.relations?.[0] ?? '03', name: '张小宝', licenceType: '0', licenceNo: CHILD_ID }] };
  }
  const fields = new Set(m.insure.insured.fields ?? []);
  // An insured inside the product's age range on NOW (a college product insures adults, not a child).
  const [minAge] = m.insure.insured.ageBetween ?? [11, 11];
  const age = Math.max(minAge, 11);
  const birthday = `${NOW.getFullYear() - age - 1}-12-01`;
  const insuredId = makeIdCard('370811', birthday, '042');
  return {
    policyHolder: holder,
    insureds: [
      {
        // A child of the holder where allowed: 本人 would make the insured the (40-year-old) holder.
        relaToHolder: m.insure.insured.relations?.find((r) => r !== '00') ?? m.insure.insured.relations?.[0] ?? '03',
        name: '张小雨',
        licenceType: '0',
        licenceNo: insuredId,
        ...(m.insure.insured.phone === 'required' ? { phone: '13912345678' } : {}),
        // Choose-only products (mode 02) take a school of their own list.
        ...(fields.has('school') ? { schoolName: m.insure.schools?.[0]?.name ?? '实验小学' } : {}),
        ...(fields.has('schoolType') ? { schoolKind: m.insure.schoolTypes?.[0] ?? 'edu_07' } : {}),
        ...(fields.has('schoolNature') ? { schoolNature: '01' } : {}),
        ...(fields.has('collegeName') ? { collegeName: '文学院' } : {}),
        // A grade that fits the insured's age.
        ...(fields.has('grade') ? { grade: gradeForAge(ageInFullYears(birthday, NOW), 'P5') } : {}),
        ...(fields.has('classAndGrade') ? { classAndGrade: '2班' } : {}),
        ...(fields.has('region') ? { provinceCode: '370000', cityCode: '370800', countyCode: '370811' } : {}),
        ...(fields.has('socialSecurity') ? { socialMedicalInsurance: 'Y' as const } : {}),
        ...(fields.has('email') ? { email: 'xy@example.com' } : {}),
      },
    ],
    wards: [],
  };
}

/** Validates like the themed Form does. */
function validate(m: ProductManifest, data: InsureFormData, planCode = m.plans[0].code) {
  const { schema, uiSchema } = buildInsureFormSchema(m);
  return validator.validateFormData(
    data,
    schema as RJSFSchema,
    createInsureValidate(m, { planCode }, () => NOW),
    transformErrors,
    uiSchema,
  );
}

/** What the field at `path` shows (the theme's FieldErrorTemplate shows fieldMessages(...)[0]). */
function shown(errorSchema: ErrorSchema, path: string[]): string | undefined {
  let node: unknown = errorSchema;
  for (const segment of path) node = (node as Record<string, unknown> | undefined)?.[segment];
  return fieldMessages((node as { __errors?: string[] } | undefined)?.__errors)[0];
}

/** Paths of every node carrying errors. */
function errorPaths(errorSchema: ErrorSchema, prefix: string[] = []): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errorSchema as Record<string, unknown>)) {
    if (key === '__errors') {
      if ((value as string[]).length > 0) out.push(prefix.join('.'));
    } else if (value && typeof value === 'object') {
      out.push(...errorPaths(value as ErrorSchema, [...prefix, key]));
    }
  }
  return out;
}

const person = (m: ProductManifest) => (m.insure.template === 'guardian' ? 'wards' : 'insureds');

describe.each(MANIFESTS.map((m) => [m.id, m] as const))('insure form of %s', (_id, m) => {
  const list = person(m);
  const data = () => formDataFromDraft(m, validDraft(m), NOW);

  it('accepts a complete form: no error anywhere', () => {
    const { errors, errorSchema } = validate(m, data());
    expect(errors).toEqual([]);
    expect(errorPaths(errorSchema)).toEqual([]);
  });

  it('shows 请完善投保信息! under every empty required field', () => {
    const { schema } = buildInsureFormSchema(m);
    const { errorSchema } = validate(m, formDataFromDraft(m, null, NOW));
    const holderRequired = schema.properties!.policyHolder!.required!.filter((f) => f !== 'licenceType');
    for (const field of holderRequired) expect(shown(errorSchema, ['policyHolder', field]), field).toBe(MSG_REQUIRED);
    const itemRequired = schema.properties![list]!.items!.required!.filter((f) => f !== 'licenceType' && f !== 'relaToHolder');
    for (const field of itemRequired) expect(shown(errorSchema, [list, '0', field]), field).toBe(MSG_REQUIRED);
    // Pre-filled defaults are not errors.
    expect(shown(errorSchema, ['policyHolder', 'licenceType'])).toBeUndefined();
    expect(shown(errorSchema, [list, '0', 'relaToHolder'])).toBeUndefined();
  });

  it('shows 请填写正确的手机号! under a wrong holder phone', () => {
    const d = data();
    d.policyHolder.phone = '12812345678';
    expect(shown(validate(m, d).errorSchema, ['policyHolder', 'phone'])).toBe(MSG_PHONE);
  });

  it('shows the name rule under a wrong name', () => {
    const d = data();
    d.policyHolder.name = '张';
    expect(shown(validate(m, d).errorSchema, ['policyHolder', 'name'])).toBe(MSG_NAME);
  });

  it('shows 投保人身份证号位数有误! under a short holder ID number', () => {
    const d = data();
    d.policyHolder.licenceNo = '32030219850312';
    expect(shown(validate(m, d).errorSchema, ['policyHolder', 'licenceNo'])).toBe(MSG_ID_LENGTH_HOLDER);
  });

  it(`shows the ${list === 'wards' ? 'ward' : 'insured'} ID length message under a short ID number`, () => {
    const d = data();
    (d[list] ?? [])[0]!.licenceNo = '37081120140601';
    expect(shown(validate(m, d).errorSchema, [list, '0', 'licenceNo'])).toBe(
      list === 'wards' ? MSG_ID_LENGTH_WARD : MSG_ID_LENGTH_INSURED,
    );
  });

  it('shows 身份证号码校验错误! under an ID number with a wrong check digit', () => {
    const d = data();
    const item = (d[list] ?? [])[0]!;
    item.licenceNo = `${CHILD_ID.slice(0, 17)}${CHILD_ID.endsWith('1') ? '2' : '1'}`;
    expect(shown(validate(m, d).errorSchema, [list, '0', 'licenceNo'])).toBe(MSG_ID_CHECKSUM);
  });

  it('shows the business message, not ajv, for a relation the product does not offer', () => {
    const d = data();
    (d[list] ?? [])[0]!.relaToHolder = '06';
    const { errorSchema, errors } = validate(m, d);
    const expected = list === 'wards' ? wardRelationMessage(m.insure.ward?.relations ?? ['03', '99']) : MSG_INSURED_RELATION;
    expect(shown(errorSchema, [list, '0', 'relaToHolder'])).toBe(expected);
    // No English text ever reaches the user.
    for (const e of errors) expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('keeps plan problems off the fields', () => {
    const { errorSchema } = validate(m, data(), 'NO-SUCH-PLAN');
    expect(errorPaths(errorSchema)).toEqual(['']);
    expect(errorSchema.__errors).toEqual([MSG_PLAN]);
  });

  it('lists problems in form order, holder first', () => {
    const problems = insureFormProblems(m, formDataFromDraft(m, null, NOW), { planCode: m.plans[0].code }, NOW);
    expect(problems[0]).toEqual({ path: ['policyHolder', 'name'], message: MSG_REQUIRED });
  });
});

describe('region field (student products)', () => {
  const students = MANIFESTS.filter((m) => m.insure.insured.fields?.includes('region'));

  it.each(students.map((m) => [m.id, m] as const))('%s: an incomplete region shows 请完善投保信息! on the region row', (_id, m) => {
    const d = formDataFromDraft(m, validDraft(m), NOW);
    d.insureds![0]!.region = { provinceCode: '370000', cityCode: '370800' };
    expect(shown(validate(m, d).errorSchema, ['insureds', '0', 'region'])).toBe(MSG_REQUIRED);
    delete d.insureds![0]!.region;
    expect(shown(validate(m, d).errorSchema, ['insureds', '0', 'region'])).toBe(MSG_REQUIRED);
  });
});

describe('transformErrors', () => {
  it('turns ajv errors into one Chinese message per field', () => {
    const out = transformErrors([
      { name: 'required', property: '.policyHolder.name', message: "must have required property 'name'", stack: '', schemaPath: '#/required' },
      { name: 'const', property: '.a', message: 'must be equal to constant', stack: '', schemaPath: '#/properties/a/oneOf/0/const' },
      { name: 'oneOf', property: '.a', message: 'must match exactly one schema in oneOf', stack: '', schemaPath: '#/properties/a/oneOf' },
      { name: 'maxLength', property: '.b', message: 'must NOT have more than 40 characters', params: { limit: 40 }, stack: '', schemaPath: '#/properties/b/maxLength' },
      { name: 'maxItems', property: '.insureds', message: 'must NOT have more than 1 items', params: { limit: 1 }, stack: '', schemaPath: '#/properties/insureds/maxItems' },
    ]);
    expect(out.map((e) => [e.property, e.message])).toEqual([
      ['.policyHolder.name', MSG_REQUIRED],
      ['.a', MSG_REQUIRED],
      ['.b', '最多可输入40个字符'],
      ['.insureds', '最多可填写1位'],
    ]);
  });
});

describe('fieldMessages', () => {
  it('shows one message, the specific one before 请完善投保信息!, without duplicates', () => {
    expect(fieldMessages([MSG_REQUIRED, MSG_REQUIRED])).toEqual([MSG_REQUIRED]);
    expect(fieldMessages([MSG_REQUIRED, MSG_INSURED_RELATION])).toEqual([MSG_INSURED_RELATION]);
    expect(fieldMessages([MSG_PHONE, MSG_NAME], 2)).toEqual([MSG_PHONE, MSG_NAME]);
    expect(fieldMessages(undefined)).toEqual([]);
  });
});

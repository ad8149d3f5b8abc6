import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { optionsList, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { checkApplication } from '../../../src/engine/insure/check-application.ts';
import { DEFAULT_REGION_CODE } from '../../../src/engine/rules/regions.ts';
import {
  applicationFromDraft,
  buildInsureFormSchema,
  draftFromFormData,
  formDataFromDraft,
  formFieldId,
  normaliseFormData,
  problemFormPath,
  type FormJsonSchema,
  type FormUiSchema,
  type InsureDraftLike,
  type InsureFormData,
} from '../../../src/engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { GRADE_OPTIONS, ID_TYPE_OPTIONS, RELATION_OPTIONS, RELATIONS, SCHOOL_TYPES } from '../../../src/engine/rules/enums.ts';
import { makeIdCard } from '../../../src/engine/rules/id-card.ts';
import { MSG_ID_LENGTH_HOLDER, MSG_REQUIRED } from '../../../src/engine/rules/messages.ts';

// ---------------------------------------------------------------- fixtures

function loadManifest(id: string): ProductManifest {
  return JSON.parse(readFileSync(new URL(`../../../manifests/${id}.json`, import.meta.url), 'utf8')) as ProductManifest;
}

const XUZHOU = loadManifest('xuzhou-student-accident-2025');
const JINING = loadManifest('jining-student-accident');
const GUARDIAN = loadManifest('guanaibao-guardian');
/** No manifest uses the adult template yet: an adult insures themself or family, no school fields. */
const ADULT: ProductManifest = (() => {
  const m = structuredClone(JINING);
  m.id = 'adult-example';
  m.insure = {
    template: 'adult',
    holder: { ageBetween: [18, 80], phone: 'required', fields: ['email'] },
    insured: { ageBetween: [18, 65], phone: 'required' },
    maxInsureds: 3,
    customSchoolMode: '03',
  };
  return m;
})();

const NOW = new Date(2025, 5, 1, 10, 0, 0);
const HOLDER_ID = makeIdCard('320302', '1985-03-12', '031'); // male
const CHILD_ID = makeIdCard('320302', '2014-06-01', '042'); // female, 11
const PHONE = '13812345678';

/** A complete, valid draft for each manifest. */
const VALID_DRAFTS: Record<string, InsureDraftLike> = {
  [XUZHOU.id]: {
    policyHolder: { name: '张伟', licenceType: '0', licenceNo: HOLDER_ID, phone: PHONE },
    insureds: [
      {
        relaToHolder: '03',
        name: '张小雨',
        licenceType: '0',
        licenceNo: CHILD_ID,
        provinceCode: '320000',
        cityCode: '320300',
        countyCode: '320302',
        schoolKind: 'edu_07',
        schoolName: '徐州市鼓楼小学',
        grade: 'P5',
        classAndGrade: '2班',
        socialMedicalInsurance: 'Y',
      },
    ],
    wards: [],
  },
  [JINING.id]: {
    policyHolder: { name: '李强', licenceType: '0', licenceNo: HOLDER_ID, phone: PHONE },
    insureds: [
      {
        relaToHolder: '10',
        name: '李明',
        licenceType: '0',
        licenceNo: CHILD_ID,
        phone: '13912345678',
        provinceCode: '370000',
        cityCode: '370800',
        countyCode: '370811',
        schoolName: '济宁市第一中学',
        grade: 'J1',
        classAndGrade: '5班',
      },
    ],
    wards: [],
  },
  [GUARDIAN.id]: {
    policyHolder: { name: '王芳', licenceType: '0', licenceNo: HOLDER_ID, phone: PHONE },
    insureds: [],
    wards: [{ relaToHolder: '03', name: '王小宝', licenceType: '0', licenceNo: CHILD_ID }],
  },
  [ADULT.id]: {
    policyHolder: { name: '赵磊', licenceType: '0', licenceNo: HOLDER_ID, phone: PHONE, email: 'zhao@example.com' },
    insureds: [{ relaToHolder: '00', name: '赵磊', licenceType: '0', licenceNo: HOLDER_ID, phone: PHONE }],
    wards: [],
  },
};

const ALL = [XUZHOU, JINING, GUARDIAN, ADULT];
const plan = (m: ProductManifest) => ({ planCode: m.plans[0].code });

function props(schema: FormJsonSchema | undefined): Record<string, FormJsonSchema> {
  return schema?.properties ?? {};
}
function personSchema(m: ProductManifest): FormJsonSchema {
  const { schema } = buildInsureFormSchema(m);
  const list = m.insure.template === 'guardian' ? 'wards' : 'insureds';
  return props(schema)[list]!.items!;
}
function personUi(m: ProductManifest): FormUiSchema {
  const { uiSchema } = buildInsureFormSchema(m);
  return (uiSchema[m.insure.template === 'guardian' ? 'wards' : 'insureds'] as FormUiSchema).items as FormUiSchema;
}
function consts(schema: FormJsonSchema | undefined): string[] {
  return schema?.enum ?? [];
}
/** The labels the select shows: rjsf's options of the field's schema and uiSchema (`ui:enumNames`). */
function titles(schema: FormJsonSchema | undefined, ui: FormUiSchema, key: string): string[] {
  return (optionsList(schema as RJSFSchema, ui[key] as UiSchema | undefined) ?? []).map((o) => o.label);
}
const ajv = new Ajv({ allErrors: true, strict: false });

// ---------------------------------------------------------------- schema

describe.each(ALL)('buildInsureFormSchema($id)', (m) => {
  const { schema, uiSchema } = buildInsureFormSchema(m);
  const holder = props(schema).policyHolder!;
  const guardian = m.insure.template === 'guardian';

  it('has a holder section titled 投保人信息 with the ID types of the order set', () => {
    expect(holder.title).toBe('投保人信息');
    expect(props(holder).name?.title).toBe('姓名');
    expect(props(holder).licenceType?.title).toBe('证件类型');
    expect(consts(props(holder).licenceType)).toEqual(ID_TYPE_OPTIONS.map((o) => o.value));
    expect(titles(props(holder).licenceType, uiSchema.policyHolder as FormUiSchema, 'licenceType')).toEqual(ID_TYPE_OPTIONS.map((o) => o.label));
    expect(props(holder).licenceNo?.title).toBe('证件号码');
    expect(props(holder).phone?.title).toBe('手机号码');
    expect(holder.required).toEqual(expect.arrayContaining(['name', 'licenceType', 'licenceNo', 'phone']));
    // Derived from a mainland number, asked for other documents: the IdentityWidget decides per person.
    expect(uiSchema.policyHolder).toMatchObject({ sex: { 'ui:widget': 'IdentityWidget' }, birthday: { 'ui:widget': 'IdentityWidget' } });
  });

  it('asks the holder e-mail only when the manifest lists it', () => {
    const asked = m.insure.holder.fields?.includes('email') ?? false;
    expect('email' in props(holder)).toBe(asked);
    expect(holder.required?.includes('email')).toBe(asked);
  });

  it(guardian ? 'has wards instead of insureds' : 'has an insureds array bounded by maxInsureds', () => {
    const list = guardian ? 'wards' : 'insureds';
    expect(Object.keys(props(schema))).toEqual(['policyHolder', list]);
    const array = props(schema)[list]!;
    expect(array.type).toBe('array');
    expect(array.title).toBe(guardian ? '监护对象信息' : '被保人信息');
    expect(array.minItems).toBe(1);
    expect(array.maxItems).toBe(m.insure.maxInsureds ?? 1);
    const options = (uiSchema[list] as Record<string, Record<string, unknown>>)['ui:options'];
    expect(options?.addable).toBe((m.insure.maxInsureds ?? 1) > 1);
    expect(options?.addText).toBe(guardian ? '添加监护对象' : '添加被保人');
  });

  it('limits the relation to the manifest list, labelled from RELATION_OPTIONS', () => {
    const relation = props(personSchema(m)).relaToHolder;
    const expected = guardian ? m.insure.ward!.relations! : m.insure.insured.relations ?? RELATION_OPTIONS.map((o) => o.value);
    expect(relation?.title).toBe('与投保人关系');
    expect(consts(relation)).toEqual([...expected]);
    expect(titles(relation, personUi(m), 'relaToHolder')).toEqual(expected.map((code) => RELATIONS[code as keyof typeof RELATIONS]));
  });

  it('shows the phone as the manifest says (hidden / optional / required)', () => {
    const rule = (guardian ? m.insure.ward?.phone : m.insure.insured.phone) ?? 'optional';
    const person = personSchema(m);
    expect('phone' in props(person)).toBe(rule !== 'hidden');
    expect(person.required?.includes('phone')).toBe(rule === 'required');
  });

  it('puts the fields in form order with Chinese placeholders', () => {
    const holderUi = uiSchema.policyHolder as Record<string, Record<string, unknown>>;
    expect(holderUi['ui:order']).toEqual(
      ['name', 'licenceType', 'licenceNo', 'sex', 'birthday', 'phone', 'email'].filter((k) => k in props(holder)),
    );
    expect(holderUi.name?.['ui:placeholder']).toBe('请输入姓名');
    expect(holderUi.licenceNo?.['ui:placeholder']).toBe('请输入证件号码');
  });

  it('accepts its valid draft and refuses an empty form (ajv, structure only)', () => {
    const validate = ajv.compile(schema);
    expect(validate(formDataFromDraft(m, VALID_DRAFTS[m.id]!, NOW)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(formDataFromDraft(m, null, NOW))).toBe(false);
  });
});

describe('insured extra fields', () => {
  it('Xuzhou asks school type (its list), school, grade, class, region and social security', () => {
    const p = props(personSchema(XUZHOU));
    expect(Object.keys(p)).toEqual(
      expect.arrayContaining(['region', 'schoolKind', 'schoolName', 'grade', 'classAndGrade', 'socialMedicalInsurance']),
    );
    expect('schoolNature' in p).toBe(false);
    expect('collegeName' in p).toBe(false);
    expect(consts(p.schoolKind)).toEqual(XUZHOU.insure.schoolTypes);
    expect(titles(p.schoolKind, personUi(XUZHOU), 'schoolKind')).toEqual(XUZHOU.insure.schoolTypes!.map((c) => SCHOOL_TYPES[c as keyof typeof SCHOOL_TYPES]));
    expect(consts(p.grade)).toEqual(GRADE_OPTIONS.map((o) => o.value));
    expect(p.grade?.title).toBe('年级');
    expect(p.classAndGrade?.title).toBe('班级');
    // Classes are a list too (spec §3), 1班 … 30班, the value being what the order carries.
    expect(consts(p.classAndGrade)).toEqual(Array.from({ length: 30 }, (_, i) => `${i + 1}班`));
    expect(titles(p.classAndGrade, personUi(XUZHOU), 'classAndGrade')).toEqual(consts(p.classAndGrade));
    expect(p.schoolName?.title).toBe('学校名称');
    expect(consts(p.socialMedicalInsurance)).toEqual(['Y', 'N']);
    expect(titles(p.socialMedicalInsurance, personUi(XUZHOU), 'socialMedicalInsurance')).toEqual(['是', '否']);
  });

  it('Jining has no school type and no social security', () => {
    const p = props(personSchema(JINING));
    expect('schoolKind' in p).toBe(false);
    expect('socialMedicalInsurance' in p).toBe(false);
    expect(personSchema(JINING).required).toEqual(expect.arrayContaining(['schoolName', 'grade', 'classAndGrade', 'region']));
  });

  it('asks school nature and college name when listed', () => {
    const m = structuredClone(XUZHOU);
    m.insure.insured.fields = ['school', 'schoolNature', 'collegeName'];
    const p = props(personSchema(m));
    expect(titles(p.schoolNature, personUi(m), 'schoolNature')).toEqual(['公办', '民办']);
    expect(p.collegeName?.title).toBe('学院名称');
  });

  it('renders the region with the cascader field, opened on the product city or Chongqing', () => {
    const ui = (m: ProductManifest) =>
      ((buildInsureFormSchema(m).uiSchema.insureds as Record<string, Record<string, Record<string, unknown>>>).items!.region!);
    expect(ui(XUZHOU)['ui:field']).toBe('RegionField');
    expect(ui(XUZHOU)['ui:options']).toEqual({ defaultRegion: '320300' });
    const noRegion = structuredClone(XUZHOU);
    delete noRegion.region;
    expect(ui(noRegion)['ui:options']).toEqual({ defaultRegion: DEFAULT_REGION_CODE });
    expect(DEFAULT_REGION_CODE).toBe('500000');
  });

  it.each([
    ['01', '请输入学校名称'],
    ['02', '请选择学校'],
    ['03', '请输入学校名称'],
  ] as const)('marks customSchoolMode %s in ui:options', (mode, placeholder) => {
    const m = structuredClone(XUZHOU);
    m.insure.customSchoolMode = mode;
    m.insure.schools = mode === '03' ? undefined : [{ name: '徐州市民主路小学', schoolKind: 'edu_07' }];
    const school = (buildInsureFormSchema(m).uiSchema.insureds as Record<string, Record<string, Record<string, unknown>>>)
      .items!.schoolName!;
    expect(school['ui:widget']).toBe('SchoolWidget');
    expect(school['ui:options']).toMatchObject({ schoolMode: mode, schools: mode === '03' ? [] : ['徐州市民主路小学'], areaCode: '320300' });
    const types = (school['ui:options'] as { schoolTypes: { value: string }[] }).schoolTypes.map((o) => o.value);
    expect(types).toEqual(m.insure.schoolTypes ?? expect.arrayContaining(['edu_06', 'edu_07', 'edu_27', 'edu_28']));
    expect(school['ui:placeholder']).toBe(placeholder);
  });

  it('marks optional fields 选填 and age-dependent ones with their age, requiring neither of every insured', () => {
    const m = structuredClone(XUZHOU);
    m.insure.insured.optionalFields = ['grade'];
    m.insure.insured.fieldsFromAge = { school: 3 };
    const item = (buildInsureFormSchema(m).schema.properties!.insureds as { items: { required: string[]; properties: Record<string, { title?: string }> } }).items;
    expect(item.required).not.toContain('grade');
    expect(item.required).not.toContain('schoolName');
    expect(item.properties.grade!.title).toMatch(/（选填）$/);
    expect(item.properties.schoolName!.title).toMatch(/（满3周岁填写）$/);
    // A marked choice still shows its options by label, never by code.
    const ui = (buildInsureFormSchema(m).uiSchema.insureds as { items: Record<string, { 'ui:enumNames'?: string[] }> }).items;
    expect(ui.grade?.['ui:enumNames']).toContain('四年级');
    const plain = (buildInsureFormSchema(XUZHOU).schema.properties!.insureds as { items: { required: string[] } }).items;
    expect(plain.required).toEqual(expect.arrayContaining(['grade', 'schoolName']));
    // The holder's e-mail: required when asked, 选填 when optional.
    const holderOf = (edit: (holder: ProductManifest['insure']['holder']) => void) => {
      const withEmail = structuredClone(XUZHOU);
      edit(withEmail.insure.holder);
      return buildInsureFormSchema(withEmail).schema.properties!.policyHolder as { required: string[]; properties: Record<string, { title?: string }> };
    };
    expect(holderOf((h) => (h.fields = ['email'])).required).toContain('email');
    const optionalEmail = holderOf((h) => Object.assign(h, { fields: ['email'], optionalFields: ['email'] }));
    expect(optionalEmail.required).not.toContain('email');
    expect(optionalEmail.properties.email!.title).toMatch(/（选填）$/);
  });

  it('offers every relation but 本人 to a student product without a list, and 本人 to an adult one', () => {
    const student = structuredClone(JINING);
    delete student.insure.insured.relations;
    expect(consts(props(personSchema(student)).relaToHolder)).not.toContain('00');
    expect(consts(props(personSchema(ADULT)).relaToHolder)).toContain('00');
  });
});

// ---------------------------------------------------------------- conversions

describe.each(ALL)('conversions ($id)', (m) => {
  const draft = VALID_DRAFTS[m.id]!;

  it('round-trips a draft through the form data', () => {
    const back = draftFromFormData(formDataFromDraft(m, draft, NOW));
    expect(back.policyHolder).toEqual(draft.policyHolder);
    expect(back.insureds).toEqual(draft.insureds);
    expect(back.wards).toEqual(draft.wards);
  });

  it('builds an application that checkApplication accepts', () => {
    expect(checkApplication(m, applicationFromDraft(m, draft, plan(m)), NOW)).toEqual([]);
  });

  it('starts a new form with an ID card, the first relation and one person', () => {
    const data = formDataFromDraft(m, null, NOW);
    expect(data.policyHolder).toEqual({ licenceType: '0' });
    const list = m.insure.template === 'guardian' ? data.wards : data.insureds;
    expect(list).toHaveLength(1);
    expect(list![0]!.licenceType).toBe('0');
    const relations = m.insure.template === 'guardian' ? m.insure.ward!.relations! : m.insure.insured.relations ?? ['00'];
    expect(list![0]!.relaToHolder).toBe(relations[0]);
  });

  it('maps every problem of an empty form to a field of the schema', () => {
    const { schema } = buildInsureFormSchema(m);
    const problems = checkApplication(m, applicationFromDraft(m, draftFromFormData(formDataFromDraft(m, null, NOW)), plan(m)), NOW);
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) {
      const path = problemFormPath(m, problem.path);
      expect(path, problem.path).not.toBeNull();
      let node: FormJsonSchema | undefined = schema;
      for (const segment of path!) node = /^\d+$/.test(segment) ? node?.items : node?.properties?.[segment];
      expect(node, `${problem.path} → ${path!.join('.')}`).toBeDefined();
    }
  });
});

describe('derived fields', () => {
  it('derives sex and birthday from a valid mainland ID number under any type, and keeps the typed ones otherwise', () => {
    const data = formDataFromDraft(XUZHOU, VALID_DRAFTS[XUZHOU.id]!, NOW);
    expect(data.policyHolder).toMatchObject({ sex: '0', birthday: '1985-03-12' });
    expect(data.insureds![0]).toMatchObject({ sex: '1', birthday: '2014-06-01' });

    // The mainland number under 护照 still gives its own birthday and sex, whatever was typed.
    const mainland = normaliseFormData(XUZHOU, { policyHolder: { licenceType: '1', licenceNo: HOLDER_ID, sex: '1', birthday: '2000-01-01' } }, NOW);
    expect(mainland.policyHolder).toMatchObject({ sex: '0', birthday: '1985-03-12' });
    const passport = normaliseFormData(XUZHOU, { policyHolder: { licenceType: '1', licenceNo: 'E12345678', sex: '1', birthday: '1990-05-06' } }, NOW);
    expect(passport.policyHolder).toMatchObject({ sex: '1', birthday: '1990-05-06' });
    expect(draftFromFormData(passport).policyHolder).toMatchObject({ sex: '1', birthday: '1990-05-06' });
    const bad = normaliseFormData(XUZHOU, { policyHolder: { licenceType: '0', licenceNo: '3203021985', birthday: 'x' } }, NOW);
    expect(bad.policyHolder.birthday).toBeUndefined();
  });

  it('never stores the derived fields', () => {
    const back = draftFromFormData(formDataFromDraft(XUZHOU, VALID_DRAFTS[XUZHOU.id]!, NOW));
    expect(back.policyHolder).not.toHaveProperty('sex');
    expect(back.insureds[0]).not.toHaveProperty('birthday');
  });

  it('keeps an insured whose relation is 本人 equal to the holder', () => {
    const data: InsureFormData = {
      policyHolder: { name: '赵磊', licenceType: '0', licenceNo: HOLDER_ID, phone: PHONE },
      insureds: [{ relaToHolder: '00', name: '别人', licenceType: '1', licenceNo: 'X' }],
    };
    expect(normaliseFormData(ADULT, data, NOW).insureds![0]).toMatchObject({
      name: '赵磊',
      licenceType: '0',
      licenceNo: HOLDER_ID,
      phone: PHONE,
      sex: '0',
    });
  });
});

describe('applicationFromDraft', () => {
  it('sends the guardian holder as the only insured and the wards apart', () => {
    const app = applicationFromDraft(GUARDIAN, VALID_DRAFTS[GUARDIAN.id]!, { planCode: 'GAB-A', copies: 2 });
    expect(app.insureds).toEqual([{ relaToHolder: '00', isHolder: 'Y', name: '王芳', licenceType: '0', licenceNo: HOLDER_ID }]);
    expect(app.wards).toEqual([{ relaToHolder: '03', name: '王小宝', licenceType: '0', licenceNo: CHILD_ID }]);
    expect(app.copies).toBe(2);
  });

  it('sends only the fields the manifest asks, and no wards for a student product', () => {
    const app = applicationFromDraft(JINING, VALID_DRAFTS[JINING.id]!, plan(JINING));
    expect(app.wards).toBeUndefined();
    expect(app.insureds[0]).not.toHaveProperty('schoolKind');
    expect(app.insureds[0]).not.toHaveProperty('socialMedicalInsurance');
    expect(app.insureds[0]).toMatchObject({ isHolder: 'N', countyCode: '370811', phone: '13912345678' });
  });

  it('turns missing required values into empty strings that the check reports', () => {
    const app = applicationFromDraft(XUZHOU, { policyHolder: {}, insureds: [{}], wards: [] }, plan(XUZHOU));
    expect(app.policyHolder).toEqual({ name: '', licenceType: '', licenceNo: '', phone: '' });
    const problems = checkApplication(XUZHOU, app, NOW);
    expect(problems).toContainEqual({ path: 'policyHolder.name', message: MSG_REQUIRED });
    expect(problems).toContainEqual({ path: 'insureds.0.countyCode', message: MSG_REQUIRED });
  });
});

describe('problemFormPath', () => {
  it.each([
    ['student', 'policyHolder.licenceNo', ['policyHolder', 'licenceNo']],
    ['student', 'insureds.0.name', ['insureds', '0', 'name']],
    ['student', 'insureds.0.provinceCode', ['insureds', '0', 'region']],
    ['student', 'insureds.0.countyCode', ['insureds', '0', 'region']],
    ['student', 'insureds.1.isHolder', ['insureds', '1', 'relaToHolder']],
    ['student', 'insureds', ['insureds']],
    ['guardian', 'wards.0.relaToHolder', ['wards', '0', 'relaToHolder']],
    ['guardian', 'wards', ['wards']],
    ['guardian', 'insureds.0.licenceNo', ['policyHolder', 'licenceNo']],
    ['guardian', 'insureds.0.isHolder', ['policyHolder']],
    ['guardian', 'insureds', ['policyHolder']],
    ['student', 'planCode', null],
    ['student', 'factors.socialSecurity', null],
  ] as const)('%s: %s → %j', (template, path, expected) => {
    expect(problemFormPath(template === 'guardian' ? GUARDIAN : XUZHOU, path)).toEqual(expected);
  });

  it('gives the rjsf ids the e2e tests use', () => {
    expect(formFieldId(['policyHolder', 'name'])).toBe('root_policyHolder_name');
    expect(formFieldId(['insureds', '0', 'licenceNo'])).toBe('root_insureds_0_licenceNo');
  });

  it('puts a holder ID problem on the holder ID field', () => {
    const draft = structuredClone(VALID_DRAFTS[XUZHOU.id]!) as InsureDraftLike & { policyHolder: { licenceNo: string } };
    draft.policyHolder.licenceNo = '123';
    const [problem] = checkApplication(XUZHOU, applicationFromDraft(XUZHOU, draft, plan(XUZHOU)), NOW);
    expect(problem).toEqual({ path: 'policyHolder.licenceNo', message: MSG_ID_LENGTH_HOLDER });
    expect(problemFormPath(XUZHOU, problem!.path)).toEqual(['policyHolder', 'licenceNo']);
  });
});

describe('the detail page’s choice of a factor bound to an insured’s field', () => {
  const m = loadManifest('calm-carefree-student-medical');
  const bound = m.pricing.factors.find((f) => f.insuredField === 'socialMedicalInsurance')!;

  it('is the answer a new insured starts with (无社保 chosen → 有无社保 answered 否)', () => {
    const data = formDataFromDraft(m, null, NOW, { [bound.code]: 'N' });
    expect(data.insureds![0]!.socialMedicalInsurance).toBe('N');
    const later = formDataFromDraft(m, { insureds: [{ name: '张小明' }], policyHolder: {}, wards: [] }, NOW, { [bound.code]: 'N' });
    expect(later.insureds![0]!.socialMedicalInsurance).toBe('N');
  });

  it('never overrides an answer the parent gave, and ignores a value the factor does not offer', () => {
    const answered = formDataFromDraft(m, { insureds: [{ socialMedicalInsurance: 'Y' }], policyHolder: {}, wards: [] }, NOW, { [bound.code]: 'N' });
    expect(answered.insureds![0]!.socialMedicalInsurance).toBe('Y');
    expect(formDataFromDraft(m, null, NOW, { [bound.code]: 'maybe' }).insureds![0]!.socialMedicalInsurance).toBeUndefined();
  });
});

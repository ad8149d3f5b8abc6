import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { reservedRoutes } from '../../src/contract/app-routes.ts';
import { checkManifestSet, formatProblem, validateManifest } from '../../src/engine/manifest/index.ts';
import type { ProductManifest } from '../../src/engine/manifest/index.ts';
import { BUNDLED_REGISTRIES } from '../../src/engine/manifest/references.ts';
import schema from '../../schemas/product-manifest.schema.json' with { type: 'json' };

const dir = new URL('../../manifests/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const load = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as ProductManifest;
const clone = <T>(v: T): T => structuredClone(v);

describe('product manifests', () => {
  it.each(files)('%s is valid', (name) => {
    expect(validateManifest(load(name), `manifests/${name}`).map(formatProblem)).toEqual([]);
  });

  it('holds the three products of the foundation issue', () => {
    const all = files.map(load);
    const xuzhou = all.find((m) => m.id === 'xuzhou-student-accident-2025');
    expect(xuzhou?.plans.map((p) => p.name)).toEqual(['基础版', '升级版', '豪华版']);
    expect(all.some((m) => m.region?.cityCode === '370800' && m.insure.template === 'student')).toBe(true);
    const guardian = all.find((m) => m.id === 'guanaibao-guardian');
    expect(guardian?.productName).toContain('关爱宝');
    expect(guardian?.insure.ward?.relations).toEqual(['03', '99']);
    expect(guardian?.insure.holder.ageBetween?.[0]).toBe(18);
  });

  it('reports the file, the JSON pointer and a hint for an unknown property', () => {
    const m = clone(load('jining-student-accident.json')) as unknown as Record<string, unknown>;
    (m.detail as Record<string, unknown>).bannr = {};
    const [problem] = validateManifest(m, JN);
    expect(formatProblem(problem!)).toBe(
      'manifests/jining-student-accident.json  /detail/bannr  unknown property "bannr"  (did you mean "banner"? remove it or check its spelling against schemas/product-manifest.schema.json)',
    );
  });

  it('reports a wrong enum value with the allowed values', () => {
    const m = clone(load('jining-student-accident.json'));
    (m as { planType: string }).planType = 'C';
    const problems = validateManifest(m, 'x.json');
    expect(problems).toContainEqual(expect.objectContaining({ pointer: '/planType', hint: 'write one of "A", "B"' }));
  });

  it('rejects money with more than 2 decimals and a missing required property', () => {
    const m = clone(load('jining-student-accident.json')) as unknown as { plans: { premium: number }[]; cover?: unknown };
    m.plans[0]!.premium = 50.123;
    delete m.cover;
    const pointers = validateManifest(m, 'x.json').map((p) => p.pointer);
    expect(pointers).toContain('/plans/0/premium');
    expect(pointers).toContain('');
  });

  it('rejects a factor default that is not an option and two lead insurers', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.pricing.factors[0]!.default = 'maybe';
    m.insurers[1]!.partyRole = 1;
    const pointers = validateManifest(m, XZ).map((p) => p.pointer);
    expect(pointers).toEqual(['/insurers', '/pricing/factors/0/default']);
  });

  it('finds product codes and routes used twice across manifests', () => {
    const a = load('jining-student-accident.json');
    const b = clone(load('guanaibao-guardian.json'));
    b.productCode = a.productCode;
    b.routes = [a.routes[0]];
    const problems = checkManifestSet([
      { file: 'manifests/jining-student-accident.json', data: a },
      { file: 'manifests/guanaibao-guardian.json', data: b },
    ], reservedRoutes());
    expect(problems.map((p) => `${p.file} ${p.pointer}`)).toEqual([
      'manifests/guanaibao-guardian.json /productCode',
      'manifests/guanaibao-guardian.json /routes/0',
    ]);
  });

  it('describes every property of the schema', () => {
    const missing: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.properties && typeof n.properties === 'object') {
        for (const [key, sub] of Object.entries(n.properties as Record<string, Record<string, unknown>>)) {
          const described = typeof sub.description === 'string' || (typeof sub.$ref === 'string');
          if (!described) missing.push(`${at}/properties/${key}`);
          walk(sub, `${at}/properties/${key}`);
        }
      }
      for (const key of ['items', '$defs']) {
        const sub = n[key];
        if (key === '$defs' && sub) for (const [k, d] of Object.entries(sub as object)) walk(d, `${at}/$defs/${k}`);
        else walk(sub, `${at}/${key}`);
      }
      if (n.type === 'object' && n.properties) {
        if (n.additionalProperties !== false) missing.push(`${at} (additionalProperties is not false)`);
      }
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });

  it('keeps the manifest reference in docs/ in step with the schema', () => {
    const out = execFileSync('npx', ['tsx', 'scripts/manifests-docs.ts', '--check'], { encoding: 'utf8' });
    expect(out).toContain('manifest reference up to date');
  });

  it('keeps the generated manifest type in step with the schema', () => {
    const out = execFileSync('npx', ['tsx', 'scripts/manifests-types.ts', '--check'], { encoding: 'utf8' });
    expect(out).toContain('manifest types up to date');
  });
});

describe('factor bound to an insured field', () => {
  it('requires the insure form to ask for it, with Y/N options', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.insure.insured.fields = ['school'];
    m.pricing.factors[0]!.options[1]!.value = 'NO';
    m.pricing.factors[0]!.default = 'NO';
    const pointers = validateManifest(m, XZ).map((p) => p.pointer);
    expect(pointers).toEqual(['/pricing/factors/0/options', '/pricing/factors/0/insuredField']);
  });
});

const XZ = 'manifests/xuzhou-student-accident-2025.json';
const JN = 'manifests/jining-student-accident.json';
const GA = 'manifests/guanaibao-guardian.json';

/** The problems of one manifest as `pointer  message`, for exact assertions. */
const problemsOf = (m: unknown, file = XZ) =>
  validateManifest(m, file).map((p) => `${p.pointer}  ${p.message}`);

describe('alias codes and status', () => {
  it('accepts alias codes, an offline status and a title page', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.aliasCodes = ['19PR611048', '19PR855366'];
    m.status = 'offline';
    m.detail.titlePage = { projectYear: 2023, title: '2023徐州市学生平安保险', subtitle: '政府指导 · 学校推荐 · 家长自愿' };
    expect(problemsOf(m)).toEqual([]);
  });

  it('rejects a title page of a year without one', () => {
    const m = clone(load('xuzhou-student-accident-2025.json')) as unknown as { detail: Record<string, unknown> };
    m.detail.titlePage = { projectYear: 2025, title: '标题', subtitle: '副标题' };
    expect(validateManifest(m, XZ)).toContainEqual(expect.objectContaining({ pointer: '/detail/titlePage/projectYear', hint: 'write one of 2022, 2023, 2024' }));
  });

  it('reports an alias code equal to the product code', () => {
    const m = clone(load('jining-student-accident.json'));
    m.aliasCodes = [m.productCode];
    expect(problemsOf(m, JN)).toEqual(['/aliasCodes/0  alias code 22PR370800 is the product code itself']);
  });

  it('refuses a detail route the app reserves (derived from the route table), with a clear message', () => {
    const a = clone(load('jining-student-accident.json'));
    a.routes = [...a.routes, '/insure', '/passport', '/bindPhone'];
    const problems = checkManifestSet([{ file: 'manifests/jining-student-accident.json', data: a }], reservedRoutes());
    const n = a.routes.length;
    expect(problems.map(formatProblem)).toEqual(
      ['/insure', '/passport', '/bindPhone'].map(
        (route, i) => `manifests/jining-student-accident.json  /routes/${n - 3 + i}  route ${route} is reserved by the app  (choose a product-specific detail route)`,
      ),
    );
    // Only what the caller reserves: the engine itself knows no app route.
    expect(checkManifestSet([{ file: 'manifests/jining-student-accident.json', data: a }], new Set())).toEqual([]);
  });

  it('reports an alias code used by another manifest, as alias or as product code', () => {
    const a = clone(load('jining-student-accident.json'));
    a.aliasCodes = ['19PR611048'];
    const b = clone(load('guanaibao-guardian.json'));
    b.aliasCodes = ['19PR611048', a.productCode];
    const problems = checkManifestSet([
      { file: 'manifests/jining-student-accident.json', data: a },
      { file: 'manifests/guanaibao-guardian.json', data: b },
    ], reservedRoutes());
    expect(problems.map(formatProblem)).toEqual([
      'manifests/guanaibao-guardian.json  /aliasCodes/0  alias code 19PR611048 is also used by manifests/jining-student-accident.json  (product codes and alias codes are unique across manifests: one code opens one manifest)',
      'manifests/guanaibao-guardian.json  /aliasCodes/1  alias code 22PR370800 is also used by manifests/jining-student-accident.json  (product codes and alias codes are unique across manifests: one code opens one manifest)',
    ]);
  });

  it('binds a notice route to one product only, and only to a notice route of the app', () => {
    const a = clone(load('jining-student-accident.json'));
    a.noticeRoute = '/calmCareNotify';
    const b = clone(load('guanaibao-guardian.json'));
    b.noticeRoute = '/calmCareNotify';
    expect(
      checkManifestSet([
        { file: 'manifests/jining-student-accident.json', data: a },
        { file: 'manifests/guanaibao-guardian.json', data: b },
      ], reservedRoutes()).map(formatProblem),
    ).toEqual([
      'manifests/guanaibao-guardian.json  /noticeRoute  notice route /calmCareNotify is also bound to manifests/jining-student-accident.json  (a notice route shows one product: remove it from one of the two manifests)',
    ]);
    const c = clone(load('jining-student-accident.json')) as unknown as Record<string, unknown>;
    c.noticeRoute = '/jiningNotify';
    expect(validateManifest(c, JN).map((p) => p.pointer)).toContain('/noticeRoute');
  });
});

describe('renewal label', () => {
  it('is required: the manifest is the one source of the label', () => {
    const m = clone(load('jining-student-accident.json')) as unknown as Record<string, unknown>;
    delete m.renewalLabel;
    expect(validateManifest(m, JN).map((p) => p.message).join('\n')).toContain('renewalLabel');
  });

  it('allows 去续保 on a renewal product only', () => {
    const m = clone(load('jining-student-accident.json'));
    m.renewalLabel = '再次购买';
    expect(problemsOf(m, JN)).toEqual([]);
    m.renewalLabel = '去续保';
    expect(validateManifest(m, JN).map(formatProblem)).toEqual([
      'manifests/jining-student-accident.json  /renewalLabel  renewalLabel "去续保" on a product without renewal: true  (use "再次购买", or set renewal: true when parents renew this product every year)',
    ]);
    m.renewal = true;
    expect(problemsOf(m, JN)).toEqual([]);
  });
});

describe('Xuzhou plan builder', () => {
  const withBuilder = (templates: { name: string; planCodes: string[] }[], kind: 'xuzhou2021' | 'xuzhou2025' = 'xuzhou2025') => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.planBuilder = { kind, templates };
    return m;
  };
  const three = () => [
    { name: '基础版', planCodes: ['XZ25-JC'] },
    { name: '升级版', planCodes: ['XZ25-SJ'] },
    { name: '豪华版', planCodes: ['XZ25-HH'] },
  ];

  it('accepts three templates with the kind\'s names and known plan codes', () => {
    expect(problemsOf(withBuilder(three()))).toEqual([]);
  });

  it('模板数组不可为空 for an empty template list', () => {
    const [problem] = validateManifest(withBuilder([]), 'manifests/xuzhou-student-accident-2025.json');
    expect(formatProblem(problem!)).toBe(
      'manifests/xuzhou-student-accident-2025.json  /planBuilder/templates  模板数组不可为空  (add the 3 templates 基础版, 升级版, 豪华版 with their plan codes)',
    );
  });

  it('徐州学平险有三个方案 for two or four templates', () => {
    expect(problemsOf(withBuilder(three().slice(0, 2)))).toEqual(['/planBuilder/templates  徐州学平险有三个方案']);
    const four = [...three(), { name: '至尊版', planCodes: ['XZ25-HH'] }];
    const problems = validateManifest(withBuilder(four), XZ);
    expect(problems).toEqual([
      { file: XZ, pointer: '/planBuilder/templates', message: '徐州学平险有三个方案', hint: 'give exactly 3 templates, 基础版, 升级版, 豪华版 (found 4)' },
    ]);
  });

  it('数据源数组不可为空 for a template without plan codes', () => {
    const templates = three();
    templates[1]!.planCodes = [];
    expect(problemsOf(withBuilder(templates))).toEqual(['/planBuilder/templates/1/planCodes  数据源数组不可为空']);
  });

  it('names the pointer and the code of an unknown plan', () => {
    const templates = three();
    templates[2]!.planCodes = ['XZ25-HH', 'XZ25-ZZ'];
    const problems = validateManifest(withBuilder(templates), XZ);
    expect(problems).toEqual([
      { file: XZ, pointer: '/planBuilder/templates/2/planCodes/1', message: 'plan code "XZ25-ZZ" is not in /plans', hint: 'use one of ["XZ25-JC","XZ25-SJ","XZ25-HH"]' },
    ]);
  });

  it('wants the kind\'s plan names in order, and lists them', () => {
    const problems = validateManifest(withBuilder(three(), 'xuzhou2021'), XZ);
    expect(problems.map((p) => `${p.pointer}  ${p.message}  (${p.hint})`)).toEqual([
      '/planBuilder/templates/0/name  template name "基础版" is not the xuzhou2021 plan name "简化版"  (xuzhou2021 templates are named 简化版, 基础版, 强化版, in this order)',
      '/planBuilder/templates/1/name  template name "升级版" is not the xuzhou2021 plan name "基础版"  (xuzhou2021 templates are named 简化版, 基础版, 强化版, in this order)',
      '/planBuilder/templates/2/name  template name "豪华版" is not the xuzhou2021 plan name "强化版"  (xuzhou2021 templates are named 简化版, 基础版, 强化版, in this order)',
    ]);
  });

  it('needs a second risk in the first 2021 template to share', () => {
    const m = withBuilder([
      { name: '简化版', planCodes: ['XZ25-JC'] },
      { name: '基础版', planCodes: ['XZ25-SJ'] },
      { name: '强化版', planCodes: ['XZ25-HH'] },
    ], 'xuzhou2021');
    expect(problemsOf(m)).toEqual([]);
    m.plans[0]!.risks = [m.plans[0]!.risks[0]!];
    expect(problemsOf(m)).toEqual(['/planBuilder/templates/0/planCodes  the first 2021 template has no second risk to share']);
  });

  it('still accepts only plan type A or B', () => {
    const m = withBuilder(three()) as unknown as { planType: string };
    m.planType = 'C';
    expect(problemsOf(m)).toEqual(['/planType  "C" is not one of the allowed values']);
  });
});

describe('risks and duties', () => {
  it('reports a risk listed twice in one plan', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.plans[1]!.risks.push(clone(m.plans[1]!.risks[0]!));
    expect(problemsOf(m)).toEqual(['/plans/1/risks/3/riskCode  risk code "2701" appears twice in plan XZ25-SJ']);
  });

  it('reports a duty code listed twice in one risk', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.plans[2]!.risks[1]!.duties[1]!.code = 'D04';
    const problems = validateManifest(m, XZ);
    expect(problems).toEqual([
      { file: XZ, pointer: '/plans/2/risks/1/duties/1/code', message: 'duty code "D04" appears twice in risk 2703 of plan XZ25-HH', hint: 'duty codes are unique within a risk' },
    ]);
  });
});

describe('guarantee years', () => {
  const withYears = (years: number[]) => {
    const m = clone(load('jining-student-accident.json'));
    m.pricing.guaranteeYears = years;
    return validateManifest(m, JN).map((p) => `${p.pointer}  ${p.message}  (${p.hint})`);
  };

  it('accepts ascending unique years', () => {
    expect(withYears([1, 2, 3])).toEqual([]);
  });

  it('reports an empty list', () => {
    expect(withYears([])).toEqual(['/pricing/guaranteeYears  guarantee years list is empty  (write [1] (the default) or the allowed years, e.g. [1, 2, 3])']);
  });

  it('reports years out of order and years listed twice', () => {
    expect(withYears([2, 1, 3])).toEqual(['/pricing/guaranteeYears/1  guarantee years are not in ascending order  (write [1,2,3])']);
    expect(withYears([1, 2, 2])).toEqual(['/pricing/guaranteeYears/2  guarantee year 2 is listed twice  (write [1,2])']);
  });
});

describe('schools of the school picker', () => {
  it('数据源数组不可为空 when customSchoolMode 02 has no schools, or an empty list', () => {
    const m = clone(load('jining-student-accident.json'));
    expect(m.insure.customSchoolMode).toBe('02');
    m.insure.schools = [];
    expect(problemsOf(m, JN)).toEqual(['/insure/schools  数据源数组不可为空']);
    delete m.insure.schools;
    const [problem] = validateManifest(m, JN);
    expect(formatProblem(problem!)).toBe(
      'manifests/jining-student-accident.json  /insure/schools  数据源数组不可为空  (customSchoolMode "02" (choose only) needs the schools to choose from: add { "name": …, "schoolKind": "edu_XX" } items, or use mode "01" or "03")',
    );
  });

  it('lets mode 01 go without schools and refuses schools in mode 03', () => {
    const m = clone(load('jining-student-accident.json'));
    m.insure.customSchoolMode = '01';
    delete m.insure.schools;
    expect(problemsOf(m, JN)).toEqual([]);
    m.insure.customSchoolMode = '03';
    m.insure.schools = [{ name: '济宁市第一中学', schoolKind: 'edu_28' }];
    expect(problemsOf(m, JN)).toEqual(['/insure/schools  schools are never shown with customSchoolMode "03" (custom only)']);
  });

  it('reports unknown school type codes', () => {
    const m = clone(load('jining-student-accident.json'));
    m.insure.schools![1]!.schoolKind = 'edu_99';
    m.insure.schoolTypes = ['edu_06', 'edu_98'];
    expect(problemsOf(m, JN)).toEqual([
      '/insure/schools/1/schoolKind  unknown school type "edu_99"',
      '/insure/schoolTypes/1  unknown school type "edu_98"',
    ]);
  });
});

describe('region codes', () => {
  it('reports a city outside the province', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.region!.cityCode = '370800';
    expect(validateManifest(m, XZ)).toEqual([
      { file: XZ, pointer: '/region/cityCode', message: 'city code 370800 is not in province 320000 (江苏)', hint: 'a city of province 320000 starts with "32"; check both codes' },
    ]);
  });

  it('reports a province-level city code and an unknown province', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.region!.cityCode = '320000';
    expect(problemsOf(m)).toEqual(['/region/cityCode  city code 320000 is a province-level code']);
    m.region = { provinceCode: '990000', cityCode: '990100', name: '无' };
    expect(problemsOf(m)).toEqual(['/region/provinceCode  unknown province code 990000']);
  });

  it('reports an insuring area outside every known province', () => {
    const m = clone(load('guanaibao-guardian.json'));
    // The registry file's own check refuses such an area first; the rule guards the served manifest.
    const code = (m.insurers[0] as unknown as { insurer: string }).insurer;
    const registries = { ...BUNDLED_REGISTRIES, insurers: BUNDLED_REGISTRIES.insurers.map((i) => (i.code === code ? { ...i, insuringAreas: [{ code: '990300', name: '无' }] } : i)) };
    expect(validateManifest(m, GA, registries).map(formatProblem)).toEqual([
      'manifests/guanaibao-guardian.json  /insurers/0/insuringAreaCode  insuring area code 990300 is not in a known province  (the first two digits must be a province prefix of GB/T 2260 (6 digits ending in 0000 for the province))',
    ]);
  });

  it('needs a region when the insure form asks for one', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    delete m.region;
    expect(problemsOf(m)).toEqual(['/region  missing region: /insure/insured/fields asks for "region"']);
    m.insure.insured.fields = ['school', 'socialSecurity'];
    expect(problemsOf(m)).toEqual([]);
  });
});

describe('age-band factor', () => {
  it('needs a band on every option, without overlaps, covering every insurable age', () => {
    const m = clone(load('huatai-serious-illness.json'));
    const options = m.pricing.factors.find((f) => f.insuredAge)!.options;
    delete options[0]!.ageBetween;
    options[2]!.ageBetween = [40, 50];
    const problems = validateManifest(m, 'manifests/huatai-serious-illness.json').map((p) => `${p.pointer} ${p.message}`);
    expect(problems).toEqual([
      '/pricing/factors/0/options/0 option without ageBetween in an insuredAge factor',
      '/pricing/factors/0/options/2/ageBetween age band 40-50 overlaps option 1 "31-40周岁" (31-40): an age is priced by one band only',
    ]);
    const gap = clone(load('huatai-serious-illness.json'));
    gap.pricing.factors.find((f) => f.insuredAge)!.options[3]!.ageBetween = [52, 55];
    expect(validateManifest(gap, 'manifests/huatai-serious-illness.json')).toEqual([
      expect.objectContaining({ message: 'no age band holds age 51 of /insure/insured/ageBetween' }),
    ]);
  });
});

describe('what a parent reads is checked too', () => {
  it('refuses a liability shown as 0 (0元/天), naming the plan and the duty', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    const duty = m.plans[0]!.risks[0]!.duties[0]!;
    duty.showValue = '0元/天';
    expect(validateManifest(m, 'manifests/xuzhou-student-accident-2025.json').map((p) => `${p.pointer} ${p.message}`)).toEqual([
      `/plans/0/risks/0/duties/0/showValue ${duty.limitName} of plan ${m.plans[0]!.code} shows "0元/天": a sum insured is more than 0`,
    ]);
  });

  it('warns about renewal promised on a product parents cannot renew, not about its denial', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    expect(m.renewal).not.toBe(true);
    m.plans[0]!.name = '一键续保版';
    m.alerts = [{ at: 'detail', text: '本产品不可续保，请每年重新投保。' }];
    const problems = validateManifest(m, 'manifests/xuzhou-student-accident-2025.json');
    expect(problems.map((p) => [p.pointer, p.severity, p.message])).toEqual([['/plans/0/name', 'warning', '"一键续保" on a product parents cannot renew (no renewal: true)']]);
    m.renewal = true;
    expect(validateManifest(m, 'manifests/xuzhou-student-accident-2025.json')).toEqual([]);
  });
});

describe('field settings', () => {
  it('refuses optional or age-dependent fields that are not asked, and warns about school settings of a form without a school', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.insure.insured.optionalFields = ['email'];
    m.insure.insured.fieldsFromAge = { collegeName: 18 };
    m.insure.insured.fields = (m.insure.insured.fields ?? []).filter((f) => f !== 'school');
    m.insure.customSchoolMode = '01';
    expect(validateManifest(m, 'manifests/xuzhou-student-accident-2025.json').map((p) => `${p.pointer} ${p.severity ?? 'error'} ${p.message}`)).toEqual([
      '/insure/insured/optionalFields/0 error "email" is optional but not asked (not in /insure/insured/fields)',
      '/insure/insured/fieldsFromAge/collegeName error "collegeName" has an age but is not asked (not in /insure/insured/fields)',
      '/insure/customSchoolMode warning customSchoolMode is set but the form asks for no school',
    ]);
  });
});

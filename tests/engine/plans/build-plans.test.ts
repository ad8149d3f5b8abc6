import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plan, ProductManifest } from '../../../src/engine/manifest/index.ts';
import { validateManifest, formatProblem } from '../../../src/engine/manifest/index.ts';
import { buildPlans, PLAN_BUILDER_NAMES, withBuiltPlans } from '../../../src/engine/plans/build-plans.ts';

const duty = (code: string, limitName: string, showValue: string, weight: number) => ({ code, limitName, showValue, weight });

/** The 2021 Xuzhou project: raw plans in /plans, merged by three templates. */
const xuzhou2021 = {
  plans: [
    {
      code: 'XZ21-JH',
      name: '简化方案',
      premium: 50,
      risks: [
        { riskCode: '2101', riskName: '学生意外伤害保险', duties: [duty('D01', '意外身故、伤残', '5万元', 100)] },
        { riskCode: '2102', riskName: '附加学生意外伤害医疗保险', duties: [duty('D02', '意外伤害医疗', '1万元', 90)] },
      ],
    },
    {
      code: 'XZ21-JC',
      name: '基础方案',
      premium: 80,
      risks: [
        { riskCode: '2101', riskName: '学生意外伤害保险', duties: [duty('D01', '意外身故、伤残', '10万元', 100)] },
        { riskCode: '2102', riskName: '附加学生意外伤害医疗保险', duties: [duty('D02', '意外伤害医疗', '2万元', 90)] },
        { riskCode: '2103', riskName: '附加意外住院津贴保险', duties: [duty('D03', '意外住院津贴', '50元/天', 80)] },
      ],
    },
    {
      code: 'XZ21-QH',
      name: '强化方案',
      premium: 100.1,
      risks: [
        { riskCode: '2101', riskName: '学生意外伤害保险', duties: [duty('D01', '意外身故、伤残', '20万元', 100)] },
        { riskCode: '2102', riskName: '附加学生意外伤害医疗保险', duties: [duty('D02', '意外伤害医疗', '3万元', 90)] },
      ],
    },
    {
      code: 'XZ21-FJ',
      name: '附加疾病住院',
      premium: 30.2,
      risks: [
        { riskCode: '2104', riskName: '附加学生疾病住院医疗保险', duties: [duty('D04', '疾病住院医疗', '10万元', 85)] },
        { riskCode: '2101', riskName: '学生意外伤害保险', duties: [duty('D01', '意外身故、伤残', '20万元', 100), duty('D05', '猝死', '5万元', 70)] },
      ],
    },
  ],
  planBuilder: {
    kind: 'xuzhou2021',
    templates: [
      { name: '简化版', planCodes: ['XZ21-JH'] },
      { name: '基础版', planCodes: ['XZ21-JC'] },
      { name: '强化版', planCodes: ['XZ21-QH', 'XZ21-FJ'] },
    ],
  },
} as const satisfies Pick<ProductManifest, 'plans' | 'planBuilder'>;

const inline = () => structuredClone(xuzhou2021) as unknown as Pick<ProductManifest, 'plans' | 'planBuilder'>;
const summary = (plans: Plan[]) =>
  plans.map((p) => ({ code: p.code, name: p.name, premium: p.premium, risks: p.risks.map((r) => `${r.riskCode}:${r.duties.map((d) => `${d.code}=${d.showValue}`).join(',')}`) }));

describe('buildPlans', () => {
  it('builds the three 2021 plans in template order, sharing the first template\'s second risk', () => {
    expect(summary(buildPlans(inline()))).toEqual([
      { code: 'XZ21-JH', name: '简化版', premium: 50, risks: ['2101:D01=5万元', '2102:D02=1万元'] },
      { code: 'XZ21-JC', name: '基础版', premium: 80, risks: ['2101:D01=10万元', '2102:D02=1万元', '2103:D03=50元/天'] },
      // merged: premium summed (rounded to fen), 2101 met twice → one risk with D05 added, 2104 appended.
      { code: 'XZ21-QH', name: '强化版', premium: 130.3, risks: ['2101:D01=20万元,D05=5万元', '2102:D02=1万元', '2104:D04=10万元'] },
    ]);
  });

  it('every built 2021 plan has the first template\'s second risk at index 1', () => {
    const built = buildPlans(inline());
    for (const plan of built) expect(plan.risks[1]).toEqual(built[0]!.risks[1]);
  });

  it('does not change the manifest it reads', () => {
    const m = inline();
    const before = structuredClone(m);
    const built = buildPlans(m);
    built[2]!.risks[0]!.duties.push(duty('DX', 'x', 'x', 1));
    expect(m).toEqual(before);
  });

  it('merges without sharing a risk for the 2025 project', () => {
    const m = inline();
    m.planBuilder = { kind: 'xuzhou2025', templates: PLAN_BUILDER_NAMES.xuzhou2025.map((name, i) => ({ name, planCodes: [['XZ21-JH'], ['XZ21-JC'], ['XZ21-QH', 'XZ21-FJ']][i]! })) };
    const built = buildPlans(m);
    expect(built.map((p) => p.name)).toEqual(['基础版', '升级版', '豪华版']);
    expect(built[1]!.risks[1]!.duties[0]!.showValue).toBe('2万元');
  });

  it('returns manifest.plans unchanged without a plan builder', () => {
    const m = inline();
    delete m.planBuilder;
    expect(buildPlans(m)).toBe(m.plans);
  });

  it('refuses a manifest that names an unknown plan (validate first)', () => {
    const m = inline();
    m.planBuilder!.templates[1]!.planCodes = ['NOPE'];
    expect(() => buildPlans(m)).toThrow(/"NOPE" is not in \/plans/);
  });

  it('a whole 2021-style manifest passes the checks and sells the built plans', () => {
    // The 2025 claims name the 2025 liabilities, which the 2021 plans do not have.
    const { claims: _claims, ...base } = JSON.parse(readFileSync(new URL('../../../manifests/xuzhou-student-accident-2025.json', import.meta.url), 'utf8')) as ProductManifest;
    const manifest = { ...base, id: 'xuzhou-2021', ...inline() } as ProductManifest;
    expect(validateManifest(manifest, 'manifests/xuzhou-2021.json').map(formatProblem)).toEqual([]);
    const sold = withBuiltPlans(manifest);
    expect(sold.planBuilder).toBeUndefined();
    expect(sold.plans.map((p) => p.code)).toEqual(['XZ21-JH', 'XZ21-JC', 'XZ21-QH']);
    expect(validateManifest(sold, 'manifests/xuzhou-2021.json').map(formatProblem)).toEqual([]);
  });
});

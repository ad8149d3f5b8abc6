import type { Plan, PlanBuilder, ProductManifest } from '../manifest/manifest-types.generated.ts';

/** Plan names of each Xuzhou plan builder, in template order (spec §3 "Xuzhou product config"). */
export const PLAN_BUILDER_NAMES: Readonly<Record<PlanBuilder['kind'], readonly [string, string, string]>> = Object.freeze({
  xuzhou2021: ['简化版', '基础版', '强化版'],
  xuzhou2025: ['基础版', '升级版', '豪华版'],
});

/** How many plans a Xuzhou plan builder makes (spec §5: 徐州学平险有三个方案). */
export const PLAN_BUILDER_SIZE = 3;

type Risk = Plan['risks'][number];

/** A non-empty array as the generated types want it (schema `minItems: 1`). */
function nonEmpty<T>(items: T[], what: string): [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new RangeError(`plan builder: ${what} is empty (validate the manifest first)`);
  return [first, ...rest];
}

const copyRisk = (risk: Risk): Risk => ({ ...risk, duties: nonEmpty(risk.duties.map((d) => ({ ...d })), 'a risk\'s duties') });

/**
 * Merges the plans of one template into one plan: the template's name, the
 * first plan's code, the summed premium, and the risks in order of first
 * appearance, a risk met again (same riskCode) adding the duties it does not
 * have yet (by duty code).
 */
function mergeTemplate(template: PlanBuilder['templates'][number], byCode: ReadonlyMap<string, Plan>): Plan {
  const plans = template.planCodes.map((code) => {
    const plan = byCode.get(code);
    if (!plan) throw new RangeError(`plan builder: plan code "${code}" is not in /plans (validate the manifest first)`);
    return plan;
  });
  const first = plans[0];
  if (!first) throw new RangeError(`plan builder: template "${template.name}" has no plan codes (validate the manifest first)`);
  const risks: Risk[] = [];
  const byRisk = new Map<string, Risk>();
  for (const plan of plans) {
    for (const risk of plan.risks) {
      const merged = byRisk.get(risk.riskCode);
      if (!merged) {
        const copy = copyRisk(risk);
        byRisk.set(risk.riskCode, copy);
        risks.push(copy);
        continue;
      }
      for (const duty of risk.duties) {
        if (!merged.duties.some((d) => d.code === duty.code)) merged.duties.push({ ...duty });
      }
    }
  }
  const premium = Math.round(plans.reduce((sum, p) => sum + p.premium, 0) * 100) / 100;
  return { code: first.code, name: template.name, premium, risks: nonEmpty(risks, `the risks of template "${template.name}"`) };
}

/**
 * The plans a parent chooses from. Without a plan builder these are
 * `manifest.plans`, unchanged. With one, the three plans of the builder in
 * template order, each template's plans merged into one (name = template
 * name, code = first plan code, premium = sum, risks concatenated with the
 * same riskCode merged). For the 2021 project every plan's second risk is
 * the first template's second risk (spec §3: "The 2021 plan codes share a
 * common second risk taken from the first item"); a later risk with the same
 * riskCode is dropped so that no plan lists a risk twice.
 *
 * Expects a manifest that passed `validateManifest` (every plan code known,
 * no empty template); throws a RangeError otherwise.
 */
export function buildPlans(manifest: Pick<ProductManifest, 'plans' | 'planBuilder'>): Plan[] {
  const builder = manifest.planBuilder;
  if (!builder) return manifest.plans;
  const byCode = new Map(manifest.plans.map((p) => [p.code, p] as const));
  const built = builder.templates.map((t) => mergeTemplate(t, byCode));
  if (builder.kind === 'xuzhou2021') {
    const shared = built[0]?.risks[1];
    if (shared) {
      built.forEach((plan, i) => {
        if (i === 0) return;
        const [head, ...rest] = plan.risks;
        plan.risks = [head, copyRisk(shared), ...rest.slice(1).filter((r) => r.riskCode !== shared.riskCode)];
      });
    }
  }
  return built;
}

/**
 * The manifest as the app sells it: `plans` replaced by {@link buildPlans}
 * and the builder removed (its templates name raw plans that are gone).
 * Apply once after validation, where the manifest is loaded.
 */
export function withBuiltPlans(manifest: ProductManifest): ProductManifest {
  if (!manifest.planBuilder) return manifest;
  const { planBuilder: _builder, ...rest } = manifest;
  return { ...rest, plans: nonEmpty(buildPlans(manifest), 'the template list') };
}

import type { AchievementPeriod, Achievements } from '../../../contract/promoter-area.ts';
import { fenToYuan } from '../../../engine/pricing/premium.ts';
import type { AppDeps } from '../../app-deps.ts';
import { bucketsOf } from '../achievement-periods.ts';
import { achievementFigures } from '../promoter-area-repo.ts';

/** A promoter's figures (业绩) of each bucket of the period up to now, and their totals. */
export async function achievements(deps: AppDeps, promoterId: string, period: AchievementPeriod): Promise<Achievements> {
  const buckets = bucketsOf(period, deps.now());
  const rows = await achievementFigures(deps.db, { promoterId, buckets });
  const byIndex = new Map(rows.map((row) => [Number(row.index), row]));
  const answered = buckets.map((bucket, index) => {
    const row = byIndex.get(index);
    const premiumFen = Number(row?.premiumFen ?? 0);
    return {
      key: bucket.key,
      label: bucket.label,
      orders: Number(row?.orders ?? 0),
      premiumFen,
      netFen: premiumFen - Number(row?.reversedFen ?? 0),
      reversed: Number(row?.reversed ?? 0),
    };
  });
  const total = (pick: (b: (typeof answered)[number]) => number) => answered.reduce((n, b) => n + pick(b), 0);
  const figures = (orders: number, premiumFen: number, netFen: number, reversed: number) => ({
    orders,
    premium: fenToYuan(premiumFen),
    netPremium: fenToYuan(netFen),
    reversed,
  });
  return {
    period,
    totals: figures(total((b) => b.orders), total((b) => b.premiumFen), total((b) => b.netFen), total((b) => b.reversed)),
    buckets: answered.map((b) => ({ key: b.key, label: b.label, ...figures(b.orders, b.premiumFen, b.netFen, b.reversed) })),
  };
}

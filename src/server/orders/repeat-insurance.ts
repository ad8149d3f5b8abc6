import type { RepeatInsuranceBody } from '../../contract/order.ts';
import { coverPeriod } from '../../engine/cover/cover-period.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireManifest } from '../catalogue/manifest-store.ts';
import { rejected } from '../http/envelope.ts';
import { parseShanghai, parseShanghaiStrict } from '../../engine/time/shanghai-time.ts';
import { hasOverlappingCover } from './orders-repo.ts';
import { normaliseLicenceNo } from './stored-person.ts';

/** Spec §8 "Duplicate insurance". */
export function repeatInsuranceMessage(name: string): string {
  return `被保险人：${name} 已投保该产品，请您到个人中心查看是否有未支付、待起保或保障中的投保单。`;
}

/**
 * True when the person already has a live (unpaid, waiting or in force)
 * application of the product whose cover overlaps the cover asked for: from
 * `startDate` (Shanghai midnight) when given, else from the product's next start.
 */
export async function isRepeatInsurance(
  deps: Pick<AppDeps, 'db' | 'manifests' | 'now' | 'config'>,
  body: RepeatInsuranceBody,
): Promise<boolean> {
  const now = deps.now();
  const manifest = requireManifest(deps.manifests, body.productCode);
  const period = coverPeriod(manifest, now);
  let start = period.start;
  let end = parseShanghaiStrict(period.endDate);
  if (body.startDate) {
    const asked = parseShanghai(body.startDate);
    if (!asked) throw rejected('起保日期无效');
    end = new Date(asked.getTime() + (end.getTime() - start.getTime()));
    start = asked;
  }
  return hasOverlappingCover(
    deps.db,
    {
      productCode: manifest.productCode,
      licenceType: body.cardType,
      licenceNo: normaliseLicenceNo(body.cardType, body.cardId),
      start,
      end,
      now,
    },
  );
}

import type { SaveTempFormBody } from '../../../contract/policy.ts';
import { formatShanghai } from '../../../engine/time/shanghai-time.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireManifest } from '../../catalogue/manifest-store.ts';
import { forbidden } from '../../http/envelope.ts';
import { dailyCode } from '../../lib/random-codes.ts';
import { getDraft, insertDraft, updateDraft } from '../drafts-repo.ts';

/**
 * Saves the caller's insure form as a draft (暂存): an update of their draft
 * when its serial is given and still there, else a new draft. `created` says
 * which, for the answer's message.
 */
export async function saveDraft(
  deps: AppDeps,
  userId: string,
  body: SaveTempFormBody,
): Promise<{ tempSerialNo: string; updatedAt: string; created: boolean }> {
  const now = deps.now();
  const manifest = requireManifest(deps.manifests, body.productCode);
  const fields = { productCode: manifest.productCode, productName: manifest.productName, form: body.form, updatedAt: now };
  const serial = body.tempSerialNo;
  if (serial) {
    if (await updateDraft(deps.db, { serial, userId, ...fields })) return { tempSerialNo: serial, updatedAt: formatShanghai(now), created: false };
    const other = await getDraft(deps.db, serial);
    if (other) throw forbidden('暂存单');
    // Deleted meanwhile (e.g. ordered from another device): saved again as a new draft below.
  }
  const tempSerialNo = dailyCode('TF', now);
  await insertDraft(deps.db, { serial: tempSerialNo, userId, createdAt: now, ...fields });
  return { tempSerialNo, updatedAt: formatShanghai(now), created: true };
}

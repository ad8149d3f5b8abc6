import type { RepeatInsuranceBody } from '../../contract/order.ts';
import { coverPeriod, pickedStartProblem } from '../../engine/cover/cover-period.ts';
import { checkApplication } from '../../engine/insure/check-application.ts';
import { documentIdentity, personFacts } from '../../engine/rules/person.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AuthUser } from '../auth/access-token.ts';
import { requireManifest } from '../catalogue/manifest-store.ts';
import { forbidden, rejected } from '../http/envelope.ts';
import { parseShanghai, parseShanghaiStrict } from '../../engine/time/shanghai-time.ts';
import { getDraft, listDraftsOfUser } from './drafts-repo.ts';
import { resolveRenewal } from './renewal.ts';
import { getOrderBySerial, hasOverlappingCover, type InsuredIdentity } from './orders-repo.ts';
import { bindSerialToApplication, getSerialOwner } from './serials-repo.ts';
import { normaliseLicenceNo } from './stored-person.ts';
import { requestHashOf, MSG_SERIAL_OTHER_BODY } from './request-hash.ts';

type RepeatDeps = Pick<AppDeps, 'db' | 'manifests' | 'now' | 'config'>;

/** Spec §8 "Duplicate insurance". */
export function repeatInsuranceMessage(name: string): string {
  return `被保险人：${name} 已投保该产品，请您到个人中心查看是否有未支付、待起保或保障中的投保单。`;
}

/** The person asked about is not an insured of the caller's own application (our wording). */
export const MSG_NOT_OWN_INSURED = '仅可查询本人投保单中的被保人';

/**
 * True when the person already has a live (unpaid, waiting or in force)
 * application of the product whose cover overlaps the cover asked for: from
 * `startDate` (Shanghai midnight) when given, else from the product's next start.
 */
async function isRepeatInsurance(
  deps: RepeatDeps,
  input: { productCode: string; person: InsuredIdentity; startDate?: string | undefined },
): Promise<boolean> {
  const now = deps.now();
  const manifest = requireManifest(deps.manifests, input.productCode);
  const period = coverPeriod(manifest, now);
  let start = period.start;
  let end = parseShanghaiStrict(period.endDate);
  if (input.startDate) {
    const asked = parseShanghai(input.startDate);
    if (!asked) throw rejected('起保日期无效');
    end = new Date(asked.getTime() + (end.getTime() - start.getTime()));
    start = asked;
  }
  const person = { ...input.person, licenceNo: normaliseLicenceNo(input.person.licenceType, input.person.licenceNo) };
  return hasOverlappingCover(deps.db, { productCode: manifest.productCode, person, start, end, now });
}

/** The insured of `insureds` the card names (a mainland number under any type is one person), with name and birthday. */
function insuredNamed<P extends { name: string; licenceType: string; licenceNo: string; birthday?: string | undefined; sex?: string | undefined }>(
  insureds: readonly P[],
  card: { cardType: string; cardId: string },
  now: Date,
): InsuredIdentity | undefined {
  const wanted = documentIdentity({ licenceType: card.cardType, licenceNo: card.cardId });
  const person = insureds.find((p) => wanted !== null && documentIdentity(p) === wanted);
  if (!person) return undefined;
  const { birthday } = personFacts(person, now);
  return { licenceType: person.licenceType, licenceNo: person.licenceNo, name: person.name, ...(birthday ? { birthday } : {}) };
}

/**
 * The confirm page's check (v2), bound to the caller's current application:
 * the serial must be the caller's and not yet used by an
 * order, the application must pass the order's own check, the person must be
 * one of its insureds, and the serial is bound to that application (a check
 * with another application under the same serial, or an order of the serial
 * carrying another application, is refused). The caller's per-user limit is
 * counted by the route.
 */
export async function repeatInsuranceOfApplication(deps: RepeatDeps, user: AuthUser, body: RepeatInsuranceBody): Promise<boolean> {
  const now = deps.now();
  const form = body.applicationForm;
  const owner = await getSerialOwner(deps.db, body.idempotentSerialNo);
  if (!owner) throw rejected('流水号无效，请重新获取');
  if (owner !== user.userId) throw forbidden('流水号');
  if (await getOrderBySerial(deps.db, body.idempotentSerialNo)) throw rejected(MSG_SERIAL_OTHER_BODY);
  if (form.productCode !== body.productCode) throw rejected(MSG_NOT_OWN_INSURED);
  const manifest = requireManifest(deps.manifests, form.productCode);
  const pickProblem = pickedStartProblem(manifest, now, form.startDate);
  if (pickProblem) throw rejected(pickProblem);
  const [problem] = checkApplication(manifest, form, now, coverPeriod(manifest, now, 1, form.startDate).start);
  if (problem) throw rejected(problem.message);
  // What the form names of the caller's must be theirs, as for the order: the policy renewed, the draft resumed.
  await resolveRenewal(deps.db, deps.manifests, user, form, manifest);
  if (form.tempSerialNo) {
    const draft = await getDraft(deps.db, form.tempSerialNo);
    if (draft && draft.userId !== user.userId) throw forbidden('暂存单');
  }
  const person = insuredNamed(form.insureds, body, now);
  if (!person) throw rejected(MSG_NOT_OWN_INSURED);
  if (!(await bindSerialToApplication(deps.db, body.idempotentSerialNo, requestHashOf({ applicationForms: [form] })))) {
    throw rejected(MSG_SERIAL_OTHER_BODY);
  }
  return isRepeatInsurance(deps, { productCode: form.productCode, person, startDate: body.startDate });
}

/**
 * The v1 check (no application in its body): answers only for an insured of
 * one of the caller's own drafts (暂存) of the product, the application the
 * caller has entered so far.
 */
export async function repeatInsuranceOfDraft(
  deps: RepeatDeps,
  user: AuthUser,
  body: { cardId: string; cardType: string; productCode: string },
): Promise<boolean> {
  const manifest = requireManifest(deps.manifests, body.productCode);
  const drafts = await listDraftsOfUser(deps.db, user.userId, manifest.productCode);
  const now = deps.now();
  for (const draft of drafts) {
    const insureds = ((draft.form as { insureds?: unknown }).insureds ?? []) as Parameters<typeof insuredNamed>[0];
    const complete = insureds.filter((p) => typeof p.name === 'string' && typeof p.licenceType === 'string' && typeof p.licenceNo === 'string');
    const person = insuredNamed(complete, body, now);
    if (person) return isRepeatInsurance(deps, { productCode: manifest.productCode, person });
  }
  throw rejected(MSG_NOT_OWN_INSURED);
}

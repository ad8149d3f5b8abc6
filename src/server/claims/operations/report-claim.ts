/**
 * The report of a claim (docs/claims.md): what a policy in force offers
 * (`claimOptions`) and the report itself, checked against the policy — an
 * insured of it, a kind its own plan's liabilities pay, an accident within the
 * cover and not in the future, and the payee the holder (or the insured the
 * holder is guardian of). The account number is stored sealed.
 */
import { CLAIM_KIND_NAMES, type ClaimKind, type ClaimOptions, type ReportClaimBody } from '../../../contract/claims.ts';
import { ErrorCode } from '../../../contract/envelope.ts';
import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { maskBankCard, maskName } from '../../../engine/rules/masking.ts';
import { shanghaiDate } from '../../../engine/time/shanghai-time.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthUser } from '../../auth/access-token.ts';
import { claimEvents, claims } from '../../db/schema.ts';
import type { PersonCrypto } from '../../family/person-crypto.ts';
import { ApiError, rejected } from '../../http/envelope.ts';
import { dailyCode } from '../../lib/random-codes.ts';
import { requireOwnForm } from '../../orders/own-form.ts';
import type { FormView } from '../../orders/orders-repo.ts';
import { holderOf, insuredsOf } from '../claim-views.ts';

/** Relations of an insured to the holder that make the holder their guardian (子女, 被监护人) or the insured the holder (本人). */
const HOLDER_IS_GUARDIAN = ['00', '03', '11'];

/** The caller's policy in force with the kinds its own plan's liabilities pay; 4001 otherwise. */
export async function claimablePolicy(deps: Pick<AppDeps, 'db' | 'manifests'>, user: AuthUser, policyNo: string) {
  const view = await requireOwnForm(deps.db, { policyNo }, user);
  if (view.status !== 'guarantee') throw rejected('保单未生效，暂不能报案');
  const manifest = deps.manifests.byProductCode(view.productCode);
  if (!manifest?.claims) {
    const hotline = deps.manifests.hotlineOf(view.productCode);
    throw rejected(`该产品暂不支持线上报案，请拨打保险公司报案电话${hotline ? `：${hotline}` : ''}`);
  }
  return { view, manifest, kinds: kindsOfPlan(manifest, view.planCode) };
}

/** The manifest's kinds a plan's duties pay. */
export function kindsOfPlan(manifest: ProductManifest, planCode: string) {
  const plan = manifest.plans.find((p) => p.code === planCode);
  const liabilities = new Set(plan?.risks.flatMap((risk) => risk.duties.map((duty) => duty.limitName)) ?? []);
  return (manifest.claims?.kinds ?? []).filter((kind) => kind.coveredBy.some((name) => liabilities.has(name)));
}

const coverOf = (view: FormView) => ({ coverStart: shanghaiDate(view.startDate), coverEnd: shanghaiDate(new Date(view.endDate.getTime() - 1)) });

export async function claimOptions(deps: Pick<AppDeps, 'db' | 'manifests'>, user: AuthUser, policyNo: string): Promise<ClaimOptions> {
  const { view, manifest, kinds } = await claimablePolicy(deps, user, policyNo);
  return {
    policyNo,
    productName: view.productName,
    holderName: maskName(holderOf(view).name ?? ''),
    insureds: insuredsOf(view).map((insured, index) => ({ index, name: maskName(insured.name ?? '') })),
    kinds: kinds.map((k) => ({ kind: k.kind, name: CLAIM_KIND_NAMES[k.kind], documents: k.documents.map((d) => ({ code: d.code, name: d.name, required: d.required })) })),
    ...coverOf(view),
    hotline: deps.manifests.hotlineOf(manifest.productCode) ?? null,
  };
}

const badRequest = (message: string) => new ApiError(ErrorCode.BadRequest, message);

export async function reportClaim(deps: Pick<AppDeps, 'db' | 'manifests' | 'now'>, crypto: PersonCrypto, user: AuthUser, body: ReportClaimBody): Promise<{ claimNo: string }> {
  const { view, kinds } = await claimablePolicy(deps, user, body.policyNo);
  const insured = insuredsOf(view)[body.insuredIndex];
  if (!insured) throw badRequest('请选择本保单的被保险人');
  if (!kinds.some((k) => k.kind === (body.kind as ClaimKind))) throw badRequest('本保单的保障不含该理赔类型');
  const { coverStart, coverEnd } = coverOf(view);
  const now = deps.now();
  if (body.accidentDate < coverStart || body.accidentDate > coverEnd) throw badRequest(`出险日期须在保险期间内（${coverStart}至${coverEnd}）`);
  if (body.accidentDate > shanghaiDate(now)) throw badRequest('出险日期不能晚于今天');
  const payees = [holderOf(view).name, HOLDER_IS_GUARDIAN.includes(insured.relaToHolder ?? '') ? insured.name : undefined];
  if (!payees.includes(body.bank.accountName.trim())) throw badRequest('收款人须为投保人或被保险人的监护人');
  const claimNo = dailyCode('CL', now);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(claims)
      .values({
        claimNo,
        applicationFormId: view.formId,
        userId: user.userId,
        insuredIndex: body.insuredIndex,
        kind: body.kind,
        accidentDate: body.accidentDate,
        accidentPlace: body.accidentPlace,
        description: body.description,
        accountName: body.bank.accountName.trim(),
        bankName: body.bank.bankName,
        accountNoCipher: crypto.seal(body.bank.accountNo, user.userId),
        accountNoMasked: maskBankCard(body.bank.accountNo),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: claims.id });
    await tx.insert(claimEvents).values({ claimId: row!.id, event: 'report', fromStatus: null, toStatus: 'reported', at: now });
  });
  return { claimNo };
}

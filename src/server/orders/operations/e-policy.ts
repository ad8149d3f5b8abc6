/**
 * The e-policy of an issued policy (docs/policy-lifecycle.md, "E-policy"):
 * the insurer's PDF when its gateway supplies one, else drawn here from the
 * manifest and the order. Either is stored once through the storage provider
 * and served from there afterwards, so a policy's e-policy never changes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { E_POLICY_STATUSES } from '../../../contract/policy-lifecycle.ts';
import type { HolderInput, InsuredInput } from '../../../contract/order.ts';
import { fenText } from '../../../engine/pricing/money.ts';
import { maskIdNumber, maskName } from '../../../engine/rules/index.ts';
import { formatShanghai, shanghaiDate } from '../../../engine/time/shanghai-time.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthUser } from '../../auth/access-token.ts';
import { getStaffOfUser } from '../../auth/people-repo.ts';
import { forbidden, notFound, rejected } from '../../http/envelope.ts';
import { drawEPolicy, type EPolicyContent } from '../e-policy-pdf.ts';
import { getFormView, type FormView } from '../orders-repo.ts';
import { toLiabilityDetail } from '../policy-detail-views.ts';
import type { StoredPerson } from '../stored-person.ts';

export const MSG_NOT_ISSUED = '保单尚未出单，暂无电子保单';
const PDF_MAGIC = '%PDF-';
const BENEFICIARY = '法定受益人';

/**
 * An issued policy whose e-policy the caller may have: its holder, the
 * promoter the sale was attributed to, or compliance staff. Anyone else is
 * refused (4003) before anything of the policy is said; a policy not issued
 * (or no longer in force or expired) has none.
 */
export async function readableIssuedPolicy(deps: Pick<AppDeps, 'db'>, user: AuthUser, key: { applicationFormCode: string } | { policyNo: string }): Promise<FormView & { policyNo: string }> {
  const view = await getFormView(deps.db, key);
  if (!view || view.deletedAt) throw notFound('保单');
  if (view.userId !== user.userId && view.promoterUserId !== user.userId) {
    const staff = await getStaffOfUser(deps.db, user.userId);
    if (!staff?.roles.includes('compliance')) throw forbidden('保单');
  }
  if (!view.policyNo || !E_POLICY_STATUSES.includes(view.status)) throw rejected(MSG_NOT_ISSUED);
  return view as FormView & { policyNo: string };
}

/** What the drawn e-policy shows, every person masked. */
export function ePolicyContent(deps: Pick<AppDeps, 'manifests'>, view: FormView & { policyNo: string }): EPolicyContent {
  const manifest = deps.manifests.byProductCode(view.productCode);
  const insurers = [...(manifest?.insurers ?? [])].sort((a, b) => a.partyRole - b.partyRole);
  const holder = view.holder as StoredPerson<HolderInput>;
  const issuedAt = view.issuedAt ?? view.createdAt;
  return {
    policyNo: view.policyNo,
    productName: view.productName,
    planName: view.planName,
    insurers: insurers.map((i) => i.name),
    hotline: deps.manifests.hotlineOf(view.productCode),
    holder: { name: maskName(holder.name), licenceNo: maskIdNumber(holder.licenceNo) },
    insureds: (view.insureds as StoredPerson<InsuredInput>[]).map((p) => ({ name: maskName(p.name), licenceNo: maskIdNumber(p.licenceNo) })),
    coverPeriod: `${formatShanghai(view.startDate)} 至 ${formatShanghai(view.endDate)}`,
    premium: fenText(view.premiumFen),
    beneficiary: BENEFICIARY,
    liabilities: toLiabilityDetail(view, view.policyNo, deps.manifests).liabilities,
    issuedAt,
    issuedOn: shanghaiDate(issuedAt),
  };
}

const storageKey = (view: FormView) => `epolicy/${view.applicationFormCode}.pdf`;

/** The insurer's PDF, or undefined when it has none or cannot be reached now (the drawn one is given instead). */
async function insurerEPolicy(deps: Pick<AppDeps, 'insurer'>, view: FormView & { policyNo: string }, log: FastifyBaseLogger): Promise<Uint8Array | undefined> {
  if (!deps.insurer.ePolicy) return undefined;
  try {
    const bytes = await deps.insurer.ePolicy({ orderCode: view.orderCode, applicationFormCode: view.applicationFormCode, policyNo: view.policyNo });
    if (bytes && Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString('latin1') === PDF_MAGIC) return bytes;
    if (bytes) log.warn({ policyNo: view.policyNo }, 'insurer e-policy is not a PDF; drawing ours');
  } catch (error) {
    log.warn({ policyNo: view.policyNo, err: error }, 'insurer e-policy not fetched; drawing ours');
  }
  return undefined;
}

/** The policy's e-policy PDF: stored, else the insurer's or drawn, then stored. */
export async function ePolicyPdf(deps: Pick<AppDeps, 'storage' | 'insurer' | 'manifests'>, view: FormView & { policyNo: string }, log: FastifyBaseLogger): Promise<Uint8Array> {
  const key = storageKey(view);
  const stored = await deps.storage.get(key);
  if (stored) return stored.bytes;
  const bytes = (await insurerEPolicy(deps, view, log)) ?? (await drawEPolicy(ePolicyContent(deps, view)));
  await deps.storage.put(key, bytes, 'application/pdf');
  return bytes;
}

/**
 * Sending a claim to the insurer (docs/claims.md): once every required
 * document has a photo, a claim reported and not yet sent goes as a report,
 * one asked for more as a supplement (event `supplement`, back to 资料审核中).
 * The insurer's outcomes come back through `applyClaimOutcome`, each applied
 * once through the one transition.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ClaimStatus } from '../../../contract/claims.ts';
import type { AppDeps } from '../../app-deps.ts';
import { claimEvents, claims } from '../../db/schema.ts';
import type { PersonCrypto } from '../../family/person-crypto.ts';
import { rejected } from '../../http/envelope.ts';
import type { ClaimOutcome, ClaimRequest } from '../../providers/insurer/insurer-provider.ts';
import { canSend, documentsOf, insuredsOf } from '../claim-views.ts';
import { claimQueryScheduled, filesOf, getClaim, type ClaimRow } from '../claims-repo.ts';
import { moveClaim } from '../claim-transition.ts';

type SendDeps = Pick<AppDeps, 'db' | 'manifests' | 'storage' | 'insurer' | 'now' | 'sms' | 'config'>;

async function claimRequest(deps: SendDeps, crypto: PersonCrypto, claim: ClaimRow, round: number): Promise<ClaimRequest> {
  const files = await filesOf(deps.db, claim.id);
  return {
    claimNo: claim.claimNo,
    policyNo: claim.policyNo ?? '',
    productCode: claim.productCode,
    kind: claim.kind,
    insuredIndex: claim.insuredIndex,
    insuredName: insuredsOf(claim)[claim.insuredIndex]?.name ?? '',
    accidentDate: claim.accidentDate,
    accidentPlace: claim.accidentPlace,
    description: claim.description,
    bank: { accountName: claim.accountName, bankName: claim.bankName, accountNo: crypto.open(claim.accountNoCipher, claim.userId) },
    round,
    files: await Promise.all(
      files.map(async (file) => {
        const stored = await deps.storage.get(file.storageKey);
        if (!stored) throw new Error(`claim photo ${file.storageKey} is missing`);
        return { document: file.document, contentType: file.contentType, base64: Buffer.from(stored.bytes).toString('base64') };
      }),
    ),
  };
}

export async function sendClaim(deps: SendDeps, crypto: PersonCrypto, claim: ClaimRow, log?: FastifyBaseLogger): Promise<ClaimStatus> {
  if (!canSend(claim)) throw rejected('该理赔申请当前不能提交');
  const documents = documentsOf(deps.manifests.byProductCode(claim.productCode), claim.kind);
  const files = await filesOf(deps.db, claim.id);
  const missing = documents.filter((d) => d.required && !files.some((f) => f.document === d.code));
  if (missing.length) throw rejected(`请上传${missing.map((d) => d.name).join('、')}`);
  if (!deps.insurer.reportClaim || !deps.insurer.supplementClaim) throw rejected('保险公司暂不支持线上理赔，请拨打报案电话');
  if (claim.status === 'reported') {
    const receipt = await deps.insurer.reportClaim(await claimRequest(deps, crypto, claim, 1));
    await deps.db
      .update(claims)
      .set({ sentAt: deps.now(), updatedAt: deps.now(), ...claimQueryScheduled(deps), ...(receipt.insurerClaimNo ? { insurerClaimNo: receipt.insurerClaimNo } : {}) })
      .where(and(eq(claims.id, claim.id), isNull(claims.sentAt)));
    return claim.status;
  }
  const rounds = await deps.db.$count(claimEvents, and(eq(claimEvents.claimId, claim.id), eq(claimEvents.event, 'supplement')));
  await deps.insurer.supplementClaim(await claimRequest(deps, crypto, claim, rounds + 2));
  const moved = await moveClaim(deps, claim, 'supplement', { note: null }, log);
  if (!moved) throw rejected('理赔申请状态已变化，请刷新后重试');
  await deps.db.update(claims).set(claimQueryScheduled(deps)).where(eq(claims.id, claim.id));
  return moved;
}

/** An insurer's outcome applied once: an unknown claim or a transition the table refuses (a repeat) is a no-op. */
export async function applyClaimOutcome(
  deps: Pick<AppDeps, 'db' | 'now' | 'sms'>,
  outcome: ClaimOutcome,
  log?: FastifyBaseLogger,
  /** Apply only while the claim has this status (a query's answer is about the claim as it was when asked). */
  expected?: ClaimStatus,
): Promise<ClaimStatus | undefined> {
  const claim = await getClaim(deps.db, outcome.claimNo);
  if (!claim) {
    log?.warn({ claimNo: outcome.claimNo }, 'insurer outcome of an unknown claim ignored');
    return undefined;
  }
  if (expected !== undefined && claim.status !== expected) return undefined;
  switch (outcome.action) {
    case 'accept':
      return moveClaim(deps, claim, 'accept', outcome.insurerClaimNo ? { insurerClaimNo: outcome.insurerClaimNo } : {}, log);
    case 'askMore':
      return moveClaim(deps, claim, 'askMore', { note: outcome.note }, log);
    case 'close':
      return moveClaim(deps, claim, 'close', { amountFen: outcome.amountFen, note: outcome.note ?? null }, log);
    case 'decline':
      return moveClaim(deps, claim, 'decline', { note: outcome.note }, log);
  }
}

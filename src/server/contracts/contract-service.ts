/**
 * Agreements: creation (PDF + signing task), the e-sign events applied
 * exactly once, polling when no callback comes, the signed PDF.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { contractCalls } from '../../contract/contracts.ts';
import { fillPath } from '../../contract/define-call.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { maskIdNumber, maskName } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { contracts, esignEvents, offlineRoster, type ContractStatus } from '../db/schema.ts';
import { ESIGN_EVENTS, type EsignEvent } from '../providers/esign/esign-provider.ts';
import { DEFAULT_BROKERAGE_NAME } from '../promoters/operations/promoter-card.ts';
import { beijingTime, generateAgreement, signAgreement } from './agreement-pdf.ts';

export type ContractRow = typeof contracts.$inferSelect;

/** Where an agreement's PDF is served under /_gw (the signed one once signed). */
export function contractUrl(row: Pick<ContractRow, 'contractNo' | 'status'>): string {
  return fillPath(contractCalls.contractFile.path, { contractNo: row.contractNo, file: row.status === 'signed' ? 'agreement.pdf' : 'draft.pdf' });
}

export interface AgreementParties {
  holderName: string;
  holderIdNo: string;
  insuredName: string;
  insuredIdNo: string;
  schoolName: string;
  managerName: string;
}

/** The template's paragraphs with their fields filled, personal data masked. */
export function fillTemplate(manifest: ProductManifest, parties: AgreementParties, signDate: string): string[] {
  const values: Record<string, string> = {
    'holder.name': maskName(parties.holderName),
    'holder.idNo': maskIdNumber(parties.holderIdNo),
    'insured.name': maskName(parties.insuredName),
    'insured.idNo': maskIdNumber(parties.insuredIdNo),
    'product.name': manifest.productName,
    'school.name': parties.schoolName,
    'manager.name': parties.managerName,
    signDate,
  };
  return (manifest.contract?.template ?? []).map((line) => line.replace(/\{([a-zA-Z.]+)\}/g, (_m, key: string) => values[key] ?? ''));
}

/** Builds the unsigned agreement of a contract (bench and tests call it too). */
export async function buildDraft(manifest: ProductManifest, contractNo: string, parties: AgreementParties, now: Date): Promise<Uint8Array> {
  const contract = manifest.contract!;
  return generateAgreement({
    title: contract.title,
    contractNo,
    productName: manifest.productName,
    paragraphs: fillTemplate(manifest, parties, beijingTime(now).slice(0, 10)),
    signers: contract.signers,
    createdAt: now,
  });
}

export const draftKey = (contractNo: string) => `contracts/${contractNo}/draft.pdf`;
export const signedKey = (contractNo: string) => `contracts/${contractNo}/agreement.pdf`;
export const signatureKey = (contractNo: string) => `contracts/${contractNo}/signature.png`;

/** What applying one event did (logged, stored with the event). */
export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknownTask' | 'pending';

const STATUS_OF: Record<string, ContractStatus> = { [ESIGN_EVENTS.expired]: 'expired', [ESIGN_EVENTS.rejected]: 'rejected' };

/** A signed task's evidence with its signing time. */
type Evidence = { png: Uint8Array; signedAt: Date } | { pdf: Uint8Array; signedAt: Date };

/**
 * The signed task's evidence through the platform's download address; an
 * address that expired before it was read (a slow step in between) is asked
 * for once more. Undefined while the platform has nothing signed.
 */
async function fetchEvidence(deps: AppDeps, taskId: string): Promise<Evidence | undefined> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const link = await deps.esign.signedDownload(taskId);
    if (!link) return undefined;
    const got = await deps.esign.download(link.url);
    if (!('problem' in got)) return { ...got, signedAt: got.signedAt ?? link.signedAt ?? deps.now() } as Evidence;
    if (got.problem !== 'expired') throw new Error(`e-sign: the platform's download address for ${taskId} was refused (${got.problem})`);
  }
  return undefined;
}

/**
 * The signed agreement's bytes: the platform's own signed PDF when it gives
 * one, else the draft stamped with the drawn signature (and the signature
 * kept beside it, for the signature image call).
 */
async function signedPdf(deps: AppDeps, row: ContractRow, evidence: Evidence): Promise<Uint8Array> {
  if ('pdf' in evidence) return evidence.pdf;
  const draft = await deps.storage.get(row.draftKey);
  if (!draft) throw new Error(`agreement ${row.contractNo}: draft missing from storage`);
  const manifest = deps.manifests.byProductCode(row.productCode);
  const signed = await signAgreement(draft.bytes, {
    signaturePng: evidence.png,
    signedAt: evidence.signedAt,
    documentSha256: row.documentSha256,
    brokerage: manifest?.contract?.signers.includes('brokerage') ?? false,
    brokerageName: deps.config.brokerageName ?? DEFAULT_BROKERAGE_NAME,
  });
  await deps.storage.put(signatureKey(row.contractNo), evidence.png, 'image/png');
  return signed;
}

/**
 * Signs the contract with what the platform says (its signature or signed
 * document, and the time): the signed PDF is written first (same key, same bytes on a retry), then the
 * row moves from signing to signed once, whoever gets there first.
 */
export async function finalizeSigned(deps: AppDeps, row: ContractRow, seq: number): Promise<boolean> {
  if (!row.taskId) return false;
  const evidence = await fetchEvidence(deps, row.taskId);
  if (!evidence) return false;
  await deps.storage.put(signedKey(row.contractNo), await signedPdf(deps, row, evidence), 'application/pdf');
  const moved = await deps.db
    .update(contracts)
    .set({ status: 'signed', signedKey: signedKey(row.contractNo), signedAt: evidence.signedAt, lastEventSeq: seq })
    .where(and(eq(contracts.contractNo, row.contractNo), eq(contracts.status, 'signing')))
    .returning({ contractNo: contracts.contractNo });
  if (moved.length === 0) return false;
  await deps.db
    .update(offlineRoster)
    .set({ status: '1', contractNo: row.contractNo, updatedAt: deps.now() })
    .where(and(eq(offlineRoster.productCode, row.productCode), eq(offlineRoster.idNo, row.insuredIdNo), eq(offlineRoster.status, '0')));
  return true;
}

/** Applies one verified callback exactly once: a duplicate, a replay or an older event changes nothing. */
export async function applyEsignEvent(deps: AppDeps, event: EsignEvent, log: FastifyBaseLogger): Promise<EventOutcome> {
  const [row] = await deps.db.select().from(contracts).where(eq(contracts.contractNo, event.businessNo)).limit(1);
  const known = Object.values(ESIGN_EVENTS).includes(event.type as never);
  const outcome: EventOutcome = !known ? 'ignored' : !row || row.taskId !== event.taskId ? 'unknownTask' : event.seq <= row.lastEventSeq ? 'stale' : 'pending';
  const inserted = await deps.db
    .insert(esignEvents)
    .values({ eventId: event.eventId, contractNo: event.businessNo.slice(0, 40), type: event.type.slice(0, 40), outcome })
    .onConflictDoNothing()
    .returning({ eventId: esignEvents.eventId });
  if (inserted.length === 0) return 'duplicate';
  if (outcome !== 'pending' || !row) return outcome;
  let applied: boolean;
  if (event.type === ESIGN_EVENTS.signed) applied = await finalizeSigned(deps, row, event.seq);
  else if (STATUS_OF[event.type]) {
    const moved = await deps.db
      .update(contracts)
      .set({ status: STATUS_OF[event.type]!, lastEventSeq: event.seq })
      .where(and(eq(contracts.contractNo, row.contractNo), eq(contracts.status, 'signing'), lt(contracts.lastEventSeq, event.seq)))
      .returning({ contractNo: contracts.contractNo });
    applied = moved.length > 0;
  } else {
    const moved = await deps.db
      .update(contracts)
      .set({ lastEventSeq: sql`greatest(${contracts.lastEventSeq}, ${event.seq})` })
      .where(and(eq(contracts.contractNo, row.contractNo), lt(contracts.lastEventSeq, event.seq)))
      .returning({ contractNo: contracts.contractNo });
    applied = moved.length > 0;
  }
  const final: EventOutcome = applied ? 'applied' : 'stale';
  await deps.db.update(esignEvents).set({ outcome: final }).where(eq(esignEvents.eventId, event.eventId));
  log.info({ contractNo: row.contractNo, type: event.type, seq: event.seq, outcome: final }, 'e-sign event');
  return final;
}

/** How long a signing agreement waits for its callback before the server asks the platform itself. */
export const POLL_AFTER_MS = 5000;

/** Asks the platform about the caller's agreements still signing whose callback is late (the list calls this). */
export async function pollLate(deps: AppDeps, rows: ContractRow[], log: FastifyBaseLogger): Promise<boolean> {
  const now = deps.now().getTime();
  let changed = false;
  for (const row of rows) {
    if (row.status !== 'signing' || !row.taskId) continue;
    if (now - row.createdAt.getTime() < POLL_AFTER_MS || (row.lastPolledAt && now - row.lastPolledAt.getTime() < POLL_AFTER_MS)) continue;
    await deps.db.update(contracts).set({ lastPolledAt: deps.now() }).where(eq(contracts.contractNo, row.contractNo));
    try {
      const state = await deps.esign.queryTask(row.taskId);
      if (state.status === 'signed') changed = (await finalizeSigned(deps, row, state.seq)) || changed;
      else if (state.status !== 'signing') {
        await deps.db.update(contracts).set({ status: state.status }).where(and(eq(contracts.contractNo, row.contractNo), eq(contracts.status, 'signing')));
        changed = true;
      }
    } catch (error) {
      log.warn({ contractNo: row.contractNo, err: error }, 'e-sign status query failed');
    }
  }
  return changed;
}

export async function contractsOfUser(deps: AppDeps, userId: string): Promise<ContractRow[]> {
  return deps.db.select().from(contracts).where(eq(contracts.userId, userId)).orderBy(desc(contracts.createdAt));
}

export async function hasSignedContracts(deps: Pick<AppDeps, 'db'>, userId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ contractNo: contracts.contractNo })
    .from(contracts)
    .where(and(eq(contracts.userId, userId), eq(contracts.status, 'signed')))
    .limit(1);
  return Boolean(row);
}

/** The caller's signed agreements as spec §3 lists them (newest first). */
export async function signedDocuments(deps: AppDeps, userId: string) {
  const rows = await deps.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.userId, userId), eq(contracts.status, 'signed')))
    .orderBy(desc(contracts.signedAt));
  return rows.map((row) => ({ contractUrl: contractUrl(row), signTime: beijingTime(row.signedAt ?? row.createdAt), userName: maskName(row.holderName) }));
}

/** Claims as the answers show them (docs/claims.md): people masked, the account like a bank card (the last 4 digits). */
import { fenToYuan } from '../../engine/pricing/money.ts';
import { CLAIM_KIND_NAMES, CLAIM_STATUS_NAMES, type ClaimDetail, type ClaimKind, type ClaimStatus, type ClaimSummary } from '../../contract/claims.ts';
import { maskName } from '../../engine/rules/masking.ts';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import type { ClaimRow } from './claims-repo.ts';

type Person = { name?: string; relaToHolder?: string; phone?: string };

export const insuredsOf = (row: { insureds: unknown }): Person[] => (Array.isArray(row.insureds) ? (row.insureds as Person[]) : []);
export const holderOf = (row: { holder: unknown }): Person => (row.holder ?? {}) as Person;

/** The documents of the claim's kind in its product's manifest (none when the product or the kind was withdrawn). */
export function documentsOf(manifest: ProductManifest | undefined, kind: ClaimKind) {
  return manifest?.claims?.kinds.find((k) => k.kind === kind)?.documents ?? [];
}

/** Whether photos can be added and the claim sent: reported and not yet sent, or asked for more. */
export const canSend = (row: { status: ClaimStatus; sentAt: Date | null }) => (row.status === 'reported' && !row.sentAt) || row.status === 'needMore';

export function toSummary(row: ClaimRow): ClaimSummary {
  return {
    claimNo: row.claimNo,
    policyNo: row.policyNo ?? '',
    productName: row.productName,
    insuredName: maskName(insuredsOf(row)[row.insuredIndex]?.name ?? ''),
    kind: row.kind,
    kindName: CLAIM_KIND_NAMES[row.kind],
    accidentDate: row.accidentDate,
    status: row.status,
    statusName: CLAIM_STATUS_NAMES[row.status],
    amount: row.amountFen === null ? null : fenToYuan(row.amountFen),
    createdAt: formatShanghai(row.createdAt),
  };
}

export function toDetail(
  row: ClaimRow,
  manifest: ProductManifest | undefined,
  files: readonly { id: string; document: string; contentType: string; bytes: number }[],
  history: readonly { toStatus: ClaimStatus; at: Date; note: string | null }[],
): ClaimDetail {
  const documents = documentsOf(manifest, row.kind);
  return {
    ...toSummary(row),
    accidentPlace: row.accidentPlace,
    description: row.description,
    bank: { accountName: maskName(row.accountName), bankName: row.bankName, accountNo: row.accountNoMasked },
    insurerNote: row.insurerNote,
    canSend: canSend(row),
    sent: row.sentAt !== null,
    documents: documents.map((d) => ({ code: d.code, name: d.name, required: d.required })),
    files: files.map((f) => ({ id: f.id, document: f.document, documentName: documents.find((d) => d.code === f.document)?.name ?? f.document, contentType: f.contentType, bytes: f.bytes })),
    history: history.map((h) => ({ status: h.toStatus, statusName: CLAIM_STATUS_NAMES[h.toStatus], at: formatShanghai(h.at), note: h.note })),
  };
}

/**
 * A photo of a claim (docs/claims.md): of a document of its kind, while it
 * can be sent, at most MAX_CLAIM_FILES a claim; JPEG, PNG or HEIC by its
 * bytes (HEIC is kept as sent: browsers cannot draw it to reduce it). The
 * bytes go to the storage provider under claims/<claimNo>/<id>.<ext>.
 */
import { and, count, eq } from 'drizzle-orm';
import { MAX_CLAIM_FILES, type ClaimFile } from '../../../contract/claims.ts';
import type { AppDeps } from '../../app-deps.ts';
import { claimFiles, claims } from '../../db/schema.ts';
import { notFound, rejected } from '../../http/envelope.ts';
import { randomToken } from '../../lib/random-codes.ts';
import { sniffClaimPhoto } from '../../lib/sniff-image.ts';
import { canSend, documentsOf } from '../claim-views.ts';
import type { ClaimRow } from '../claims-repo.ts';

export const NOT_AN_IMAGE = '请上传JPG、PNG或HEIC格式的图片';
export const TOO_LARGE = '单张图片不能超过10MB';
const SENT = '理赔申请已提交，暂不能补充图片';
const PHOTO = '图片';
const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/heic': 'heic' } as const;

export async function addClaimFile(deps: Pick<AppDeps, 'db' | 'manifests' | 'storage' | 'now'>, claim: ClaimRow, document: string, bytes: Buffer): Promise<ClaimFile> {
  if (!canSend(claim)) throw rejected(SENT);
  const documents = documentsOf(deps.manifests.byProductCode(claim.productCode), claim.kind);
  const doc = documents.find((d) => d.code === document);
  if (!doc) throw rejected(`请选择资料类型（${documents.map((d) => d.name).join('、')}）`);
  const contentType = sniffClaimPhoto(bytes);
  if (!contentType) throw rejected(NOT_AN_IMAGE);
  const full = () => rejected(`每个理赔申请最多上传${MAX_CLAIM_FILES}张图片`);
  const [had] = await deps.db.select({ n: count() }).from(claimFiles).where(eq(claimFiles.claimId, claim.id));
  if ((had?.n ?? 0) >= MAX_CLAIM_FILES) throw full();
  const id = randomToken(12);
  const storageKey = `claims/${claim.claimNo}/${id}.${EXTENSION[contentType]}`;
  await deps.storage.put(storageKey, bytes, contentType);
  // Counted again under the claim's row lock: of uploads at once (two phones, a double tap) no more than
  // MAX_CLAIM_FILES are kept, and none after the claim was sent; a refused one's bytes are deleted again.
  const refusal = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: claims.status, sentAt: claims.sentAt }).from(claims).where(eq(claims.id, claim.id)).for('update');
    if (!locked || !canSend(locked)) return SENT;
    const [now] = await tx.select({ n: count() }).from(claimFiles).where(eq(claimFiles.claimId, claim.id));
    if ((now?.n ?? 0) >= MAX_CLAIM_FILES) return 'full';
    await tx.insert(claimFiles).values({ id, claimId: claim.id, document, storageKey, contentType, bytes: bytes.length, createdAt: deps.now() });
    return null;
  });
  if (refusal) {
    await deps.storage.delete(storageKey);
    throw refusal === 'full' ? full() : rejected(SENT);
  }
  return { id, document, documentName: doc.name, contentType, bytes: bytes.length };
}

/** A claim's photo by its id with its stored bytes, or 4004. */
export async function claimPhotoOf(deps: Pick<AppDeps, 'db' | 'storage'>, claim: ClaimRow, fileId: string): Promise<{ bytes: Uint8Array; contentType: string }> {
  const [file] = await deps.db.select().from(claimFiles).where(and(eq(claimFiles.claimId, claim.id), eq(claimFiles.id, fileId))).limit(1);
  const stored = file ? await deps.storage.get(file.storageKey) : undefined;
  if (!file || !stored) throw notFound(PHOTO);
  return { bytes: stored.bytes, contentType: file.contentType };
}

/** Deletes a photo while the claim can be sent (under the claim's row lock, as adding one), then its bytes. */
export async function removeClaimFile(deps: Pick<AppDeps, 'db' | 'storage'>, claim: ClaimRow, fileId: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: claims.status, sentAt: claims.sentAt }).from(claims).where(eq(claims.id, claim.id)).for('update');
    if (!locked || !canSend(locked)) return SENT;
    const [row] = await tx.delete(claimFiles).where(and(eq(claimFiles.claimId, claim.id), eq(claimFiles.id, fileId))).returning({ storageKey: claimFiles.storageKey });
    return row ?? null;
  });
  if (removed === SENT) throw rejected('理赔申请已提交，暂不能删除图片');
  if (!removed) throw notFound(PHOTO);
  await deps.storage.delete(removed.storageKey);
}

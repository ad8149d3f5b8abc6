/**
 * The agreement PDFs: generated from the manifest's template with pdf-lib and
 * the Chinese font subset of lib/cjk-pdf.ts, so a one-page agreement weighs
 * about 50 KB (limit 300 KB, docs/contracts.md).
 * The signed version adds the drawn signature, the signing time, the
 * unsigned document's SHA-256 and, when the brokerage signs, its seal.
 */
import { createHash } from 'node:crypto';
import type { PDFPage } from 'pdf-lib';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import { A4, BODY_SIZE, embedCjkFont, LINE, MARGIN, pdfLibrary, wrap } from '../lib/cjk-pdf.ts';

export interface AgreementContent {
  title: string;
  contractNo: string;
  paragraphs: readonly string[];
  /** Printed under the title. */
  productName: string;
  signers: readonly string[];
  createdAt: Date;
}

/** Beijing time, `YYYY-MM-DD HH:mm:ss`. */
export function beijingTime(at: Date): string {
  return formatShanghai(at);
}

/** The unsigned agreement (one page for the templates in use; more when the text needs them). */
export async function generateAgreement(content: AgreementContent): Promise<Uint8Array> {
  const { PDFDocument, rgb } = (await pdfLibrary()).pdf;
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setProducer('edu-insure');
  doc.setCreationDate(content.createdAt);
  doc.setModificationDate(content.createdAt);
  const font = await embedCjkFont(doc);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const titleSize = 18;
  page.drawText(content.title, { x: (A4[0] - font.widthOfTextAtSize(content.title, titleSize)) / 2, y: y - titleSize, size: titleSize, font });
  y -= titleSize + 16;
  const meta = `协议编号：${content.contractNo}    产品：${content.productName}`;
  for (const line of wrap(meta, font, 9.5, width)) {
    page.drawText(line, { x: MARGIN, y, size: 9.5, font, color: rgb(0.4, 0.4, 0.4) });
    y -= 15;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 4 }, end: { x: A4[0] - MARGIN, y: y + 4 }, thickness: 0.6, color: rgb(0.75, 0.75, 0.75) });
  y -= 14;
  content.paragraphs.forEach((paragraph, index) => {
    const lines = wrap(`${index + 1}. ${paragraph}`, font, BODY_SIZE, width);
    for (const line of lines) {
      if (y < MARGIN + 170) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y, size: BODY_SIZE, font });
      y -= LINE;
    }
    y -= 6;
  });
  // The signing block at the foot of the last page: filled in by signAgreement.
  const last = doc.getPage(doc.getPageCount() - 1);
  last.drawText('甲方（签名）：', { x: MARGIN, y: MARGIN + 110, size: BODY_SIZE, font });
  if (content.signers.includes('brokerage')) last.drawText('乙方（盖章）：', { x: A4[0] / 2 + 20, y: MARGIN + 110, size: BODY_SIZE, font });
  return doc.save({ useObjectStreams: true });
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface SignatureStamp {
  signaturePng: Uint8Array;
  signedAt: Date;
  /** SHA-256 of the unsigned document. */
  documentSha256: string;
  brokerage: boolean;
  brokerageName: string;
}

/** Where the drawn signature goes on the last page (PDF points, from the page's bottom-left corner). */
const SIGNATURE_BOX = { x: MARGIN + 70, y: MARGIN + 92, width: 150, height: 60 } as const;

/**
 * The signature field of an agreement, for a platform that places it itself:
 * the last page (1-based) and the box of signAgreement's signature, in points
 * from the page's top-left corner (as 腾讯电子签's components are placed).
 */
export async function signatureField(pdf: Uint8Array): Promise<{ page: number; x: number; y: number; width: number; height: number }> {
  const { PDFDocument } = (await pdfLibrary()).pdf;
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const last = doc.getPage(doc.getPageCount() - 1);
  return { page: doc.getPageCount(), x: SIGNATURE_BOX.x, y: Math.round((last.getHeight() - SIGNATURE_BOX.y - SIGNATURE_BOX.height) * 100) / 100, width: SIGNATURE_BOX.width, height: SIGNATURE_BOX.height };
}

/** The signed agreement: the unsigned one with the signature, its time, the document's SHA-256 and the seal. */
export async function signAgreement(draft: Uint8Array, stamp: SignatureStamp): Promise<Uint8Array> {
  const { PDFDocument, rgb } = (await pdfLibrary()).pdf;
  const doc = await PDFDocument.load(draft);
  const font = await embedCjkFont(doc);
  const page = doc.getPage(doc.getPageCount() - 1);
  const image = await doc.embedPng(stamp.signaturePng);
  const box = image.scaleToFit(SIGNATURE_BOX.width, SIGNATURE_BOX.height);
  page.drawImage(image, { x: SIGNATURE_BOX.x, y: SIGNATURE_BOX.y, width: box.width, height: box.height });
  const small = { size: 8.5, font, color: rgb(0.3, 0.3, 0.3) };
  page.drawText(`签署时间：${beijingTime(stamp.signedAt)}（北京时间）`, { x: MARGIN, y: MARGIN + 70, ...small });
  page.drawText(`文件摘要 SHA-256：${stamp.documentSha256}`, { x: MARGIN, y: MARGIN + 56, ...small, size: 7.5 });
  if (stamp.brokerage) {
    const cx = A4[0] / 2 + 140;
    const cy = MARGIN + 110;
    const red = rgb(0.85, 0.1, 0.1);
    page.drawCircle({ x: cx, y: cy, size: 38, borderColor: red, borderWidth: 2, opacity: 0 });
    const name = stamp.brokerageName.slice(0, 10);
    page.drawText(name, { x: cx - font.widthOfTextAtSize(name, 8) / 2, y: cy + 6, size: 8, font, color: red });
    page.drawText('电子签章', { x: cx - font.widthOfTextAtSize('电子签章', 9) / 2, y: cy - 12, size: 9, font, color: red });
  }
  doc.setModificationDate(stamp.signedAt);
  return doc.save({ useObjectStreams: true });
}

/**
 * The e-policy (电子保单) drawn from the manifest and the order, for insurers
 * whose gateway supplies none: one A4 page for a policy of a few insureds and
 * liabilities, Chinese text in the font subset of lib/cjk-pdf.ts. Every person
 * is masked as the policy detail masks them.
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import { A4, BODY_SIZE, embedCjkFont, LINE, MARGIN, pdfLibrary, wrap } from '../lib/cjk-pdf.ts';

export interface EPolicyContent {
  policyNo: string;
  productName: string;
  planName: string;
  /** Lead insurer first. */
  insurers: readonly string[];
  /** The lead insurer's 报案/咨询 line, when the registry has one. */
  hotline?: string | undefined;
  /** Masked. */
  holder: { name: string; licenceNo: string };
  /** Masked. */
  insureds: readonly { name: string; licenceNo: string }[];
  /** `YYYY-MM-DD HH:mm:ss 至 YYYY-MM-DD HH:mm:ss`, Beijing time. */
  coverPeriod: string;
  /** Yuan, two decimals. */
  premium: string;
  beneficiary: string;
  liabilities: readonly { riskName: string; name: string; amount: string }[];
  /** Printed as the issue date; also the document's creation date, so the same policy draws the same bytes. */
  issuedAt: Date;
  issuedOn: string;
}

const LABEL_WIDTH = 96;

/** Draws the e-policy; more pages only when the liabilities or insureds do not fit on one. */
export async function drawEPolicy(content: EPolicyContent): Promise<Uint8Array> {
  const { PDFDocument, rgb } = (await pdfLibrary()).pdf;
  const doc = await PDFDocument.create();
  doc.setTitle(`电子保单 ${content.policyNo}`);
  doc.setProducer('edu-insure');
  doc.setCreationDate(content.issuedAt);
  doc.setModificationDate(content.issuedAt);
  const font = await embedCjkFont(doc);
  const grey = rgb(0.4, 0.4, 0.4);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const room = (lines: number) => {
    if (y - lines * LINE >= MARGIN + 60) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const centred = (text: string, size: number, f: PDFFont = font) =>
    page.drawText(text, { x: (A4[0] - f.widthOfTextAtSize(text, size)) / 2, y: y - size, size, font: f });

  centred('电子保险单', 20);
  y -= 20 + 10;
  centred(content.productName, 12);
  y -= 12 + 18;
  page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: A4[0] - MARGIN, y: y + 6 }, thickness: 0.6, color: rgb(0.75, 0.75, 0.75) });
  y -= 12;

  const row = (label: string, value: string) => {
    const lines = wrap(value, font, BODY_SIZE, width - LABEL_WIDTH);
    room(lines.length);
    page.drawText(`${label}：`, { x: MARGIN, y, size: BODY_SIZE, font, color: grey });
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + LABEL_WIDTH, y, size: BODY_SIZE, font });
      y -= LINE;
    }
  };
  const heading = (text: string) => {
    room(2);
    y -= 6;
    page.drawText(text, { x: MARGIN, y, size: 13, font });
    y -= LINE + 2;
  };

  row('保单号', content.policyNo);
  row('产品名称', content.productName);
  row('承保公司', content.insurers.join('、'));
  row('保障方案', content.planName);
  row('保障期间', content.coverPeriod);
  row('保费合计', `${content.premium} 元`);
  row('签发日期', content.issuedOn);

  heading('投保人与被保险人');
  row('投保人', `${content.holder.name}（证件号码 ${content.holder.licenceNo}）`);
  content.insureds.forEach((p, i) => row(content.insureds.length > 1 ? `被保险人${i + 1}` : '被保险人', `${p.name}（证件号码 ${p.licenceNo}）`));
  row('受益人', content.beneficiary);

  if (content.liabilities.length > 0) {
    heading('保障责任');
    for (const l of content.liabilities) row(l.name, `${l.amount}（${l.riskName}）`);
  }

  heading('特别说明');
  const notes = [
    '本电子保单与纸质保单具有同等法律效力，保险责任以保险条款及保险合同约定为准。',
    '被保险人个人信息已做脱敏处理，完整信息以保险公司系统记录为准。',
    content.hotline ? `出险后请及时报案，报案及咨询电话：${content.hotline}。` : '出险后请及时联系承保公司报案。',
  ];
  for (const note of notes) {
    const lines = wrap(note, font, 10, width);
    room(lines.length);
    for (const line of lines) {
      page.drawText(line, { x: MARGIN, y, size: 10, font, color: grey });
      y -= 16;
    }
  }
  return doc.save({ useObjectStreams: true });
}

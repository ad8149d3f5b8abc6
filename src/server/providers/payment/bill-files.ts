/**
 * The trade bills (对账单) of the real channels, read into {@link BillLine}s
 * for reconciliation (payments/reconciliation.ts). Columns are found by their
 * header names, not their positions, so a platform adding a column does not
 * move a value. A line that cannot be read throws: a bill is read whole or
 * not at all, never with lines silently dropped.
 */
import { unzipSync } from 'fflate';
import type { BillLine } from './payment-provider.ts';

/** Fen of a bill's yuan amount ("60.00", "-60.00", "60"); the sign is dropped (the line's kind says which way the money went). */
function fenOf(text: string, where: string): number {
  const match = /^-?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`${where}: amount "${text.slice(0, 20)}" is not a yuan amount`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Splits a CSV line of a bill (no quoted commas occur in either platform's bill). */
const cells = (line: string) => line.split(',').map((cell) => cell.trim());

function columns(header: string[], names: readonly string[], bill: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const name of names) {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`${bill}: no column ${name}`);
    found[name] = index;
  }
  return found;
}

/**
 * WeChat Pay's trade bill (`GET /v3/bill/tradebill`, bill_type ALL): a
 * header line, one line per payment (交易状态 SUCCESS) and per refund
 * (REFUND, with 商户退款单号 and 退款金额), every value prefixed with a
 * backtick, then the totals' header (总交易单数,…) and their line.
 */
export function parseWechatTradeBill(text: string): BillLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return [];
  const header = cells(lines[0]!);
  const col = columns(header, ['微信订单号', '商户订单号', '交易状态', '应结订单金额', '微信退款单号', '商户退款单号', '退款金额'], 'wechatpay bill');
  const out: BillLine[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.startsWith('总交易单数')) break;
    const row = cells(line).map((cell) => cell.replace(/^`/, ''));
    const where = `wechatpay bill line ${i + 1}`;
    const value = (name: string) => row[col[name]!] ?? '';
    const state = value('交易状态');
    const tradeNo = value('商户订单号');
    if (!tradeNo) throw new Error(`${where}: no 商户订单号`);
    if (state === 'REFUND') {
      out.push({ kind: 'refund', tradeNo, refundNo: value('商户退款单号'), amountFen: fenOf(value('退款金额'), where), platformNo: value('微信退款单号') });
    } else if (state === 'SUCCESS') {
      out.push({ kind: 'payment', tradeNo, amountFen: fenOf(value('应结订单金额'), where), platformNo: value('微信订单号') });
    } else if (state !== 'REVOKED') {
      // REVOKED: a payment cancelled by the payer's bank the same day, no money either way.
      throw new Error(`${where}: unknown 交易状态 "${state.slice(0, 20)}"`);
    }
  }
  return out;
}

/**
 * Alipay's 业务明细 bill (the file behind
 * `alipay.data.dataservice.bill.downloadurl.query`, bill_type trade): `#`
 * comment lines around a header and one line per 交易 and per 退款 (with
 * 退款批次号/请求号, our out_request_no). Alipay serves a zip of GBK CSV files
 * (the detail and its summary, 汇总); a plain CSV is read as UTF-8.
 */
export function parseAlipayTradeBill(file: Uint8Array): BillLine[] {
  let text: string;
  if (file[0] === 0x50 && file[1] === 0x4b) {
    // The entries' names are GBK without the zip's UTF-8 flag: the detail file is known by its header instead.
    const texts = Object.values(unzipSync(file)).map((data) => new TextDecoder('gbk').decode(data));
    const detail = texts.find((entry) => entry.includes('业务类型') && entry.includes('退款批次号/请求号'));
    if (detail === undefined) throw new Error('alipay bill: the zip has no 业务明细 file');
    text = detail;
  } else {
    text = new TextDecoder('utf-8').decode(file);
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  if (lines.length === 0) return [];
  const header = cells(lines[0]!);
  const col = columns(header, ['支付宝交易号', '商户订单号', '业务类型', '订单金额（元）', '退款批次号/请求号'], 'alipay bill');
  const out: BillLine[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const row = cells(lines[i]!);
    const where = `alipay bill line ${i + 1}`;
    const value = (name: string) => row[col[name]!] ?? '';
    const tradeNo = value('商户订单号');
    if (!tradeNo) throw new Error(`${where}: no 商户订单号`);
    const kind = value('业务类型');
    if (kind === '交易') out.push({ kind: 'payment', tradeNo, amountFen: fenOf(value('订单金额（元）'), where), platformNo: value('支付宝交易号') });
    else if (kind === '退款') out.push({ kind: 'refund', tradeNo, refundNo: value('退款批次号/请求号'), amountFen: fenOf(value('订单金额（元）'), where), platformNo: value('支付宝交易号') });
    else throw new Error(`${where}: unknown 业务类型 "${kind.slice(0, 20)}"`);
  }
  return out;
}

/**
 * Reconciliation's comparison and the platforms' bill files, without a
 * database: each kind of difference for payments and refunds, and the
 * bills read by their column names (WeChat's backtick values and totals,
 * Alipay's zip of GBK CSVs).
 */
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { beijingDay, compareBill, isBillDate, type LocalBook } from '../../src/server/payments/reconciliation.ts';
import { parseAlipayTradeBill, parseWechatTradeBill } from '../../src/server/providers/payment/bill-files.ts';

describe('compareBill', () => {
  const book: LocalBook = {
    payments: [
      { tradeNo: 'T1', amountFen: 6000, collected: true, paidOnDay: true },
      { tradeNo: 'T2', amountFen: 6000, collected: true, paidOnDay: true },
      { tradeNo: 'T3', amountFen: 6000, collected: true, paidOnDay: true },
      { tradeNo: 'T4', amountFen: 6000, collected: false, paidOnDay: false },
    ],
    refunds: [
      { refundNo: 'RF1', tradeNo: 'T1', amountFen: 6000, status: 'succeeded', onBillDay: true },
      { refundNo: 'RF2', tradeNo: 'T2', amountFen: 6000, status: 'succeeded', onBillDay: true },
      { refundNo: 'RF3', tradeNo: 'T3', amountFen: 6000, status: 'processing', onBillDay: false },
      { refundNo: 'RF4', tradeNo: 'T3', amountFen: 3000, status: 'failed', onBillDay: false },
    ],
  };

  it('matches what both sides have, and names each difference by kind', () => {
    const { matched, differences } = compareBill(
      [
        { kind: 'payment', tradeNo: 'T1', amountFen: 6000 },
        { kind: 'payment', tradeNo: 'T2', amountFen: 5000 },
        { kind: 'payment', tradeNo: 'T4', amountFen: 6000 },
        { kind: 'payment', tradeNo: 'TX', amountFen: 100 },
        { kind: 'refund', tradeNo: 'T1', refundNo: 'RF1', amountFen: 6000 },
        { kind: 'refund', tradeNo: 'T3', refundNo: 'RF3', amountFen: 6000 },
        { kind: 'refund', tradeNo: 'T3', refundNo: 'RF4', amountFen: 3000 },
        { kind: 'refund', tradeNo: 'T3', refundNo: 'RFX', amountFen: 10 },
      ],
      book,
    );
    expect(matched).toBe(3); // T1, RF1, RF3 (processing here, done there)
    expect(differences.map((d) => `${d.kind} ${d.subject} ${d.refundNo ?? d.tradeNo}`).sort()).toEqual(
      [
        'amount_differs payment T2',
        'unknown_here payment T4', // not collected here
        'unknown_here payment TX',
        'unknown_here refund RF4', // failed here, refunded there
        'unknown_here refund RFX',
        'missing_on_platform payment T3',
        'refund_unseen refund RF2',
      ].sort(),
    );
  });

  it('finds nothing when the bill and the book agree, and everything missing on an empty bill', () => {
    const agreeing = compareBill([{ kind: 'payment', tradeNo: 'T1', amountFen: 6000 }], { payments: [book.payments[0]!], refunds: [] });
    expect(agreeing).toEqual({ matched: 1, differences: [] });
    expect(compareBill([], book).differences.map((d) => d.kind).sort()).toEqual(['missing_on_platform', 'missing_on_platform', 'missing_on_platform', 'refund_unseen', 'refund_unseen']);
  });

  it('dates bills by the Beijing day', () => {
    expect(beijingDay(new Date('2026-12-01T16:00:00Z'))).toBe('2026-12-02');
    expect(beijingDay(new Date('2026-12-01T15:59:59Z'))).toBe('2026-12-01');
    expect(isBillDate('2026-12-01')).toBe(true);
    expect(isBillDate('2026-13-01')).toBe(false);
    expect(isBillDate('12/01/2026')).toBe(false);
  });
});

describe('the bill files', () => {
  it('reads WeChat Pay’s ALL bill: SUCCESS and REFUND lines by their columns, up to the totals', () => {
    const text = [
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率',
      '`2026-12-01 10:00:00,`wx1,`190001,`0,`,`4200001,`T1,`o1,`JSAPI,`SUCCESS,`OTHERS,`CNY,`60.00,`0.00,`0,`0,`0.00,`0.00,`,`,`学平险,`,`0.36000,`0.60%',
      '`2026-12-01 11:00:00,`wx1,`190001,`0,`,`4200001,`T1,`o1,`JSAPI,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`5030001,`RF1,`60.00,`0.00,`ORIGINAL,`SUCCESS,`学平险,`,`-0.36000,`0.60%',
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额',
      '`2,`60.00,`60.00,`0.00,`0.00000',
      '',
    ].join('\r\n');
    expect(parseWechatTradeBill(text)).toEqual([
      { kind: 'payment', tradeNo: 'T1', amountFen: 6000, platformNo: '4200001' },
      { kind: 'refund', tradeNo: 'T1', refundNo: 'RF1', amountFen: 6000, platformNo: '5030001' },
    ]);
    expect(() => parseWechatTradeBill(text.replace('`60.00,`0.00,`0,', '`6O.00,`0.00,`0,'))).toThrow(/line 2: amount/);
    expect(() => parseWechatTradeBill('交易时间,商户订单号\r\n')).toThrow(/no column/);
  });

  it('reads Alipay’s zip of GBK CSVs and picks the 业务明细 among its files', () => {
    const detail = [
      '#支付宝业务明细查询',
      '#-----------------------------------------业务明细列表----------------------------------------',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
      '2026120122001,T9,交易,学平险,2026-12-01 09:00:00,2026-12-01 09:00:10,,,,,159****5620,120.50,120.50,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,,0.00,0.00,',
      '2026120122001,T9,退款,学平险,2026-12-01 09:00:00,2026-12-01 12:00:00,,,,,159****5620,-120.50,-120.50,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,RF9,0.00,0.00,',
      '#-----------------------------------------业务明细列表结束------------------------------------',
      '#交易合计：2笔，商家实收共0.00元',
    ].join('\r\n');
    const zip = zipSync({ 'a_汇总.csv': new Uint8Array(iconv.encode('#支付宝业务汇总查询\r\n门店编号,门店名称\r\n', 'gbk')), 'b.csv': new Uint8Array(iconv.encode(detail, 'gbk')) });
    expect(parseAlipayTradeBill(zip)).toEqual([
      { kind: 'payment', tradeNo: 'T9', amountFen: 12050, platformNo: '2026120122001' },
      { kind: 'refund', tradeNo: 'T9', refundNo: 'RF9', amountFen: 12050, platformNo: '2026120122001' },
    ]);
    expect(() => parseAlipayTradeBill(zipSync({ 'a.csv': new Uint8Array(iconv.encode('#nothing\r\n', 'gbk')) }))).toThrow(/no 业务明细/);
  });
});

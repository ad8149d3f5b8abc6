import { escapeHtml } from '../../lib/escape-html.ts';
import { fenText } from '../../../engine/pricing/money.ts';

export interface CashierView {
  merchant: string;
  subject: string;
  tradeNo: string;
  amountFen: number;
  /** pending: show the pay buttons; anything else: the trade is closed. */
  state: 'pending' | 'paid' | 'closed';
  error?: string | undefined;
  confirmAction: string;
  cancelAction: string;
  returnUrl: string;
}

const yuan = fenText;

/** The sandbox cashier (收银台): a small mobile page with no script, so it works in any in-app browser. */
export function renderCashierPage(view: CashierView): string {
  const e = escapeHtml;
  const actions =
    view.state === 'pending'
      ? `<form method="post" action="${e(view.confirmAction)}">
    <input type="hidden" name="outcome" value="success">
    <button class="primary" type="submit">确认支付</button>
  </form>
  <form method="post" action="${e(view.cancelAction)}">
    <button class="secondary" type="submit">取消支付</button>
  </form>
  <form method="post" action="${e(view.confirmAction)}" class="test">
    <input type="hidden" name="outcome" value="fail">
    <button class="link" type="submit" data-testid="simulate-failure">模拟支付失败（测试）</button>
  </form>`
      : `<p class="notice">${view.state === 'paid' ? '该订单已支付' : '该交易已关闭'}</p>
  <a class="primary" href="${e(view.returnUrl)}">返回商户</a>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>收银台</title>
<style>
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f6f8; color: #1f2329; }
  header { background: #1f6fe5; color: #fff; padding: 14px 16px; font-size: 17px; text-align: center; }
  main { padding: 16px; }
  .card { background: #fff; border-radius: 10px; padding: 20px 16px; text-align: center; margin-bottom: 16px; }
  .merchant { color: #646a73; font-size: 14px; }
  .amount { font-size: 34px; font-weight: 600; margin: 12px 0 6px; }
  .meta { color: #8f959e; font-size: 12px; word-break: break-all; }
  .error { background: #fdecea; color: #c62828; border-radius: 8px; padding: 10px 12px; margin-bottom: 16px; font-size: 14px; }
  .notice { text-align: center; color: #646a73; }
  form { margin: 0 0 12px; }
  button, a.primary { display: block; width: 100%; box-sizing: border-box; border: 0; border-radius: 8px; padding: 13px; font-size: 16px; text-align: center; text-decoration: none; }
  .primary { background: #1f6fe5; color: #fff; }
  .secondary { background: #fff; color: #1f2329; border: 1px solid #dee0e3; }
  .link { background: none; color: #8f959e; font-size: 13px; padding: 6px; }
</style>
</head>
<body>
<header>收银台</header>
<main>
  ${view.error ? `<div class="error" role="alert">${e(view.error)}</div>` : ''}
  <div class="card">
    <div class="merchant">${e(view.merchant)}</div>
    <div class="amount" data-testid="amount">¥${yuan(view.amountFen)}</div>
    <div class="meta">${e(view.subject)}</div>
    <div class="meta">交易号 ${e(view.tradeNo)}</div>
  </div>
  ${actions}
</main>
</body>
</html>`;
}

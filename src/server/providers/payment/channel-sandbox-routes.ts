import { isSameOriginTarget } from '../../lib/safe-redirect.ts';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { emptyBodyAsObject } from '../../http/optional-body.ts';
import { renderCashierPage } from './cashier-page.ts';
import { channelSandboxPath, type ChannelSandboxProvider } from './channel-sandbox-provider.ts';
import { WECHAT_APP_ID, WECHAT_OAUTH_URL as WECHAT_OAUTH_PATH } from '../../../contract/payment.ts';
import type { SandboxPageContext } from './payment-channel.ts';
import type { WechatPayProvider } from './wechat-pay-provider.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { acceptForms } from '../../http/form-bodies.ts';

const CashierQuery = Type.Object({
  tradeNo: Type.String({ minLength: 1, maxLength: 64 }),
  error: Type.Optional(Type.String({ maxLength: 60 })),
});
const TradeParams = Type.Object({ tradeNo: Type.String({ minLength: 1, maxLength: 64 }) });
const ConfirmBody = Type.Object({ outcome: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('fail')])) });
const OAuthQuery = Type.Object({
  appid: Type.String({ maxLength: 32 }),
  redirect_uri: Type.String({ minLength: 1, maxLength: 2000 }),
  response_type: Type.Optional(Type.String({ maxLength: 16 })),
  scope: Type.Optional(Type.String({ maxLength: 32 })),
  state: Type.Optional(Type.String({ maxLength: 64 })),
});
const OAuthBody = Type.Object({
  redirect_uri: Type.String({ minLength: 1, maxLength: 2000 }),
  state: Type.Optional(Type.String({ maxLength: 64 })),
  decision: Type.Optional(Type.Union([Type.Literal('allow'), Type.Literal('deny')])),
});


/**
 * The redirect target with `code` and `state` put into its query, before any
 * hash, as WeChat does; a refusal carries only `state` (no code).
 */
export function withOAuthCode(redirectUri: string, code: string | undefined, state: string | undefined): string {
  const hashAt = redirectUri.indexOf('#');
  const base = hashAt === -1 ? redirectUri : redirectUri.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : redirectUri.slice(hashAt);
  const params = new URLSearchParams({ ...(code ? { code } : {}), state: state ?? '' }).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${params}${hash}`;
}

/** Same-origin relative addresses, or addresses under PUBLIC_URL: the sandbox never redirects elsewhere. */
const allowedRedirect = isSameOriginTarget;

function oauthPage(redirectUri: string, state: string | undefined): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>微信授权</title>
<style>body{margin:0;font-family:-apple-system,"PingFang SC",sans-serif;background:#ededed;color:#1f2329}
main{padding:48px 20px;text-align:center}.logo{width:64px;height:64px;border-radius:16px;background:#09bb07;margin:0 auto 16px}
p{color:#646a73;font-size:14px}button{display:block;width:100%;border:0;border-radius:8px;padding:13px;font-size:16px;margin-top:12px}
.allow{background:#09bb07;color:#fff}.deny{background:#fff;color:#1f2329}</style></head>
<body><main><div class="logo" aria-hidden="true"></div><h1>学平险在线投保（沙箱）</h1>
<p>申请获取你的公开信息（昵称、头像）以完成微信支付</p>
<form method="post" action="${WECHAT_OAUTH_PATH}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
${state ? `<input type="hidden" name="state" value="${escapeHtml(state)}">` : ''}
<button class="allow" type="submit" name="decision" value="allow">允许</button>
<button class="deny" type="submit" name="decision" value="deny">拒绝</button>
</form></main></body></html>`;
}

/**
 * The sandbox's stand-in for WeChat's OAuth page (snsapi_base): 允许 sends the
 * browser back with a code the app exchanges for an openid; 拒绝 without one.
 */
export async function wechatOAuthRoutes(app: FastifyInstance, wechat: WechatPayProvider, context: SandboxPageContext): Promise<void> {
  await acceptForms(app, 4096);
  app.get<{ Querystring: Static<typeof OAuthQuery> }>(WECHAT_OAUTH_PATH, { schema: { querystring: OAuthQuery } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const { appid, redirect_uri: redirectUri, state } = request.query;
    if (appid !== WECHAT_APP_ID || !allowedRedirect(redirectUri, context.publicUrl)) {
      return reply.status(400).send('<!doctype html><meta charset="utf-8"><title>微信授权</title><p>redirect_uri 参数错误</p>');
    }
    return oauthPage(redirectUri, state);
  });
  app.post<{ Body: Static<typeof OAuthBody> }>(WECHAT_OAUTH_PATH, { schema: { body: OAuthBody } }, async (request, reply) => {
    const { redirect_uri: redirectUri, state, decision } = request.body;
    if (!allowedRedirect(redirectUri, context.publicUrl)) return reply.status(400).type('text/plain; charset=utf-8').send('redirect_uri 参数错误');
    if (decision === 'deny') return reply.redirect(withOAuthCode(redirectUri, undefined, state), 303);
    // snsapi_base: the sandbox makes up one WeChat user per authorisation.
    const code = wechat.issueOAuthCode(`oSbx${randomBytes(12).toString('base64url')}`);
    return reply.redirect(withOAuthCode(redirectUri, code, state), 303);
  });
}

/**
 * The cashier of one channel sandbox (/_sandbox/{channel}/cashier): 确认支付
 * makes the channel send its signed notification and returns the browser.
 */
export async function channelCashierRoutes(app: FastifyInstance, channel: ChannelSandboxProvider, context: SandboxPageContext): Promise<void> {
  await acceptForms(app, 4096);
  const base = channelSandboxPath(channel.name);
  const findOwn = async (tradeNo: string) => {
    const trade = await context.findTrade(tradeNo);
    return trade && trade.provider === channel.name ? trade : undefined;
  };
  app.get<{ Querystring: Static<typeof CashierQuery> }>(`${base}/cashier`, { schema: { querystring: CashierQuery } }, async (request, reply) => {
    const trade = await findOwn(request.query.tradeNo);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!trade) return reply.status(404).send(`<!doctype html><meta charset="utf-8"><title>${channel.cashierTitle}</title><p>交易不存在</p>`);
    const encoded = encodeURIComponent(trade.tradeNo);
    return renderCashierPage({
      merchant: `${channel.cashierTitle}（沙箱）`,
      subject: trade.subject,
      tradeNo: trade.tradeNo,
      amountFen: trade.amountFen,
      state: trade.status === 'pending' || trade.status === 'failed' ? 'pending' : 'paid',
      error: request.query.error,
      confirmAction: `${base}/${encoded}/confirm`,
      cancelAction: `${base}/${encoded}/cancel`,
      returnUrl: trade.returnUrl,
    });
  });
  app.post<{ Params: Static<typeof TradeParams>; Body: Static<typeof ConfirmBody> }>(
    `${base}/:tradeNo/confirm`,
    { preValidation: emptyBodyAsObject, schema: { params: TradeParams, body: ConfirmBody } },
    async (request, reply) => {
      const trade = await findOwn(request.params.tradeNo);
      if (!trade) return reply.status(404).type('text/plain; charset=utf-8').send('交易不存在');
      if (trade.status !== 'pending' && trade.status !== 'failed') return reply.redirect(trade.returnUrl, 303);
      if (request.body.outcome === 'fail') {
        channel.notifyPayment(trade, 'FAIL');
        return reply.redirect(`${base}/cashier?${new URLSearchParams({ tradeNo: trade.tradeNo, error: '支付失败，请重试' }).toString()}`, 303);
      }
      channel.notifyPayment(trade, 'SUCCESS');
      return reply.redirect(trade.returnUrl, 303);
    },
  );
  app.post<{ Params: Static<typeof TradeParams> }>(`${base}/:tradeNo/cancel`, { schema: { params: TradeParams } }, async (_request, reply) =>
    reply.redirect(context.cancelUrl, 303),
  );
}

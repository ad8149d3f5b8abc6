import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { maskIdNumber, maskName } from '../../../engine/rules/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { completeFace, verificationOfTicket } from '../../identity/identity-service.ts';
import { SANDBOX_FACE_PATH } from './sandbox-identity-provider.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { acceptForms } from '../../http/form-bodies.ts';

const TicketQuery = Type.Object({ ticket: Type.String({ minLength: 16, maxLength: 64 }) });
const ConfirmBody = Type.Object({
  ticket: Type.String({ minLength: 16, maxLength: 64 }),
  outcome: Type.Union([Type.Literal('pass'), Type.Literal('fail')]),
});

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>人脸识别（沙箱）</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
main{max-width:420px;margin:0 auto;padding:32px 20px;text-align:center}
.face{width:160px;height:160px;margin:24px auto;border-radius:50%;border:4px solid #1677ff;background:radial-gradient(circle at 50% 40%,#dbe8ff,#fff)}
p{color:#666;font-size:14px}
button{display:block;width:100%;height:46px;margin-top:16px;border:0;border-radius:23px;font-size:16px}
.pass{background:#1677ff;color:#fff}.fail{background:#fff;color:#ff3141;border:1px solid #ff3141}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox identity provider's face page (outside /_gw): it shows whose
 * face is being checked (masked) and lets the tester pass or fail it, then
 * sends the browser back to the verification's backUrl with verId and
 * startFrom=2. The one-time ticket in the link is the only key to it.
 */
export async function sandboxFaceRoutes(app: FastifyInstance, options: { deps: AppDeps }): Promise<void> {
  const { deps } = options;
  await acceptForms(app, 1024);

  app.get<{ Querystring: Static<typeof TicketQuery> }>(
    SANDBOX_FACE_PATH,
    { schema: { querystring: TicketQuery } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', CSP);
      const row = await verificationOfTicket(deps, request.query.ticket);
      if (!row || row.faceStatus !== 'pending') {
        return reply.status(404).send(page('<h1>人脸识别</h1><p>识别链接已失效，请返回重新发起认证</p>'));
      }
      const ticket = escapeHtml(request.query.ticket);
      return page(`<h1>人脸识别</h1>
<p>认证人：${escapeHtml(maskName(row.name))}，证件号：${escapeHtml(maskIdNumber(row.idNo))}</p>
<div class="face" aria-hidden="true"></div>
<p>沙箱环境：不采集影像，请选择识别结果</p>
<form method="post" action="${SANDBOX_FACE_PATH}/confirm">
<input type="hidden" name="ticket" value="${ticket}">
<button class="pass" name="outcome" value="pass">开始识别（模拟通过）</button>
<button class="fail" name="outcome" value="fail">模拟识别失败</button>
</form>`);
    },
  );

  app.post<{ Body: Static<typeof ConfirmBody> }>(
    `${SANDBOX_FACE_PATH}/confirm`,
    { schema: { body: ConfirmBody } },
    async (request, reply) => {
      const back = await completeFace(deps, request.body.ticket, request.body.outcome === 'pass');
      if (!back) {
        reply.type('text/html; charset=utf-8').header('content-security-policy', CSP);
        return reply.status(404).send(page('<h1>人脸识别</h1><p>识别链接已失效，请返回重新发起认证</p>'));
      }
      return reply.redirect(back, 303);
    },
  );
}

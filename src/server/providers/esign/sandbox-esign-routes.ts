import { randomBytes } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { maskIdNumber, maskName } from '../../../engine/rules/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { SandboxPageContext } from '../payment/payment-channel.ts';
import { SANDBOX_ESIGN_DOWNLOAD_PATH, SANDBOX_ESIGN_PATH, SANDBOX_ESIGN_REJECT_PATH, SandboxEsignProvider, SIGNED_AT_HEADER } from './sandbox-esign-provider.ts';
import { acceptForms } from '../../http/form-bodies.ts';

const LinkQuery = Type.Object({
  task: Type.String({ pattern: '^T[0-9A-F]{20}$' }),
  expires: Type.String({ pattern: '^[0-9]{10,15}$' }),
  s: Type.String({ pattern: '^[0-9a-f]{32}$' }),
});
const SignBody = Type.Intersect([LinkQuery, Type.Object({ signature: Type.String({ maxLength: 400_000 }) })]);
/** A drawn signature: a PNG data URL of at most 300 KB. */
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

function page(body: string, nonce: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>电子签署（沙箱）</title>
<style nonce="${nonce}">
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:18px;text-align:center}
.doc{background:#fff;border-radius:8px;padding:14px;font-size:14px;line-height:1.7;max-height:42vh;overflow:auto}
.who{color:#666;font-size:13px}
canvas{display:block;width:100%;height:160px;background:#fff;border:1px dashed #999;border-radius:8px;touch-action:none;margin-top:12px}
button{display:block;width:100%;height:46px;margin-top:12px;border:0;border-radius:23px;font-size:16px}
.ok{background:#1677ff;color:#fff}.clear{background:#fff;color:#333;border:1px solid #ccc}
.err{color:#ff3141;text-align:center}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The e-sign sandbox's signing page (outside /_gw, like the platforms' hosted
 * pages): the document's text, the signer (masked), a pad to draw the
 * signature, 确认签署. The expiring, HMAC-checked link is the only key.
 */
export async function sandboxEsignRoutes(app: FastifyInstance, context: SandboxPageContext): Promise<void> {
  const provider = context.deps.esign;
  if (!(provider instanceof SandboxEsignProvider)) return;
  await acceptForms(app, 512 * 1024);
  const send = (reply: FastifyReply, status: number, body: string) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`)
      .send(page(body.replaceAll('%NONCE%', nonce), nonce));
  };

  app.get<{ Querystring: Static<typeof LinkQuery> }>(SANDBOX_ESIGN_PATH, { schema: { querystring: LinkQuery } }, async (request, reply) => {
    const found = await provider.taskOfLink(request.query.task, request.query.expires, request.query.s);
    if ('problem' in found) return send(reply, 410, `<h1>电子签署</h1><p class="err">${escapeHtml(found.problem)}</p>`);
    const { task } = found;
    await provider.viewed(task);
    const hidden = (['task', 'expires', 's'] as const).map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(request.query[k])}">`).join('');
    return send(
      reply,
      200,
      `<h1>${escapeHtml(task.title)}</h1>
<p class="who">签署人：${escapeHtml(maskName(task.signer.name))}（${escapeHtml(maskIdNumber(task.signer.idNo))}）· 沙箱环境</p>
<div class="doc">${task.preview.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</div>
<p class="who">请在下方框内手写签名</p>
<canvas id="pad" width="900" height="320" aria-label="签名板"></canvas>
<form method="post" action="${SANDBOX_ESIGN_PATH}" id="form">${hidden}<input type="hidden" name="signature" id="signature">
<button type="button" class="clear" id="clear">重写</button>
<button type="submit" class="ok" id="submit">确认签署</button>
<p class="err" id="hint"></p></form>
<form method="post" action="${SANDBOX_ESIGN_REJECT_PATH}">${hidden}<button type="submit" class="clear" id="reject">拒绝签署</button></form>
<script nonce="%NONCE%">
(function(){var c=document.getElementById('pad'),x=c.getContext('2d'),drawn=false,down=false;
x.lineWidth=8;x.lineCap='round';x.lineJoin='round';x.strokeStyle='#111';
function pt(e){var r=c.getBoundingClientRect();return{x:(e.clientX-r.left)*c.width/r.width,y:(e.clientY-r.top)*c.height/r.height};}
c.addEventListener('pointerdown',function(e){down=true;var p=pt(e);x.beginPath();x.moveTo(p.x,p.y);c.setPointerCapture(e.pointerId);});
c.addEventListener('pointermove',function(e){if(!down)return;var p=pt(e);x.lineTo(p.x,p.y);x.stroke();drawn=true;});
c.addEventListener('pointerup',function(){down=false;});
document.getElementById('clear').onclick=function(){x.clearRect(0,0,c.width,c.height);drawn=false;};
document.getElementById('form').onsubmit=function(e){if(!drawn){e.preventDefault();document.getElementById('hint').textContent='请先签名';return;}
document.getElementById('signature').value=c.toDataURL('image/png');};})();
</script>`,
    );
  });

  app.post<{ Body: Static<typeof SignBody> }>(SANDBOX_ESIGN_PATH, { schema: { body: SignBody } }, async (request, reply) => {
    const found = await provider.taskOfLink(request.body.task, request.body.expires, request.body.s);
    if ('problem' in found) return send(reply, 410, `<h1>电子签署</h1><p class="err">${escapeHtml(found.problem)}</p>`);
    const match = DATA_URL.exec(request.body.signature);
    const png = match ? new Uint8Array(Buffer.from(match[1]!, 'base64')) : undefined;
    if (!png || png.length < 100 || png.length > 300 * 1024 || png[0] !== 0x89) return send(reply, 400, '<h1>电子签署</h1><p class="err">签名图片无效，请返回重签</p>');
    // A second submission (another tab, another server process) finds it signed: the same return, nothing signed twice.
    await provider.sign(found.task, png);
    return reply.redirect(found.task.returnUrl, 303);
  });

  // 拒绝签署: the task ends refused (once), and the browser goes back to the app.
  app.post<{ Body: Static<typeof LinkQuery> }>(SANDBOX_ESIGN_REJECT_PATH, { schema: { body: LinkQuery } }, async (request, reply) => {
    const found = await provider.taskOfLink(request.body.task, request.body.expires, request.body.s);
    if ('problem' in found) return send(reply, 410, `<h1>电子签署</h1><p class="err">${escapeHtml(found.problem)}</p>`);
    await provider.reject(found.task);
    return reply.redirect(found.task.returnUrl, 303);
  });

  // The download address of a signed task's evidence: HMAC-checked, expires (DOWNLOAD_TTL_MS).
  app.get<{ Querystring: Static<typeof LinkQuery> }>(SANDBOX_ESIGN_DOWNLOAD_PATH, { schema: { querystring: LinkQuery } }, async (request, reply) => {
    const got = await provider.evidenceOfLink(request.query.task, request.query.expires, request.query.s);
    if ('problem' in got) {
      return reply.status(got.problem === 'expired' ? 410 : 404).header('cache-control', 'no-store').send({ code: got.problem, msg: got.problem === 'expired' ? '下载地址已过期' : '下载地址无效' });
    }
    return reply.type('image/png').header('cache-control', 'no-store').header(SIGNED_AT_HEADER, got.signedAt.toISOString()).send(Buffer.from(got.png));
  });
}

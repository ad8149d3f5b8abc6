/**
 * What the wechat:v3 adapter adds per payment in cryptography, beside the
 * sandbox channel, in one run: sign a request (Authorization), verify an
 * answer (Wechatpay-Signature), open and verify a notification (signature +
 * AES-256-GCM). The sandbox figure is its own per-payment work: sign and
 * verify its HS256 JWS notification. No network call is timed.
 *
 * Usage: npx tsx scripts/measure-wechat-signing.ts [payments per adapter, default 2000]
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { aesGcmEncrypt, rsaSign } from '../src/server/providers/payment/signing.ts';
import { signSandboxNotification, verifySandboxNotification } from '../src/server/providers/payment/sandbox-notification.ts';
import { aeadOpen, authorization, rsaSha256Verify, signedMessage } from '../src/server/providers/payment/wechat-v3.ts';

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const merchant = pair();
const platform = pair();
const signer = { mchId: '1900000109', serialNo: 'A'.repeat(40), privateKey: createPrivateKey(merchant.privateKey) };
const platformPublic = createPublicKey(platform.publicKey);
const apiV3Key = randomBytes(24).toString('base64url');
const key = Buffer.from(apiV3Key);
const answer = JSON.stringify({ prepay_id: 'wx201410272009395522657a690389285100' });
const answerSig = rsaSign(platform.privateKey, signedMessage(['1700000000', 'n', answer]));
const resource = JSON.stringify({ appid: 'wxfa4efa4efa4efa4e', mchid: '1900000109', out_trade_no: 'TR1', trade_state: 'SUCCESS', amount: { total: 12300, currency: 'CNY' } });
const ciphertext = aesGcmEncrypt(apiV3Key, 'abcdefabcdef', 'transaction', resource);
const event = JSON.stringify({ id: 'EV-1', resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce: 'abcdefabcdef', associated_data: 'transaction' } });
const eventSig = rsaSign(platform.privateKey, signedMessage(['1700000000', 'm', event]));

function wechat(): void {
  authorization(signer, 'POST', '/v3/pay/transactions/jsapi', '{"a":1}', '1700000000', randomBytes(16).toString('hex'));
  if (!rsaSha256Verify(platformPublic, signedMessage(['1700000000', 'n', answer]), answerSig)) throw new Error('answer');
  if (!rsaSha256Verify(platformPublic, signedMessage(['1700000000', 'm', event]), eventSig)) throw new Error('event');
  const parsed = JSON.parse(event) as { resource: { ciphertext: string; nonce: string; associated_data: string } };
  if (aeadOpen(key, parsed.resource.nonce, parsed.resource.associated_data, parsed.resource.ciphertext) === null) throw new Error('open');
}
const secret = 'sandbox-secret-0123456789abcdef';
async function sandbox(): Promise<void> {
  const jws = await signSandboxNotification(secret, { tradeNo: 'TR1', amountFen: 12300, status: 'SUCCESS', notifyId: 'n1', paidAt: new Date(0).toISOString() });
  await verifySandboxNotification(secret, jws);
}

async function measure(run: () => void | Promise<void>, n: number): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 200; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n * 0.5)]!, p99: times[Math.floor(n * 0.99)]! };
}
const n = Number(process.argv[2] ?? 2000);
const w = await measure(wechat, n);
const s = await measure(sandbox, n);
console.log(`wechat:v3 per payment (sign request + verify answer + verify and open notification): p50 ${w.p50.toFixed(3)} ms, p99 ${w.p99.toFixed(3)} ms`);
console.log(`sandbox per payment (sign + verify notification): p50 ${s.p50.toFixed(3)} ms, p99 ${s.p99.toFixed(3)} ms (n=${n})`);

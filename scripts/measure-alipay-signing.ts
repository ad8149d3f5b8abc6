/**
 * What signing and verification add per Alipay payment: the real adapter
 * (alipay:openapi, alipay-sdk) in public-key and certificate mode beside the
 * Alipay sandbox, in one run. One payment is the cashier URL (createTrade:
 * the SDK signs the wap.pay request; the sandbox builds a URL) and the
 * verification of its notification (RSA2 either way). Notifications come
 * from the Alipay fake's signer; no network call is timed.
 *
 * Usage: npx tsx scripts/measure-alipay-signing.ts [payments per adapter, default 2000]
 */
import { createCallOut } from '../src/server/providers/outbound.ts';
import { AlipayProvider, generateAlipayKeys } from '../src/server/providers/payment/alipay-provider.ts';
import { AlipayOpenApiProvider } from '../src/server/providers/payment/alipay-openapi.ts';
import { readAlipaySettings } from '../src/server/providers/payment/alipay-settings.ts';
import type { PaymentProvider } from '../src/server/providers/payment/payment-provider.ts';
import { startAlipayFake, type AlipayFake } from '../tests/fakes/alipay-openapi-fake.ts';

const runs = Number(process.argv[2] ?? 2000);
const quiet = { info: () => undefined, warn: () => undefined };
const input = { tradeNo: 'TR20261202000001', amountFen: 12_300, subject: '学平险', returnUrl: 'https://insure.example.com/#/paySuccess' };

async function realAdapter(fake: AlipayFake): Promise<{ provider: PaymentProvider; body: string }> {
  const { settings } = readAlipaySettings(fake.env());
  const provider = new AlipayOpenApiProvider({ settings: settings!, notifyUrl: 'https://insure.example.com/_gw/pay-svc/api/v1/notify/alipay', callOut: createCallOut({ log: quiet }) });
  const { payUrl } = await provider.createTrade(input);
  await fetch(payUrl); // the fake opens the trade
  fake.notifyMode = 'never';
  fake.pay(input.tradeNo);
  return { provider, body: fake.notificationBody(input.tradeNo) };
}

function sandboxAdapter(): { provider: PaymentProvider; body: string } {
  const provider = new AlipayProvider({ baseUrl: '', notifyPath: '/_gw/pay-svc/api/v1/notify/alipay', post: async () => ({ status: 200, text: 'success' }), notifyDelayMs: 0 }, generateAlipayKeys());
  const { body } = provider.encode({ notifyId: 'N1', tradeNo: input.tradeNo, amountFen: input.amountFen, status: 'SUCCESS', paidAt: new Date() });
  return { provider, body };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const publicKeyFake = await startAlipayFake({ keyMode: 'public-key' });
  const certificateFake = await startAlipayFake({ keyMode: 'certificate' });
  const adapters: [string, { provider: PaymentProvider; body: string }][] = [
    ['sandbox (alipay:sandbox)', sandboxAdapter()],
    ['alipay:openapi, public-key mode', await realAdapter(publicKeyFake)],
    ['alipay:openapi, certificate mode', await realAdapter(certificateFake)],
  ];
  const times = new Map<string, number[]>(adapters.map(([name]) => [name, []]));
  // Warm-up, then the adapters interleaved so that each sees the same machine.
  for (const [, { provider, body }] of adapters) for (let i = 0; i < 50; i++) await provider.createTrade(input).then(() => provider.verifyNotification(body, {}));
  for (let i = 0; i < runs; i++) {
    for (const [name, { provider, body }] of adapters) {
      const started = performance.now();
      await provider.createTrade(input);
      await provider.verifyNotification(body, {});
      times.get(name)!.push(performance.now() - started);
    }
  }
  console.log(`${runs} payments per adapter (cashier URL + notification verification), node ${process.version}`);
  console.log('| adapter | p50 ms | p99 ms |');
  console.log('| --- | --- | --- |');
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`| ${name} | ${percentile(sorted, 50).toFixed(3)} | ${percentile(sorted, 99).toFixed(3)} |`);
  }
  await publicKeyFake.close();
  await certificateFake.close();
}

await main();

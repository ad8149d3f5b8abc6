/**
 * Every vendor fake, each started on loopback with the settings that point a
 * production server at it. `npm run fakes` starts them all; tests start the
 * one they need. Fakes are test tools: the app never mounts them.
 */
import { startAlipayFake } from './alipay-openapi-fake.ts';
import { startInsurerGatewayFake } from './insurer-gateway-fake.ts';
import { startS3Fake } from './s3-fake.ts';
import { startAliyunSmsFake } from './sms-vendor-fakes.ts';
import { startSmtpRelayFake } from './smtp-relay-fake.ts';
import { startTencentEssFake } from './tencent-ess-fake.ts';
import { startTencentFaceidFake } from './tencent-faceid-fake.ts';
import { startTencentLbsFake } from './tencent-lbs-fake.ts';
import { startWechatMpFake } from './wechat-mp-fake.ts';
import { startWechatPayFake } from './wechat-pay-v3-fake.ts';

export interface RunningFake {
  /** KEY=value settings of a production server that uses it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface FakeDescriptor {
  name: string;
  start(): Promise<RunningFake>;
}

const TENCENT_KEY = 'FAKEK-EY000-00000-00000-00000-00001';
const TENCENT_SK = 'FakeSecretKeyForTheTencentLbs000';
const WECHAT_MP_APPID = 'wxfa4efa4efa4efa4e';
const WECHAT_MP_SECRET = 'fa4efa4efa4efa4efa4efa4efa4efa4e';

export const FAKES: readonly FakeDescriptor[] = [
  {
    name: 'Alipay OpenAPI gateway (payments)',
    async start() {
      const fake = await startAlipayFake({ notifyMode: 'mixed' });
      return { env: { PAYMENT_CHANNELS: 'wechat:v3,alipay:openapi', ...fake.env() }, close: fake.close };
    },
  },
  {
    name: 'WeChat Pay API v3 (payments)',
    async start() {
      // Public-key mode; the OAuth code exchange is the official account fake's (WECHAT_MP_* below).
      const fake = await startWechatPayFake({ appId: WECHAT_MP_APPID, notifyMode: 'mixed', refundSettleMs: 1000 });
      return { env: fake.env(), close: fake.close };
    },
  },
  {
    name: 'Insurer gateway (issuance, query, 撤销, 退保)',
    async start() {
      // Decided two seconds after the request (the order shows 待出单 a moment), then called back; the server needs PUBLIC_URL for the callback.
      const fake = await startInsurerGatewayFake({ callbackMode: 'prompt', decideMs: 2000 });
      return { env: fake.env(), close: fake.close };
    },
  },
  {
    name: 'Tencent Location Service (geocoder)',
    async start() {
      const fake = await startTencentLbsFake(TENCENT_KEY, TENCENT_SK);
      // Xuzhou's Gulou district (GCJ-02), a county where a market sells.
      fake.places.set('34.2782,117.1939', '320302');
      return { env: { GEOCODER_PROVIDER: 'tencent', TENCENT_LBS_KEY: TENCENT_KEY, TENCENT_LBS_SK: TENCENT_SK, TENCENT_LBS_BASE: fake.baseUrl }, close: fake.close };
    },
  },
  {
    name: 'WeChat official account API (JSSDK tickets)',
    async start() {
      const fake = await startWechatMpFake(WECHAT_MP_APPID, WECHAT_MP_SECRET);
      return { env: { WECHAT_JSSDK_PROVIDER: 'official', WECHAT_MP_APPID, WECHAT_MP_SECRET, WECHAT_API_BASE: fake.apiBase }, close: fake.close };
    },
  },
  {
    name: 'Aliyun SMS (log-in codes and notices)',
    async start() {
      const fake = await startAliyunSmsFake();
      return { env: fake.env(), close: fake.close };
    },
  },
  {
    name: 'Tencent Cloud FaceID (real-name and face checks)',
    async start() {
      // Its face page sends the browser back to the server's PUBLIC_URL; every well-formed name and ID number passes the real-name check.
      const fake = await startTencentFaceidFake();
      return { env: fake.env(), close: fake.close };
    },
  },
  {
    name: 'Tencent 电子签 (agreements)',
    async start() {
      // Callbacks (each sent twice) go to the origin of the signer's return address (PUBLIC_URL), where the console's 回调地址 would point.
      const fake = await startTencentEssFake({ callbackMode: 'twice', delayMs: 500 });
      return { env: fake.env(), close: fake.close };
    },
  },
  {
    name: 'SMTP relay (mail)',
    async start() {
      const fake = await startSmtpRelayFake('relay', 'relay-password');
      return { env: { MAIL_PROVIDER: 'smtp', SMTP_URL: fake.url, MAIL_FROM: '学平险 <noreply@edu-insure.example>' }, close: fake.close };
    },
  },
  {
    name: 'S3 (agreement files and recordings; SigV4 checked)',
    async start() {
      const fake = await startS3Fake({ bucket: 'edu-agreements', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER-fake-secret' });
      return { env: fake.env(), close: fake.close };
    },
  },
];

/** Starts every fake; the settings of all of them, and one close for all. */
export async function startAllFakes(): Promise<{ env: Record<string, string>; names: string[]; close(): Promise<void> }> {
  const running: RunningFake[] = [];
  try {
    for (const fake of FAKES) running.push(await fake.start());
  } catch (error) {
    await Promise.all(running.map((r) => r.close()));
    throw error;
  }
  return {
    env: Object.assign({}, ...running.map((r) => r.env)) as Record<string, string>,
    names: FAKES.map((f) => f.name),
    close: async () => {
      await Promise.all(running.map((r) => r.close()));
    },
  };
}

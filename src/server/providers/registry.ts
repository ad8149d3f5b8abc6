/**
 * The provider registry: every implementation of every outside service the
 * app can be configured with, and the one function that builds the configured
 * ones. Configuration (config.ts) chooses by name — SMS_PROVIDER,
 * PAYMENT_CHANNELS, INSURER_PROVIDER, IDENTITY_PROVIDER, GEOCODER_PROVIDER,
 * ESIGN_PROVIDER, … —
 * and the app iterates what this builds: it names no provider and no channel.
 *
 * In production a sandbox is refused unless ALLOW_SANDBOX=true
 * ({@link assertSandboxPolicy}); a sandbox's pages (cashier, OAuth, face) are
 * mounted only when that sandbox is configured.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { SandboxGeocoder } from './geocoder/sandbox-geocoder.ts';
import type { GeocoderProvider } from './geocoder/geocoder-provider.ts';
import type { IdentityProvider } from './identity/identity-provider.ts';
import { sandboxFaceRoutes } from './identity/sandbox-face-routes.ts';
import { SandboxIdentityProvider } from './identity/sandbox-identity-provider.ts';
import { TencentFaceidProvider } from './identity/tencent-faceid-provider.ts';
import type { InsurerProvider } from './insurer/insurer-provider.ts';
import { SandboxInsurerProvider } from './insurer/sandbox-insurer-provider.ts';
import { DatabaseNonceStore, GATEWAY_NOTIFY_PATH, GatewayInsurerProvider } from './insurer/gateway-insurer-provider.ts';
import { PAYMENT_CHANNEL_IMPLEMENTATIONS } from './payment/channels.ts';
import type { PaymentChannelContext, PaymentChannelDescriptor, ProviderLog, SandboxKeys, SandboxPageContext } from './payment/payment-channel.ts';
import { generateRsaKeyPair, generateRsaKeyPairAsync } from './payment/signing.ts';
import type { PaymentProvider } from './payment/payment-provider.ts';
import { ConsoleSmsProvider } from './sms/console-sms-provider.ts';
import { AliyunSmsProvider } from './sms/aliyun-sms-provider.ts';
import { TencentSmsProvider } from './sms/tencent-sms-provider.ts';
import { SandboxWeChatJssdkProvider, type WeChatJssdkProvider } from './wechat/wechat-jssdk-provider.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import type { Db } from '../db/db.ts';
import type { EsignProvider } from './esign/esign-provider.ts';
import { esignSandboxSecret, SandboxEsignProvider } from './esign/sandbox-esign-provider.ts';
import { sandboxEsignRoutes } from './esign/sandbox-esign-routes.ts';
import { TencentEssProvider } from './esign/tencent-ess-provider.ts';
import type { RawNotificationPost } from './payment/notification-delivery.ts';
import { DatabaseStorage, FolderStorage, type StorageProvider } from './storage/storage-provider.ts';
import { join } from 'node:path';
import { NoMailProvider, type MailProvider } from './mail/mail-provider.ts';
import { SandboxMailProvider } from './mail/sandbox-mail-provider.ts';
import { SmtpMailProvider } from './mail/smtp-mail-provider.ts';
import { TencentGeocoder } from './geocoder/tencent-geocoder.ts';
import { OfficialAccountJssdkProvider } from './wechat/official-account-jssdk.ts';
import { S3Storage } from './storage/s3-storage.ts';
import type { CallOut } from './outbound.ts';

/** What a (non-payment) provider is built with. */
export interface ProviderContext {
  config: AppConfig;
  now: () => Date;
  log: ProviderLog;
  /** The database (the database storage provider keeps files in it). */
  db: Db;
  /** How a sandbox posts its callbacks to this server (the e-sign sandbox). */
  post: RawNotificationPost;
  /** First retry delay of sandbox callbacks (tests shorten it). */
  retryBaseMs?: number;
  /** How a real adapter calls its vendor (outbound.ts). */
  callOut: CallOut;
}

export type SandboxPages = (app: FastifyInstance, context: SandboxPageContext) => Promise<void>;

/** One implementation of one kind of provider. */
export interface ProviderDescriptor<T> {
  readonly name: string;
  /** Sandboxes are refused in production unless ALLOW_SANDBOX=true. */
  readonly sandbox: boolean;
  create(context: ProviderContext): T;
  /** Pages the implementation serves itself (a sandbox's face page), mounted only when it is configured. */
  readonly pages?: SandboxPages;
}

/** The kinds of provider chosen by one variable each, and the interface each implements. */
export interface ProviderKinds {
  sms: SmsProvider;
  insurer: InsurerProvider;
  identity: IdentityProvider;
  geocoder: GeocoderProvider;
  /** The WeChat official account's JSSDK tickets (share configuration). */
  wechat: WeChatJssdkProvider;
  /** Electronic signing of agreements (docs/contracts.md). */
  esign: EsignProvider;
  /** Where generated agreements are kept. */
  storage: StorageProvider;
  /** Outgoing e-mail (the e-policy). */
  mail: MailProvider;
}
export type ProviderKind = keyof ProviderKinds;

/** Every implementation by kind and name (the accepted values of each kind's variable). */
export const PROVIDER_IMPLEMENTATIONS: { readonly [K in ProviderKind]: Readonly<Record<string, ProviderDescriptor<ProviderKinds[K]>>> } = {
  sms: {
    // Prints the code on the console instead of sending it: nobody outside the server reads it.
    console: { name: 'console', sandbox: true, create: ({ config }) => new ConsoleSmsProvider(undefined, config.nodeEnv !== 'production') },
    // Aliyun SMS (dysmsapi) through @alicloud/dysmsapi20170525.
    aliyun: {
      name: 'aliyun',
      sandbox: false,
      create: ({ config, callOut }) => {
        if (config.sms?.vendor !== 'aliyun') throw new Error('SMS_PROVIDER=aliyun needs SMS_SIGN_NAME, SMS_TEMPLATE_CODES and the ALIYUN_SMS_* keys');
        return new AliyunSmsProvider(config.sms, callOut);
      },
    },
    // Tencent Cloud SMS through tencentcloud-sdk-nodejs-sms.
    tencent: {
      name: 'tencent',
      sandbox: false,
      create: ({ config, callOut }) => {
        if (config.sms?.vendor !== 'tencent') throw new Error('SMS_PROVIDER=tencent needs SMS_SIGN_NAME, SMS_TEMPLATE_CODES and the TENCENT_SMS_* keys');
        return new TencentSmsProvider(config.sms, callOut);
      },
    },
  },
  insurer: {
    sandbox: { name: 'sandbox', sandbox: true, create: () => new SandboxInsurerProvider() },
    // The one documented protocol an insurer implements (docs/insurer-gateway.md): HMAC-signed HTTPS JSON both ways.
    gateway: {
      name: 'gateway',
      sandbox: false,
      create: ({ config, db, callOut }) => {
        if (!config.insurerGateway) throw new Error('INSURER_PROVIDER=gateway needs INSURER_GATEWAY_URL, INSURER_GATEWAY_KEY_ID and INSURER_GATEWAY_SECRET_FILE');
        return new GatewayInsurerProvider({
          settings: config.insurerGateway,
          callOut,
          nonces: new DatabaseNonceStore(db),
          ...(config.publicUrl ? { notifyUrl: `${config.publicUrl}${GATEWAY_NOTIFY_PATH}` } : {}),
        });
      },
    },
  },
  identity: {
    sandbox: {
      name: 'sandbox',
      sandbox: true,
      create: () => new SandboxIdentityProvider(),
      pages: (app, context) => sandboxFaceRoutes(app, { deps: context.deps }),
    },
    // Tencent Cloud FaceID (人脸核身): IdCardVerification, and the H5 face flow (DetectAuth, GetDetectInfoEnhanced).
    tencent: {
      name: 'tencent',
      sandbox: false,
      create: ({ config, now, callOut }) => {
        if (!config.tencentFaceid) throw new Error('IDENTITY_PROVIDER=tencent needs TENCENT_FACEID_SECRET_ID, TENCENT_FACEID_SECRET_KEY, TENCENT_FACEID_RULE_ID and PUBLIC_URL');
        return new TencentFaceidProvider(config.tencentFaceid, callOut, now);
      },
    },
  },
  geocoder: {
    // Nearest known county seat, offline: good enough to demo, not a geocoding service.
    sandbox: { name: 'sandbox', sandbox: true, create: () => new SandboxGeocoder() },
    // The Tencent Location Service's reverse geocoder, signed with the key's SK.
    tencent: {
      name: 'tencent',
      sandbox: false,
      create: ({ config, callOut }) => {
        if (!config.tencentLbs) throw new Error('GEOCODER_PROVIDER=tencent needs TENCENT_LBS_KEY and TENCENT_LBS_SK');
        return new TencentGeocoder(config.tencentLbs, callOut);
      },
    },
  },
  wechat: {
    // A made-up official account: signatures are computed like WeChat's, over tickets nobody else knows.
    sandbox: { name: 'sandbox', sandbox: true, create: () => new SandboxWeChatJssdkProvider() },
    // The brokerage's official account: access_token and jsapi_ticket from WeChat's API, held once for every instance.
    official: {
      name: 'official',
      sandbox: false,
      create: ({ config, db, now, callOut }) => {
        if (!config.wechatMp) throw new Error('WECHAT_JSSDK_PROVIDER=official needs WECHAT_MP_APPID and WECHAT_MP_SECRET');
        return new OfficialAccountJssdkProvider(config.wechatMp, db, now, callOut);
      },
    },
  },
  esign: {
    // Tasks in the database, its own signing page, HMAC-signed callbacks retried, sometimes twice or out of order.
    sandbox: {
      name: 'sandbox',
      sandbox: true,
      create: ({ config, now, log, post, retryBaseMs, db }) =>
        new SandboxEsignProvider({
          db,
          secret: esignSandboxSecret(config.paySandboxSecret),
          baseUrl: config.publicUrl ?? '',
          notifyPath: '/_gw/edu-svc/jzq/api/notify/sandbox',
          post,
          notifyDelayMs: config.sandboxNotifyDelayMs,
          ...(retryBaseMs === undefined ? {} : { retryBaseMs }),
          now,
          log,
        }),
      pages: (app, context) => sandboxEsignRoutes(app, context),
    },
    // 腾讯电子签 (ess 2020-11-11) through tencentcloud-sdk-nodejs-common's CommonClient; callbacks to /_gw/edu-svc/jzq/api/notify/tencent.
    tencent: {
      name: 'tencent',
      sandbox: false,
      create: ({ config, db, callOut, now }) => {
        if (!config.tencentEss) throw new Error('ESIGN_PROVIDER=tencent needs TENCENT_ESS_SECRET_ID, TENCENT_ESS_SECRET_KEY, TENCENT_ESS_OPERATOR_ID and TENCENT_ESS_CALLBACK_KEY');
        return new TencentEssProvider(config.tencentEss, db, callOut, now);
      },
    },
  },
  storage: {
    // Not sandboxes: both keep the files for real.
    database: { name: 'database', sandbox: false, create: ({ db }) => new DatabaseStorage(db) },
    folder: { name: 'folder', sandbox: false, create: ({ config }) => new FolderStorage(join(config.dataDir, 'files')) },
    // A private bucket on any S3 endpoint (Aliyun OSS, Tencent COS, MinIO).
    s3: {
      name: 's3',
      sandbox: false,
      create: ({ config, callOut }) => {
        if (!config.s3) throw new Error('STORAGE_PROVIDER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
        return new S3Storage(config.s3, callOut);
      },
    },
  },
  mail: {
    // Keeps the last message per address (read by GET /_gw/__dev/mail/latest) and sends nothing.
    sandbox: { name: 'sandbox', sandbox: true, create: () => new SandboxMailProvider() },
    smtp: {
      name: 'smtp',
      sandbox: false,
      create: ({ config, callOut }) => {
        if (!config.smtp) throw new Error('MAIL_PROVIDER=smtp needs SMTP_URL and MAIL_FROM');
        return new SmtpMailProvider(config.smtp, callOut);
      },
    },
    // A deployment that mails nothing: sendEmail answers 邮件服务暂未开通.
    none: { name: 'none', sandbox: false, create: () => new NoMailProvider() },
  },
};

/** The environment variable that chooses each kind, and its default. */
export const PROVIDER_VARIABLES: { readonly [K in ProviderKind]: { variable: string; fallback: string } } = {
  sms: { variable: 'SMS_PROVIDER', fallback: 'console' },
  insurer: { variable: 'INSURER_PROVIDER', fallback: 'sandbox' },
  identity: { variable: 'IDENTITY_PROVIDER', fallback: 'sandbox' },
  geocoder: { variable: 'GEOCODER_PROVIDER', fallback: 'sandbox' },
  wechat: { variable: 'WECHAT_JSSDK_PROVIDER', fallback: 'sandbox' },
  esign: { variable: 'ESIGN_PROVIDER', fallback: 'sandbox' },
  storage: { variable: 'STORAGE_PROVIDER', fallback: 'database' },
  mail: { variable: 'MAIL_PROVIDER', fallback: 'sandbox' },
};

export const PROVIDER_KINDS = Object.keys(PROVIDER_VARIABLES) as ProviderKind[];

/** One configured payment channel (PAYMENT_CHANNELS=wechat:sandbox). */
export interface PaymentChannelChoice {
  channel: string;
  implementation: string;
}

/** What the configuration chose. */
export type ProviderChoice = { readonly [K in ProviderKind]: string } & { readonly paymentChannels: readonly PaymentChannelChoice[] };

/** Unset PAYMENT_CHANNELS: every channel of the list, in its order (its first implementation: the sandbox). */
export const DEFAULT_PAYMENT_CHANNELS = [...new Set(PAYMENT_CHANNEL_IMPLEMENTATIONS.map((d) => d.channel))].join(',');

function channelDescriptor(choice: PaymentChannelChoice): PaymentChannelDescriptor | undefined {
  return PAYMENT_CHANNEL_IMPLEMENTATIONS.find((d) => d.channel === choice.channel && d.implementation === choice.implementation);
}

/**
 * Parses PAYMENT_CHANNELS. Returns the choices, or the problem in the words of
 * a configuration error ("must be …").
 */
export function parsePaymentChannels(value: string): { ok: true; channels: PaymentChannelChoice[] } | { ok: false; problem: string } {
  const accepts = `a comma-separated list of channel or channel:implementation from ${PAYMENT_CHANNEL_IMPLEMENTATIONS.map((d) => `${d.channel}:${d.implementation}`).join(', ')}`;
  const channels: PaymentChannelChoice[] = [];
  for (const item of value.split(',').map((part) => part.trim())) {
    const [channel = '', named, extra] = item.split(':');
    // A bare channel means its first implementation in the list.
    const implementation = named ?? PAYMENT_CHANNEL_IMPLEMENTATIONS.find((d) => d.channel === channel)?.implementation ?? '';
    const choice = { channel, implementation };
    if (extra !== undefined || !channelDescriptor(choice)) return { ok: false, problem: `${accepts}; "${item}" is not one` };
    if (channels.some((c) => c.channel === channel)) return { ok: false, problem: `${accepts}, each channel once; "${channel}" is listed twice` };
    channels.push(choice);
  }
  return { ok: true, channels };
}

/** The settings of the configured real channels (ALIPAY_*, …), by channel, or the problems of the variables. */
export function readChannelSettings(
  channels: readonly PaymentChannelChoice[],
  env: Readonly<Record<string, string | undefined>>,
): { settings: Record<string, unknown>; problems: string[] } {
  const settings: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const choice of channels) {
    const read = channelDescriptor(choice)?.settings;
    if (!read) continue;
    const result = read(env);
    problems.push(...result.problems);
    if (result.settings !== undefined) settings[choice.channel] = result.settings;
  }
  return { settings, problems };
}

/** What an empty environment chooses (every default above). */
export function defaultProviderChoice(): ProviderChoice {
  const parsed = parsePaymentChannels(DEFAULT_PAYMENT_CHANNELS);
  if (!parsed.ok) throw new Error(parsed.problem);
  const kinds = Object.fromEntries(PROVIDER_KINDS.map((kind) => [kind, PROVIDER_VARIABLES[kind].fallback])) as Record<ProviderKind, string>;
  return { ...kinds, paymentChannels: parsed.channels };
}

/** The configured sandboxes, each as the setting that chose it (for the production refusal). */
export function configuredSandboxes(choice: ProviderChoice): string[] {
  const found: string[] = [];
  for (const kind of PROVIDER_KINDS) {
    if (PROVIDER_IMPLEMENTATIONS[kind][choice[kind]]?.sandbox !== false) found.push(`${PROVIDER_VARIABLES[kind].variable}=${choice[kind]}`);
  }
  const channels = choice.paymentChannels.filter((c) => channelDescriptor(c)?.sandbox !== false);
  if (channels.length > 0) found.push(`PAYMENT_CHANNELS ${channels.map((c) => `${c.channel}:${c.implementation}`).join(',')}`);
  return found;
}

/** Every provider chosen, as the setting that chose it, sandboxes marked: the line the server prints at start. */
export function describeProviders(choice: ProviderChoice): string {
  const kinds = PROVIDER_KINDS.map((kind) => {
    const sandbox = PROVIDER_IMPLEMENTATIONS[kind][choice[kind]]?.sandbox !== false;
    return `${PROVIDER_VARIABLES[kind].variable}=${choice[kind]}${sandbox ? ' (sandbox)' : ''}`;
  });
  const channels = choice.paymentChannels.map((c) => `${c.channel}:${c.implementation}${channelDescriptor(c)?.sandbox !== false ? ' (sandbox)' : ''}`);
  return [...kinds, `PAYMENT_CHANNELS=${channels.join(',')}`].join('; ');
}

/** Thrown when production would start on a sandbox without ALLOW_SANDBOX=true. */
export class SandboxRefused extends Error {
  constructor(readonly sandboxes: string[]) {
    super(
      `NODE_ENV=production refuses sandbox providers: ${sandboxes.join('; ')}. ` +
        'Configure real providers, or set ALLOW_SANDBOX=true for a staging or demo deployment ' +
        '(a sandbox cashier lets anyone mark an order paid).',
    );
    this.name = 'SandboxRefused';
  }
}

/** In production, sandboxes only with ALLOW_SANDBOX=true. */
export function assertSandboxPolicy(config: Pick<AppConfig, 'nodeEnv' | 'allowSandbox' | 'providers'>): void {
  if (config.nodeEnv !== 'production' || config.allowSandbox) return;
  const sandboxes = configuredSandboxes(config.providers);
  if (sandboxes.length > 0) throw new SandboxRefused(sandboxes);
}

/** Provider instances a caller (a test, a benchmark) brings instead of the configured ones. */
export type ProviderOverrides = Partial<ProviderKinds>;

/** What the app runs with. */
export type Providers = ProviderKinds & {
  /** Payment providers by channel (the `:provider` of the notify route). */
  payments: ReadonlyMap<string, PaymentProvider>;
  /** The pages of the configured sandboxes, to mount outside /_gw. */
  pages: SandboxPages[];
};

function configured<K extends ProviderKind>(kind: K, choice: ProviderChoice): ProviderDescriptor<ProviderKinds[K]> {
  const descriptor = PROVIDER_IMPLEMENTATIONS[kind][choice[kind]];
  if (!descriptor) throw new Error(`${PROVIDER_VARIABLES[kind].variable}: no implementation "${choice[kind]}"`);
  return descriptor;
}

/**
 * Builds the configured providers (an override replaces the configured
 * instance of its kind; the configured sandbox's pages stay). Refuses
 * sandboxes in production without ALLOW_SANDBOX=true.
 */
export function buildProviders(
  context: ProviderContext,
  channelContext: (channel: string) => PaymentChannelContext,
  overrides: ProviderOverrides = {},
): Providers {
  const { config } = context;
  assertSandboxPolicy(config);
  const pages: SandboxPages[] = [];
  const build = <K extends ProviderKind>(kind: K): ProviderKinds[K] => {
    const descriptor = configured(kind, config.providers);
    if (descriptor.pages) pages.push(descriptor.pages);
    return overrides[kind] ?? descriptor.create(context);
  };
  const payments = new Map<string, PaymentProvider>();
  for (const choice of config.providers.paymentChannels) {
    const descriptor = channelDescriptor(choice);
    if (!descriptor) throw new Error(`PAYMENT_CHANNELS: no implementation "${choice.channel}:${choice.implementation}"`);
    const instance = descriptor.instantiate(channelContext(choice.channel), config.paymentKeys[choice.channel]);
    payments.set(choice.channel, instance.provider);
    if (instance.routes) pages.push(instance.routes);
  }
  return { sms: build('sms'), insurer: build('insurer'), identity: build('identity'), geocoder: build('geocoder'), wechat: build('wechat'), esign: build('esign'), storage: build('storage'), mail: build('mail'), payments, pages };
}

/** The configured channels whose sandbox keys `stored` lacks (or holds unusable), with what makes them. */
export function missingSandboxKeys(channels: readonly PaymentChannelChoice[], stored: Readonly<Record<string, unknown>>): [string, SandboxKeys<unknown>][] {
  const missing = new Map<string, SandboxKeys<unknown>>();
  for (const choice of channels) {
    const spec = channelDescriptor(choice)?.keys;
    if (spec && !spec.valid(stored[choice.channel])) missing.set(choice.channel, spec);
  }
  return [...missing];
}

/** Sandbox keys of the configured channels: those `stored` holds when usable, new ones otherwise. */
export function resolveSandboxKeys(
  channels: readonly PaymentChannelChoice[],
  stored: Readonly<Record<string, unknown>>,
): { keys: Record<string, unknown>; generated: boolean } {
  const missing = missingSandboxKeys(channels, stored);
  const keys: Record<string, unknown> = { ...stored };
  for (const [channel, spec] of missing) keys[channel] = spec.make(Array.from({ length: spec.rsaPairs }, generateRsaKeyPair));
  return { keys, generated: missing.length > 0 };
}

/**
 * {@link resolveSandboxKeys} with the RSA key pairs generated on libuv's thread
 * pool, all at once: a start on a fresh data folder opens its database meanwhile
 * (about a quarter of such a start when they were generated one after the other
 * on the event loop).
 */
export async function resolveSandboxKeysAsync(
  channels: readonly PaymentChannelChoice[],
  stored: Readonly<Record<string, unknown>>,
): Promise<{ keys: Record<string, unknown>; generated: boolean }> {
  const missing = missingSandboxKeys(channels, stored);
  const made = await Promise.all(missing.map(async ([, spec]) => spec.make(await Promise.all(Array.from({ length: spec.rsaPairs }, generateRsaKeyPairAsync)))));
  const keys: Record<string, unknown> = { ...stored };
  missing.forEach(([channel], i) => (keys[channel] = made[i]));
  return { keys, generated: missing.length > 0 };
}

/** Fresh sandbox keys of every channel that has any (tests and benchmarks: RSA generation is slow, do it once). */
export function generateAllSandboxKeys(): Record<string, unknown> {
  return resolveSandboxKeys(
    PAYMENT_CHANNEL_IMPLEMENTATIONS.map((d) => ({ channel: d.channel, implementation: d.implementation })),
    {},
  ).keys;
}

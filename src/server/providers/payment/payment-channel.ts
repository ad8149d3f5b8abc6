/**
 * What a payment channel module exports: one descriptor that says which
 * channel it implements, whether it is a sandbox, how it is built from the
 * configuration and the options every channel shares, and the pages it serves
 * (sandboxes only). The list of descriptors is `channels.ts`; the app builds
 * the configured ones through the provider registry and never names a channel.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { AppConfig } from '../../config.ts';
import type { PaymentRow } from '../../payments/payments-repo.ts';
import type { NotificationDelivery, RawNotificationPost } from './notification-delivery.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { RsaKeyPair } from './signing.ts';

export interface ProviderLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** What every channel is built with (the app fills it in; tests override delivery and retry timing). */
export interface PaymentChannelContext {
  config: AppConfig;
  /** Origin put before cashier pages ('' for same-origin relative URLs). */
  baseUrl: string;
  /** Path of this channel's notify route: /_gw/pay-svc/api/v1/notify/{channel}. */
  notifyPath: string;
  /** How a sandbox that expects the app's `{code:'0000'}` answer reaches the notify route. */
  deliver: NotificationDelivery;
  /** How a sandbox that judges the raw answer (WeChat, Alipay, JD styles) reaches the notify route. */
  post: RawNotificationPost;
  notifyDelayMs: number;
  retryBaseMs: number | undefined;
  log: ProviderLog;
  now: () => Date;
}

/** What the pages of a sandbox (cashier, OAuth, face) are given. */
export interface SandboxPageContext {
  deps: AppDeps;
  findTrade: (tradeNo: string) => Promise<PaymentRow | undefined>;
  /** Where 取消支付 leads: back to the policy list, where the order waits to be paid. */
  cancelUrl: string;
  /** Only redirects to the app's own pages are allowed (no open redirect). */
  publicUrl: string | undefined;
}

/**
 * Keys a sandbox signs with, generated once into DATA_DIR/dev-payment-keys.json
 * (under the channel's name) so that trades survive a restart. A real channel
 * reads its merchant keys from its own environment variables instead.
 */
export interface SandboxKeys<K> {
  generate(): K;
  /** Whether what the keys file holds for this channel is usable (else new keys are generated). */
  valid(value: unknown): value is K;
}

/** The typed form a channel module writes; {@link definePaymentChannel} erases it for the list. */
export interface PaymentChannelSpec<P extends PaymentProvider, K> {
  /** The `:provider` of the notify route and the `payments.provider` column. */
  channel: string;
  /** Chosen by PAYMENT_CHANNELS=channel:implementation ('sandbox' when left out). */
  implementation: string;
  /** Sandboxes are refused in production unless ALLOW_SANDBOX=true. */
  sandbox: boolean;
  keys?: SandboxKeys<K>;
  create(context: PaymentChannelContext, keys: K): P;
  /** The channel's own pages (a sandbox's cashier, WeChat's OAuth page), registered only when the channel is configured. */
  routes?(app: FastifyInstance, provider: P, context: SandboxPageContext): Promise<void>;
}

export interface PaymentChannelInstance {
  provider: PaymentProvider;
  routes: ((app: FastifyInstance, context: SandboxPageContext) => Promise<void>) | undefined;
}

export interface PaymentChannelDescriptor {
  readonly channel: string;
  readonly implementation: string;
  readonly sandbox: boolean;
  readonly keys: SandboxKeys<unknown> | undefined;
  /** @param keys what `keys.valid` accepted (undefined for a channel without sandbox keys) */
  instantiate(context: PaymentChannelContext, keys: unknown): PaymentChannelInstance;
}

export function definePaymentChannel<P extends PaymentProvider, K = undefined>(spec: PaymentChannelSpec<P, K>): PaymentChannelDescriptor {
  return {
    channel: spec.channel,
    implementation: spec.implementation,
    sandbox: spec.sandbox,
    keys: spec.keys,
    instantiate(context, keys) {
      if (spec.keys && !spec.keys.valid(keys)) throw new Error(`payment channel ${spec.channel}: unusable sandbox keys`);
      const provider = spec.create(context, keys as K);
      const routes = spec.routes;
      return { provider, routes: routes && ((app, pageContext) => routes(app, provider, pageContext)) };
    },
  };
}

/** A PEM key pair as the sandboxes store them. */
export function isRsaKeyPair(value: unknown): value is RsaKeyPair {
  const pair = value as { privateKey?: unknown; publicKey?: unknown } | null | undefined;
  return typeof pair?.privateKey === 'string' && typeof pair.publicKey === 'string';
}

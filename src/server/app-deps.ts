import type { FastifyRequest } from 'fastify';
import type { AccessClaims, AccessTokens } from './auth/access-token.ts';
import type { ManifestStore } from './catalogue/manifest-store.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/db.ts';
import type { InsurerProvider } from './providers/insurer/insurer-provider.ts';
import type { PaymentProvider } from './providers/payment/payment-provider.ts';
import type { SmsOutbox } from './providers/sms/sms-outbox.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
// --- markets
import type { MarketStore } from './markets/market-store.ts';
import type { GeocoderProvider } from './providers/geocoder/geocoder-provider.ts';
import type { WeChatJssdkProvider } from './providers/wechat/wechat-jssdk-provider.ts';
// --- accounts
import type { IdentityProvider } from './providers/identity/identity-provider.ts';
import type { EsignProvider } from './providers/esign/esign-provider.ts';
import type { StorageProvider } from './providers/storage/storage-provider.ts';
import type { MailProvider } from './providers/mail/mail-provider.ts';

/** Hooks only a test injects (through BuildAppOptions.hooks); the server never sets one. */
export interface TestHooks {
  /** Runs right after an order's transaction commits, before the answer (the crash-after-commit test kills the process here). */
  afterOrderCommit?: () => void;
  /** Awaited inside an order's transaction once its insured people are locked (tests hold an order in flight here). */
  orderLocked?: (serial: string) => Promise<void>;
  /** Runs right after a channel answered a refund, before the answer is written (the refund crash test kills the process here). */
  afterRefundSent?: (refundNo: string) => void;
}

/** What route modules receive: handles and providers, never globals. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  now: () => Date;
  manifests: ManifestStore;
  tokens: AccessTokens;
  sms: SmsProvider;
  /** Present only when development endpoints are on. */
  smsOutbox: SmsOutbox | undefined;
  /** Payment providers by name (the `:provider` of the notify route). */
  payments: ReadonlyMap<string, PaymentProvider>;
  insurer: InsurerProvider;
  /** onRequest hook of routes that need a logged-in user (runs before body validation). */
  requireUser: (request: FastifyRequest) => Promise<void>;
  /** onRequest hook of a protected route whose handler checks the session itself (http/auth-guard.ts `tokenGuard`). */
  requireToken: (request: FastifyRequest) => Promise<void>;
  /** The caller of an `optional` call: a valid, unrevoked token's claims, else null. */
  optionalUser: (request: FastifyRequest) => Promise<AccessClaims | null>;
  // --- markets
  /** The market configuration (manifests/markets). */
  markets: MarketStore;
  /** Device position → county. */
  geocoder: GeocoderProvider;
  // --- accounts
  /** Real-name and face checks (sandbox by default). */
  identity: IdentityProvider;
  // --- promoters
  /** The WeChat JSSDK ticket source (share configuration). */
  wechat: WeChatJssdkProvider;
  // --- contracts
  esign: EsignProvider;
  storage: StorageProvider;
  /** Outgoing e-mail (MAIL_PROVIDER). */
  mail: MailProvider;
  /** The development clock's offset (POST __dev/clock); `now` adds it. Always 0 outside development. */
  clock: { offsetMs: number };
  /** Test-only hooks; empty in every server. */
  hooks: TestHooks;
}

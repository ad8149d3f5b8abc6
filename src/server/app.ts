import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { fillPath, GW } from '../contract/paths.ts';
import type { AppDeps } from './app-deps.ts';
import { createAccessTokens } from './auth/access-token.ts';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { registerCatalogueRoutes } from './catalogue/catalogue-routes.ts';
import { loadManifestStore, type ManifestStore } from './catalogue/manifest-store.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { installAuth } from './http/auth-guard.ts';
import { installErrorHandlers } from './http/error-handler.ts';
import { loggerOptions } from './http/log-options.ts';
import { installValidators } from './http/validation.ts';
import { registerOpenApi, registerOpenApiRoute } from './http/openapi.ts';
import { routesOf } from './http/route.ts';
import { registerOrderRoutes } from './orders/order-routes.ts';
import { retryWaitingIssues } from './payments/issue-policy.ts';
import { registerPaymentRoutes } from './payments/payment-routes.ts';
import { getPaymentByTradeNo } from './payments/payments-repo.ts';
import type { InsurerProvider } from './providers/insurer/insurer-provider.ts';
import type { PaymentProvider } from './providers/payment/payment-provider.ts';
import { SandboxInsurerProvider } from './providers/insurer/sandbox-insurer-provider.ts';
import { selfDelivery, selfRawPost, type NotificationDelivery, type RawNotificationPost } from './providers/payment/notification-delivery.ts';
import { AlipayProvider } from './providers/payment/alipay-provider.ts';
import { channelSandboxRoutes } from './providers/payment/channel-sandbox-routes.ts';
import type { ChannelSandboxOptions } from './providers/payment/channel-sandbox-provider.ts';
import { JdPayProvider } from './providers/payment/jd-pay-provider.ts';
import { WechatPayProvider } from './providers/payment/wechat-pay-provider.ts';
import { sandboxCashierRoutes } from './providers/payment/sandbox-cashier-routes.ts';
import { SandboxPaymentProvider } from './providers/payment/sandbox-payment-provider.ts';
import { ConsoleSmsProvider } from './providers/sms/console-sms-provider.ts';
import { SmsOutbox } from './providers/sms/sms-outbox.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { seedDemoData } from './seed/seed-demo.ts';
import { registerRatingRoutes } from './ratings/ratings-routes.ts';
// --- accounts
import { isSessionRevoked } from './auth/sessions.ts';
import { SandboxIdentityProvider } from './providers/identity/sandbox-identity-provider.ts';
import type { IdentityProvider } from './providers/identity/identity-provider.ts';
import { sandboxFaceRoutes } from './providers/identity/sandbox-face-routes.ts';
import { registerStaticWeb } from './static-web/static-web.ts';
// --- markets
import { join } from 'node:path';
import { createMarketStore, loadMarketStore, type MarketStore } from './markets/market-store.ts';
import { registerMarketRoutes } from './markets/market-routes.ts';
import type { GeocoderProvider } from './providers/geocoder/geocoder-provider.ts';
import { SandboxGeocoder } from './providers/geocoder/sandbox-geocoder.ts';
// --- schools and information pages (issue 6, info)
import { registerSchoolRoutes } from './schools/school-routes.ts';
import { registerContentRoutes } from './content/content-routes.ts';
import { seedSchools } from './seed/seed-schools.ts';
// --- policies
import { applyIssueOutcome } from './orders/issuance.ts';
import { LifecycleScheduler } from './orders/lifecycle-scheduler.ts';
import { registerPolicyRoutes } from './orders/policy-routes.ts';
import { isAsyncInsurer } from './providers/insurer/insurer-provider.ts';
import { paymentCalls } from '../contract/payment.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment sandbox (tests await `settled()` for its asynchronous notifications). */
    sandboxPayments: SandboxPaymentProvider;
    /** The SMS outbox when development endpoints are on. */
    smsOutbox: SmsOutbox | undefined;
    // --- policies
    /** The lifecycle's time-driven transitions (tests call runOnce with a moved clock). */
    lifecycle: LifecycleScheduler;
    /**
     * Resolves when every sandbox has gone quiet: payment notifications delivered and the
     * policies they paid for issued (or refused) by the insurer sandbox. Tests await it.
     */
    settled: () => Promise<void>;
    /** The WeChat Pay, Alipay and JD sandboxes (tests sign notifications with them and await `settled()`). */
    paymentChannels: { wechat: WechatPayProvider; alipay: AlipayProvider; jd: JdPayProvider };
  }
}

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  /** Pino options, or false for no logs; defaults to masked, redacted logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the manifests of config.manifestsDir, validated. */
  manifests?: ManifestStore;
  /** Clock, for tests of time-driven statuses. */
  now?: () => Date;
  /** Where SMS go; the console by default. */
  sms?: SmsProvider;
  insurer?: InsurerProvider;
  /** How the payment sandbox reaches the notify route; the server itself by default. */
  sandboxDelivery?: NotificationDelivery;
  /** First retry delay of sandbox notifications. */
  sandboxRetryBaseMs?: number;
  /** How the WeChat, Alipay and JD sandboxes reach their notify routes; the server itself by default. */
  channelPost?: RawNotificationPost;
  /** Create the demo data; defaults to config.seed. */
  seed?: boolean;
  // --- markets
  /** Defaults to the markets of `<config.manifestsDir>/markets`, validated against the products (none when `manifests` is given). */
  markets?: MarketStore;
  /** Defaults to the sandbox geocoder (nearest known county seat). */
  geocoder?: GeocoderProvider;
  // --- accounts
  /** Real-name and face checks; the sandbox by default. */
  identity?: IdentityProvider;
  // --- schools (issue 6, info)
  /** Seed the school directory (reference data every running server needs); defaults to config.seed. */
  seedSchools?: boolean;
  // --- policies
  /** Sees every route as it is registered (the ownership matrix test lists the calls with it). */
  onRoute?: (route: RouteOptions) => void;
}

const BODY_LIMIT_BYTES = 256 * 1024;

/** Builds the whole app without listening: `server.ts` listens, tests use `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const manifests = options.manifests ?? loadManifestStore(config.manifestsDir);

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    // Ids for log correlation only; never trust a client-supplied one.
    requestIdHeader: false,
  });
  installValidators(app);
  installErrorHandlers(app);
  await registerOpenApi(app, { reference: config.devEndpoints });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const tokens = createAccessTokens(config.jwtSecret, now);
  const requireUser = installAuth(app, tokens, (claims) => isSessionRevoked(db, claims));
  const innerSms = options.sms ?? new ConsoleSmsProvider();
  const smsOutbox = config.devEndpoints ? new SmsOutbox(innerSms) : undefined;
  const sandbox = new SandboxPaymentProvider({
    secret: config.paySandboxSecret,
    baseUrl: config.publicUrl ?? '',
    notifyPath: GW + fillPath(paymentCalls.payNotify.path, { provider: 'sandbox' }),
    deliver: options.sandboxDelivery ?? selfDelivery(app),
    notifyDelayMs: config.sandboxNotifyDelayMs,
    retryBaseMs: options.sandboxRetryBaseMs,
    log: app.log,
    now,
  });
  app.decorate('sandboxPayments', sandbox);
  const channelOptions = (name: string): ChannelSandboxOptions => ({
    baseUrl: config.publicUrl ?? '',
    notifyPath: GW + fillPath(paymentCalls.payNotify.path, { provider: name }),
    post: options.channelPost ?? selfRawPost(app),
    notifyDelayMs: config.sandboxNotifyDelayMs,
    retryBaseMs: options.sandboxRetryBaseMs,
    log: app.log,
    now,
  });
  const channels = {
    wechat: new WechatPayProvider(channelOptions('wechat'), config.paymentKeys.wechat),
    alipay: new AlipayProvider(channelOptions('alipay'), config.paymentKeys.alipay),
    jd: new JdPayProvider(channelOptions('jd'), config.paymentKeys.jd),
  };
  app.decorate('paymentChannels', channels);
  app.decorate('smsOutbox', smsOutbox);

  const deps: AppDeps = {
    db,
    config,
    now,
    manifests,
    tokens,
    sms: smsOutbox ?? innerSms,
    smsOutbox,
    payments: new Map<string, PaymentProvider>([
      [sandbox.name, sandbox],
      [channels.wechat.name, channels.wechat],
      [channels.alipay.name, channels.alipay],
      [channels.jd.name, channels.jd],
    ]),
    insurer: options.insurer ?? new SandboxInsurerProvider(),
    requireUser,
    // --- markets
    // Markets are checked against the product catalogue they come with: a test that brings its own
    // products brings its own markets (or none).
    markets: options.markets ?? (options.manifests ? createMarketStore([]) : loadMarketStore(join(config.manifestsDir, 'markets'), manifests)),
    geocoder: options.geocoder ?? new SandboxGeocoder(),
    // --- accounts
    identity: options.identity ?? new SandboxIdentityProvider(),
  };

  await app.register(
    async (gw) => {
      registerOpenApiRoute(gw, routesOf(gw, deps));
      registerAuthRoutes(gw, deps);
      registerCatalogueRoutes(gw, deps);
      registerOrderRoutes(gw, deps);
      registerPaymentRoutes(gw, deps);
      // --- ratings
      registerRatingRoutes(gw, deps);
      // --- markets
      registerMarketRoutes(gw, deps);
      // --- schools and information pages (issue 6, info)
      registerSchoolRoutes(gw, deps);
      registerContentRoutes(gw, deps);
    },
    { prefix: GW },
  );
  await app.register(sandboxCashierRoutes, {
    sandbox,
    findTrade: (tradeNo: string) => getPaymentByTradeNo(db, tradeNo),
    cancelUrl: `${config.publicUrl ?? ''}/#/policyList`,
  });
  // --- accounts
  await app.register(sandboxFaceRoutes, { deps });
  await app.register(channelSandboxRoutes, {
    channels: [channels.wechat, channels.alipay, channels.jd],
    wechat: channels.wechat,
    findTrade: (tradeNo: string) => getPaymentByTradeNo(db, tradeNo),
    cancelUrl: `${config.publicUrl ?? ''}/#/policyList`,
    publicUrl: config.publicUrl,
  });
  await registerStaticWeb(app, config.distDir);

  // Before the socket closes, so that a notification being delivered over HTTP can still land.
  app.addHook('preClose', async () => {
    sandbox.stop();
    for (const channel of Object.values(channels)) channel.stop();
    await Promise.all([sandbox.settled(), ...Object.values(channels).map((channel) => channel.settled())]);
  });
  app.addHook('onReady', async () => {
    // Orders paid but never issued because the process stopped in between.
    retryWaitingIssues(deps, app.log).catch((error: unknown) => app.log.error({ err: error }, 'issue recovery failed'));
  });

  // --- policies: lifecycle calls, asynchronous issuance outcomes, the time-driven transitions
  await app.register(async (gw) => registerPolicyRoutes(gw, deps), { prefix: GW });
  if (isAsyncInsurer(deps.insurer)) deps.insurer.onOutcome((outcome) => applyIssueOutcome(deps, outcome, app.log));
  const lifecycle = new LifecycleScheduler({ db, now, log: app.log, intervalMs: config.lifecycleIntervalMs });
  app.decorate('lifecycle', lifecycle);
  app.decorate('settled', async () => {
    // A delivered notification asks the insurer, whose outcome may start nothing new: two rounds settle it.
    for (let round = 0; round < 2; round++) {
      await Promise.all([sandbox.settled(), ...Object.values(channels).map((channel) => channel.settled())]);
      if (deps.insurer instanceof SandboxInsurerProvider) await deps.insurer.settled();
    }
  });
  app.addHook('onReady', async () => {
    if (config.lifecycleIntervalMs) lifecycle.start();
  });
  app.addHook('preClose', async () => {
    await lifecycle.stop();
    if (deps.insurer instanceof SandboxInsurerProvider) {
      await deps.insurer.settled();
      deps.insurer.stop();
    }
  });

  if (options.seed ?? config.seed) await seedDemoData(deps, app.log);
  // --- schools (issue 6, info)
  if (options.seedSchools ?? config.seed) await seedSchools(deps, app.log);
  return app;
}

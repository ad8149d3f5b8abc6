import type { Http2SecureServer } from 'node:http2';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { fillPath, GW } from '../contract/define-call.ts';
import type { AppDeps, TestHooks } from './app-deps.ts';
import { quiescent, scheduleBackgroundJobs, type BackgroundJobs } from './background-jobs.ts';
import { createAccessTokens, type AccessClaims } from './auth/access-token.ts';
import { loadManifestStore, type ManifestStore } from './catalogue/manifest-store.ts';
import { DEFAULT_SLOW_REQUEST_MS, defaultRequestLogSample, type AppConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { installAuth, optionalUserOf, tokenGuard } from './http/auth-guard.ts';
import { answerFrameworkError, installErrorHandlers } from './http/error-handler.ts';
import { closeHttp2SessionsOnClose } from './http/http2-sessions.ts';
import { apiSecurityHeaders, registerHardening, servedOverHttps } from './http/hardening.ts';
import { loggerOptions, RequestLog, requestLoggerFactory } from './http/log-options.ts';
import { installJsonParser, installValidators, lazySerializers } from './http/validation.ts';
import { registerOpenApi } from './http/openapi.ts';
import { retryWaitingIssues } from './payments/issue-policy.ts';
import { getPaymentByTradeNo } from './payments/payments-repo.ts';
import type { InsurerProvider } from './providers/insurer/insurer-provider.ts';
import { selfDelivery, selfRawPost, type NotificationDelivery, type RawNotificationPost } from './providers/payment/notification-delivery.ts';
import type { PaymentChannelContext, SandboxPageContext } from './providers/payment/payment-channel.ts';
import { assertSandboxPolicy, buildProviders, type Providers } from './providers/registry.ts';
import { createCallOut } from './providers/outbound.ts';
import type { MailProvider } from './providers/mail/mail-provider.ts';
import { SmsOutbox } from './providers/sms/sms-outbox.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { registerRouteModules } from './route-modules.ts';
import { seedDemoData } from './seed/seed-demo.ts';
import { seedPromoterDemo } from './seed/seed-promoters.ts';
// --- accounts
import { isSessionRevoked } from './auth/sessions.ts';
import type { IdentityProvider } from './providers/identity/identity-provider.ts';
import { documentInlineScripts, registerStaticWeb } from './static-web/static-web.ts';
// --- markets
import { join } from 'node:path';
import { createMarketStore, loadMarketStore, type MarketStore } from './markets/market-store.ts';
import type { GeocoderProvider } from './providers/geocoder/geocoder-provider.ts';
// --- schools
import { seedSchools } from './seed/seed-schools.ts';
// --- promoters
import type { WeChatJssdkProvider } from './providers/wechat/wechat-jssdk-provider.ts';
import { paymentCalls } from '../contract/payment.ts';

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  /** Pino options, or false for no logs; defaults to masked, redacted logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the manifests of config.manifestsDir, validated. */
  manifests?: ManifestStore;
  /** Clock, for tests of time-driven statuses. */
  now?: () => Date;
  /** Where SMS go instead of the configured provider (SMS_PROVIDER). */
  sms?: SmsProvider;
  /** Instead of the configured insurer (INSURER_PROVIDER). */
  insurer?: InsurerProvider;
  /** How the payment sandbox reaches the notify route; the server itself by default. */
  sandboxDelivery?: NotificationDelivery;
  /** First retry delay of sandbox notifications. */
  sandboxRetryBaseMs?: number;
  /** How the channel sandboxes in their platform's style reach their notify routes; the server itself by default. */
  channelPost?: RawNotificationPost;
  /** Create the demo data; defaults to config.seed; never in production. */
  seed?: boolean;
  // --- markets
  /** Defaults to the markets of `<config.manifestsDir>/markets`, validated against the products (none when `manifests` is given). */
  markets?: MarketStore;
  /** Instead of the configured geocoder (GEOCODER_PROVIDER). */
  geocoder?: GeocoderProvider;
  // --- accounts
  /** Real-name and face checks instead of the configured ones (IDENTITY_PROVIDER). */
  identity?: IdentityProvider;
  /** WeChat JSSDK tickets instead of the configured source (WECHAT_JSSDK_PROVIDER). */
  wechat?: WeChatJssdkProvider;
  /** Outgoing e-mail instead of the configured MAIL_PROVIDER (tests). */
  mail?: MailProvider;
  // --- schools
  /** Seed the school directory (reference data every running server needs); defaults to config.seed. */
  seedSchools?: boolean;
  // --- policies
  /** Sees every route as it is registered (the ownership matrix test lists the calls with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Test-only hooks (the crash test's failpoint); a server passes none. */
  hooks?: TestHooks;
}

/** What a test reaches into: never decorated onto the app, returned only by {@link buildAppWithHandles}. */
export interface AppHandles extends BackgroundJobs {
  providers: Providers;
  /** The SMS outbox when development endpoints are on. */
  smsOutbox: SmsOutbox | undefined;
}

const BODY_LIMIT_BYTES = 256 * 1024;

/** Builds the whole app without listening: `server.ts` listens, tests use `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return (await buildAppWithHandles(options)).app;
}

/** {@link buildApp} plus the providers and scheduler it built, for tests and benchmarks (tests/server/helpers.ts). */
export async function buildAppWithHandles(options: BuildAppOptions): Promise<{ app: FastifyInstance; handles: AppHandles }> {
  const { db, config } = options;
  // First, before anything is loaded: production on sandboxes only with ALLOW_SANDBOX=true.
  assertSandboxPolicy(config);
  // The business clock: real time (or the test's), plus the development clock's offset (POST __dev/clock,
  // development only). Access tokens keep the unshifted clock, so moving the date never logs anyone out.
  const baseNow = options.now ?? (() => new Date());
  const clock = { offsetMs: 0 };
  const now = () => (clock.offsetMs === 0 ? baseNow() : new Date(baseNow().getTime() + clock.offsetMs));
  const manifests = options.manifests ?? loadManifestStore(config.manifestsDir);

  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? loggerOptions(config.logLevel),
    // request.log: the request's pino child, made on its first line only.
    childLoggerFactory: requestLoggerFactory,
    // Fastify's two lines per request are off; one sampled line per completed request instead.
    logController: new RequestLog({
      sampleRate: config.requestLogSample ?? defaultRequestLogSample(config.nodeEnv),
      slowMs: config.slowRequestMs ?? DEFAULT_SLOW_REQUEST_MS,
    }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Ids for log correlation only; never trust a client-supplied one.
    requestIdHeader: false,
    frameworkErrors: answerFrameworkError(apiSecurityHeaders(servedOverHttps(config.publicUrl))),
    // Response serializers compiled on first use (request validators too: installValidators).
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    // The client address from X-Forwarded-For only behind the proxies TRUST_PROXY names.
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
  };
  // TLS_CERT_FILE/TLS_KEY_FILE: HTTPS, HTTP/2 to the browsers that offer it (one connection for every file of
  // a first load instead of six HTTP/1.1 ones; docs/performance.md) and HTTP/1.1 to the others. Requests and
  // replies keep the HTTP/1.1 API (node:http2's compatibility layer), so the app is typed as the plain one.
  const app = (
    config.tls
      ? Fastify({ ...serverOptions, http2: true, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } } as FastifyHttp2SecureOptions<Http2SecureServer>)
      : Fastify(serverOptions)
  ) as unknown as FastifyInstance;
  if (config.tls) closeHttp2SessionsOnClose(app);
  installValidators(app);
  installJsonParser(app);
  installErrorHandlers(app);
  await registerOpenApi(app, { reference: config.devEndpoints });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await registerHardening(app, {
    db,
    manifests,
    publicUrl: config.publicUrl,
    inlineScripts: documentInlineScripts(config.distDir),
    pressure: config.nodeEnv === 'test' ? false : undefined,
  });

  const tokens = createAccessTokens(config.jwtSecret, baseNow);
  const isRevoked = (claims: AccessClaims) => isSessionRevoked(db, claims);
  const requireUser = installAuth(app, tokens, isRevoked);
  const requireToken = tokenGuard(tokens);
  const optionalUser = optionalUserOf(tokens, isRevoked);
  // One way out for every real adapter: its breakers are kept per vendor for the process.
  const callOut = createCallOut({ log: app.log });
  const channelContext = (channel: string): PaymentChannelContext => ({
    config,
    baseUrl: config.publicUrl ?? '',
    notifyPath: GW + fillPath(paymentCalls.payNotify.path, { provider: channel }),
    deliver: options.sandboxDelivery ?? selfDelivery(app),
    post: options.channelPost ?? selfRawPost(app),
    notifyDelayMs: config.sandboxNotifyDelayMs,
    retryBaseMs: options.sandboxRetryBaseMs,
    log: app.log,
    callOut,
    now,
  });
  const providers = buildProviders(
    {
      config,
      now,
      log: app.log,
      db,
      post: options.channelPost ?? selfRawPost(app),
      callOut,
      ...(options.sandboxRetryBaseMs === undefined ? {} : { retryBaseMs: options.sandboxRetryBaseMs }),
    },
    channelContext,
    {
    ...(options.sms ? { sms: options.sms } : {}),
    ...(options.insurer ? { insurer: options.insurer } : {}),
    ...(options.identity ? { identity: options.identity } : {}),
    ...(options.geocoder ? { geocoder: options.geocoder } : {}),
    ...(options.wechat ? { wechat: options.wechat } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    },
  );
  const smsOutbox = config.devEndpoints ? new SmsOutbox(providers.sms) : undefined;

  const deps: AppDeps = {
    db,
    config,
    now,
    manifests,
    tokens,
    sms: smsOutbox ?? providers.sms,
    smsOutbox,
    payments: providers.payments,
    insurer: providers.insurer,
    requireUser,
    requireToken,
    optionalUser,
    // --- markets
    // Markets are checked against the product catalogue they come with: a test that brings its own
    // products brings its own markets (or none).
    markets: options.markets ?? (options.manifests ? createMarketStore([]) : loadMarketStore(join(config.manifestsDir, 'markets'), manifests)),
    geocoder: providers.geocoder,
    // --- accounts
    identity: providers.identity,
    // --- promoters
    wechat: providers.wechat,
    // --- contracts
    esign: providers.esign,
    storage: providers.storage,
    // --- mail
    mail: providers.mail,
    clock,
    hooks: options.hooks ?? {},
  };

  // Every domain's routes, from one list (route-modules.ts): after the OpenAPI plugin and the hardening above,
  // whose hooks they inherit, and before the sandbox pages and the web app, which are no part of the API.
  await registerRouteModules(app, deps);
  // The pages of the configured sandboxes (cashiers, WeChat OAuth, face check), outside /_gw, each in its own scope.
  const pageContext: SandboxPageContext = {
    deps,
    findTrade: (tradeNo: string) => getPaymentByTradeNo(db, tradeNo),
    cancelUrl: `${config.publicUrl ?? ''}/#/policyList`,
    publicUrl: config.publicUrl,
  };
  for (const pages of providers.pages) await app.register(async (scope) => pages(scope, pageContext));
  await registerStaticWeb(app, config.distDir);

  // Before the socket closes, so that a notification being delivered over HTTP can still land.
  app.addHook('preClose', async () => {
    const payments = [...providers.payments.values(), providers.esign].map(quiescent);
    for (const provider of payments) provider.stop?.();
    providers.mail.stop?.();
    await Promise.all(payments.map((provider) => provider.settled?.()));
    // After the e-sign sandbox has settled: its last callback may still store a signed PDF.
    providers.storage.stop?.();
  });
  app.addHook('onReady', async () => {
    // Orders paid but never issued because the process stopped in between.
    retryWaitingIssues(deps, app.log).catch((error: unknown) => app.log.error({ err: error }, 'issue recovery failed'));
  });

  // After the routes and the hooks above: the jobs' onReady and preClose hooks run after theirs (stop the
  // notifications first, then the timers and the insurer).
  const jobs = scheduleBackgroundJobs(app, deps, providers);

  // Demo data never reach a production database, whatever the caller asks.
  if ((options.seed ?? config.seed) && config.nodeEnv !== 'production') {
    await seedDemoData(deps, app.log);
    await seedPromoterDemo(deps, app.log); // --- promoters: the broker 13900139000 and his customers
  }
  // --- schools: reference data, seeded in production too when the server asks (server.ts)
  if (options.seedSchools ?? config.seed) await seedSchools(deps, app.log);
  return { app, handles: { providers, smsOutbox, ...jobs } };
}

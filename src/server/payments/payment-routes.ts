import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { PayUrlQuery, SavePayOutBody, type SavePayOutBody as SavePayOutBodyT } from '../../contract/order.ts';
import { paths } from '../../contract/paths.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ok, rejected } from '../http/envelope.ts';
import { statusClock } from '../orders/effective-status.ts';
import { requireOwnForm } from '../orders/own-form.ts';
import { createPayUrl } from './create-pay-url.ts';
import { upsertPayOut } from './pay-outs-repo.ts';
import { processNotification } from './process-notification.ts';

const NotifyParams = Type.Object({ provider: Type.String({ pattern: '^[a-z]{2,16}$' }) });
/** Notifications are small; a huge body is not one. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const auth = { onRequest: deps.requireUser };

  app.get<{ Querystring: Static<typeof PayUrlQuery> }>(
    paths.payUrl,
    { ...auth, schema: { querystring: PayUrlQuery } },
    async (request) => ok({ payUrl: await createPayUrl(deps, currentUser(request), request.query.appCode) }),
  );

  app.post<{ Body: SavePayOutBodyT }>(
    paths.savePayOut,
    { ...auth, schema: { body: SavePayOutBody } },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const now = deps.now();
      const view = await requireOwnForm(
        deps.db,
        { applicationFormCode: body.applicationFormCode },
        user,
        statusClock(now, deps.config.paymentTimeoutMinutes),
      );
      if (view.productCode !== body.productCode) throw rejected('产品与投保单不符');
      await upsertPayOut(deps.db, {
        applicationFormId: view.formId,
        userId: user.userId,
        productCode: body.productCode,
        startTime: body.startTime ?? null,
        holderCode: body.holderCode ?? null,
        isRenewal: body.isRenewal ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return ok(null);
    },
  );

  // Server-to-server: the body is the provider's signed message, kept verbatim for verification and audit.
  app.register(async (notify) => {
    // Encapsulated: only this route reads bodies as verbatim text.
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser(
      ['application/jose', 'text/plain', 'application/json'],
      { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    notify.post<{ Params: Static<typeof NotifyParams>; Body: string }>(
      paths.payNotify,
      { schema: { params: NotifyParams } },
      async (request) => {
        const outcome = await processNotification(
          deps,
          { provider: request.params.provider, rawBody: String(request.body ?? ''), headers: request.headers },
          request.log,
        );
        request.log.info({ provider: request.params.provider, outcome }, 'payment notification processed');
        return ok(null);
      },
    );
  });
}

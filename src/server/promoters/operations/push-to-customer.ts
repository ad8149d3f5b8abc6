import type { FastifyBaseLogger } from 'fastify';
import { shareTitle } from '../../../contract/promoter.ts';
import type { CustomerPush, CustomerPushBody } from '../../../contract/promoter-area.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireManifest } from '../../catalogue/manifest-store.ts';
import { shanghaiDay } from '../achievement-periods.ts';
import { forgetPushSms, recordPushSms, type Promoter } from '../promoter-area-repo.ts';
import { ensurePromoterCodes } from '../promoters-repo.ts';
import { requireCustomer } from './promoter-access.ts';

/**
 * A product's (or renewal's) link with the promoter's code for one of their
 * customers, and when asked an SMS of it: at most one a customer, kind and
 * day, the day's mark given back when the SMS fails.
 */
export async function pushToCustomer(deps: AppDeps, promoter: Promoter, body: CustomerPushBody, log: FastifyBaseLogger): Promise<CustomerPush> {
  const { db } = deps;
  const { customerId, kind, productCode, sms } = body;
  const customer = await requireCustomer(db, promoter, customerId);
  const manifest = requireManifest(deps.manifests, productCode);
  const now = deps.now();
  const { promoCode } = await ensurePromoterCodes(db, promoter.id, now);
  const query = `productCode=${encodeURIComponent(productCode)}&promoCode=${encodeURIComponent(promoCode)}`;
  const link = kind === 'renewal' ? `/#/insurerenew?${query}` : `/#${manifest.routes[0] ?? '/'}?${query}`;
  const title = shareTitle(manifest.productName);
  let outcome: CustomerPush['sms'] = 'notAsked';
  if (sms) {
    outcome = 'alreadySent';
    const day = shanghaiDay(now);
    const push = { promoterId: promoter.id, customerUserId: customer.userId, day };
    if (await recordPushSms(db, { ...push, kind, productCode, now })) {
      try {
        const values = { product: manifest.productName, link: `${deps.config.publicUrl ?? ''}${link}` };
        if (kind === 'renewal') await deps.sms.send(customer.phone, 'renewalReminder', values);
        else await deps.sms.send(customer.phone, 'customerPush', values);
        outcome = 'sent';
      } catch (error) {
        outcome = 'failed';
        log.warn({ err: error }, 'customer push SMS failed');
        await forgetPushSms(db, push);
      }
    }
  }
  return { link, title, sms: outcome };
}

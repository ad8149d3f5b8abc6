import type { FastifyInstance } from 'fastify';
import { productCalls } from '../../contract/product-calls.ts';
import { computePremium } from '../../engine/pricing/premium.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { requireManifest } from './manifest-store.ts';

/** POST calpremiums (getPrem): the engine's premium of one quote request, for products on sale. */
export function registerQuoteRoute(app: FastifyInstance, deps: AppDeps): void {
  const { manifests } = deps;
  routesOf(app, deps)(productCalls.calPremiums, async (request) => {
    // The contract allows exactly one quote request per call.
    const [quote] = request.body;
    if (!quote) throw rejected('缺少报价请求');
    const manifest = requireManifest(manifests, quote.productCode);
    const [program] = quote.insuranceVOS;
    const factors = Object.fromEntries((quote.factorInfos ?? []).map((f) => [f.factorCode, f.factorValue]));
    const result = computePremium(manifest, {
      planCode: program?.programCode,
      copies: quote.buyCopies ?? program?.count ?? 1,
      factors,
      // Absent: the product's first allowed guarantee years; not allowed: 4001 保障年限无效.
      ...(quote.insureYear !== undefined ? { years: quote.insureYear } : {}),
    });
    if (!result.ok) throw rejected(result.message);
    return ok({ totalPremium: result.totalPremium });
  });
}

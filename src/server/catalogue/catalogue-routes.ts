import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.ts';
import { ProductAttrParams, ProductCodeQuery, ProductListBody, QuoteBody } from '../../contract/product.ts';
import { computePremium } from '../../engine/pricing/premium.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok, rejected } from '../http/envelope.ts';
import { emptyBodyAsObject } from '../http/optional-body.ts';
import { requireManifest } from './manifest-store.ts';
import { inCategory, toProductDisplay, toProductListItem } from './product-views.ts';

export function registerCatalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { manifests } = deps;
  // The catalogue is immutable after start: build the list once.
  const listItems = manifests.all.map((m) => ({ manifest: m, item: toProductListItem(m) }));

  app.post<{ Body: Static<typeof ProductListBody> }>(
    paths.productList,
    { preValidation: emptyBodyAsObject, schema: { body: ProductListBody } },
    async (request) => {
      const category = request.body.category;
      return ok({ list: listItems.filter(({ manifest }) => inCategory(manifest, category)).map((e) => e.item) });
    },
  );

  app.get<{ Querystring: Static<typeof ProductCodeQuery> }>(
    paths.productDisplay,
    { schema: { querystring: ProductCodeQuery } },
    async (request) => ok(toProductDisplay(requireManifest(manifests, request.query.productCode))),
  );

  app.get<{ Params: Static<typeof ProductAttrParams> }>(
    paths.productAttr,
    { schema: { params: ProductAttrParams } },
    async (request) => ok(requireManifest(manifests, request.params.code)),
  );

  app.post<{ Body: Static<typeof QuoteBody> }>(paths.calPremiums, { schema: { body: QuoteBody } }, async (request) => {
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
    });
    if (!result.ok) throw rejected(result.message);
    return ok({ totalPremium: result.totalPremium });
  });
}

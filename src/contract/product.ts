import { Type, type Static } from '@sinclair/typebox';
import type { ProductManifest } from '../engine/manifest/manifest-types.generated.ts';
import { ProductCode } from './common.ts';

/** POST prod-svc/api/v2/product/edu/list: the catalogue on the home page. */
export const ProductListBody = Type.Object(
  { category: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
export const ProductListItem = Type.Object({
  productCode: Type.String(),
  productName: Type.String(),
  path: Type.String({ description: 'Detail route' }),
  subtitle: Type.String(),
  salesArea: Type.String(),
  productCategory2: Type.String(),
  fromPremium: Type.Number({ description: 'Lowest one-copy premium in yuan' }),
  renewalLabel: Type.String({ description: '去续保 or 再次购买' }),
});
export const ProductList = Type.Object({ list: Type.Array(ProductListItem) });
export type ProductListItem = Static<typeof ProductListItem>;

/** GET prod-svc/api/v1/product_display?productCode */
export const ProductCodeQuery = Type.Object({ productCode: ProductCode }, { additionalProperties: false });
export const ProductDisplayItem = Type.Object({
  prodType: Type.Union([Type.Literal('program'), Type.Literal('factor')]),
  code: Type.String(),
  name: Type.String(),
  riskCode: Type.String(),
  riskName: Type.String(),
  list: Type.Array(Type.Object({ code: Type.String(), limitName: Type.String(), showValue: Type.String() })),
});
export const ProductDisplay = Type.Object({
  productCode: Type.String(),
  productName: Type.String(),
  projectCode: Type.String(),
  projectName: Type.String(),
  list: Type.Array(ProductDisplayItem),
});
export type ProductDisplay = Static<typeof ProductDisplay>;

/** GET prod-svc/api/v1/attr/{code}/edu: the product's manifest (all detail attributes). */
export const ProductAttrParams = Type.Object({ code: ProductCode }, { additionalProperties: false });
export const ProductAttr = Type.Unsafe<ProductManifest>({ type: 'object' });

/** One item of the POST prod-svc/calpremiums body (spec §3 Premium quote request). */
export const QuoteRequest = Type.Object(
  {
    productCode: ProductCode,
    buyCopies: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 1 })),
    channelNo: Type.Optional(Type.String({ maxLength: 16 })),
    renewalStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    factorInfos: Type.Optional(
      Type.Array(
        Type.Object(
          { factorCode: Type.String({ maxLength: 40 }), factorValue: Type.String({ maxLength: 40 }) },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
    insuranceVOS: Type.Array(
      Type.Object(
        {
          count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
          programCode: Type.String({ maxLength: 40 }),
          riskBeans: Type.Optional(
            Type.Array(Type.Object({ riskCode: Type.String({ maxLength: 40 }) }, { additionalProperties: false }), {
              maxItems: 20,
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1 },
    ),
  },
  { additionalProperties: false },
);
export type QuoteRequest = Static<typeof QuoteRequest>;
export const QuoteBody = Type.Array(QuoteRequest, { minItems: 1, maxItems: 1 });
export const QuoteResult = Type.Object({ totalPremium: Type.Number() });
export type QuoteResult = Static<typeof QuoteResult>;

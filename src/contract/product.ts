import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { ProductManifest } from '../engine/manifest/manifest-types.generated.ts';
import { ProductCode, YesNo } from './common.ts';
import { defineCall } from './define-call.ts';

/** msg of the 4004 answer for an unknown or offline product (display, quote and order calls). */
export const PRODUCT_UNAVAILABLE = '商品不存在或已下架';

/** Sales status of a product: offline products are validated and kept, but not shown or sold. */
export const ProductStatus = Type.Union([Type.Literal('online'), Type.Literal('offline')]);
export type ProductStatus = Static<typeof ProductStatus>;

/** POST prod-svc/api/v2/product/edu/list: the catalogue on the home page. */
export const PRODUCT_LIST_PAGE_SIZE = 15;
export const ProductListBody = Type.Object(
  {
    category: Type.Optional(Type.String({ maxLength: 20 })),
    pageNum: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000, description: `A page of the list (from 1), pageSize products long (${PRODUCT_LIST_PAGE_SIZE} when unset); without it, the whole list` }),
    ),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: 'Products per page; paging starts at page 1 when only this is set' })),
  },
  { additionalProperties: false },
);
export const ProductListItem = Type.Object({
  productCode: Type.String(),
  productName: Type.String(),
  path: Type.String({ description: 'Detail route' }),
  subtitle: Type.String(),
  image: Type.String({ description: 'Path of the product\'s banner illustration (its own, else its category\'s)' }),
  salesArea: Type.String(),
  productCategory2: Type.String(),
  fromPremium: Type.Number({ description: 'Lowest one-copy premium in yuan' }),
  renewalLabel: Type.String({ description: '去续保 or 再次购买' }),
  noticeRoute: Type.Optional(Type.String({ description: 'The product notice screen bound to this product, when it has one' })),
});
export const ProductList = Type.Object({
  list: Type.Array(ProductListItem),
  total: Type.Integer({ description: 'Products of the category (all pages)' }),
});
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

/**
 * GET prod-svc/api/v1/attr/{code}/edu: the product's manifest (all detail
 * attributes), by own or alias code, offline products included (with their
 * status, so the web app can show 商品不存在或已下架). A plan builder's plans
 * are already built into `plans`.
 */
export const ProductAttrParams = Type.Object({ code: ProductCode }, { additionalProperties: false });

/**
 * GET prod-svc/api/v1/detailRoute/edu?path: the manifest of the product on sale
 * whose detail route (the first of its `routes`, the path the product list
 * gives it) is `path`; 4004 for any other path. A detail page opened by its
 * link resolves its path and gets its manifest in this one call, without the
 * product list first (docs/performance.md "A detail page opened by its link").
 */
export const DetailRouteQuery = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 200, description: 'A hash route path, e.g. /xuzhouNewDetails' }) },
  { additionalProperties: false },
);

/** GET prod-svc/api/v2/attr/{code}/edu?attrMark=ClassOfEduInsure: the product-type state (spec §3). */
export const ProductTypeStateQuery = Type.Object({ attrMark: Type.Literal('ClassOfEduInsure') }, { additionalProperties: false });
export const ProductTypeState = Type.Object({
  productCode: Type.String({ description: 'The product code of the manifest (an alias resolves to it)' }),
  attrMark: Type.Literal('ClassOfEduInsure'),
  status: ProductStatus,
  productCategory1: Type.String(),
  productCategory2: Type.String(),
  productCategory3: Type.String(),
  list: Type.Array(
    Type.Object({
      title: Type.Union([Type.Literal('one'), Type.Literal('two'), Type.Literal('three')]),
      value: Type.String(),
    }),
    { description: 'The same three categories as attributes titled one, two and three' },
  ),
});
export type ProductTypeState = Static<typeof ProductTypeState>;

/** GET prod-svc/api/v2/productdetailsvc?id&channelNo: the detail attributes of spec §3. */
export const ProductDetailQuery = Type.Object(
  { id: ProductCode, channelNo: Type.Optional(Type.String({ maxLength: 16, default: 'edu' })) },
  { additionalProperties: false },
);
const TitleText = Type.Object({ title: Type.String(), text: Type.String() });
export const GuaranteeItem = Type.Object({ limitName: Type.String(), showValue: Type.String(), weight: Type.Number() });
export const ProductDetail = Type.Object({
  productCode: Type.String({ description: 'The code asked for (own or alias)' }),
  newProductCode: Type.String({ description: 'The code the product is sold under (the manifest productCode)' }),
  productName: Type.String(),
  status: ProductStatus,
  renewalLabel: Type.String({ description: '去续保 or 再次购买' }),
  banner: Type.Object({
    title: Type.String(),
    subtitle: Type.String(),
    image: Type.Optional(Type.String()),
    color: Type.Optional(Type.String()),
  }),
  titlePage: Type.Optional(Type.Object({ projectYear: Type.Integer(), title: Type.String(), subtitle: Type.String() })),
  features: Type.Array(TitleText),
  onlineService: Type.String(),
  faq: Type.Array(Type.Object({ q: Type.String(), a: Type.String() })),
  claimProcess: Type.Array(TitleText),
  insuranceNotice: Type.Array(Type.String()),
  guaranteeDetails: Type.Array(
    Type.Object({ planCode: Type.String(), planName: Type.String(), list: Type.Array(GuaranteeItem) }),
    { description: 'Per plan, its duties heaviest first' },
  ),
  cooperationAuthorisation: Type.String(),
  ageLimit: Type.String(),
  salesArea: Type.String(),
  insurancePeriod: Type.String(),
  securityObject: Type.String(),
  configurable: Type.Boolean(),
  internetExclusive: Type.Boolean(),
  customSchoolMode: Type.Union([Type.Literal('01'), Type.Literal('02'), Type.Literal('03'), Type.Literal('')], {
    description: '01 custom plus choose, 02 choose only, 03 custom only; empty when the form asks no school',
  }),
  guaranteeYears: Type.Array(Type.Integer(), {
    description: 'Allowed guarantee years, [1] by default; the first is the default, and with more than one the parent chooses (quote and order insureYear)',
  }),
  Isshoufei: YesNo,
  fixedAgent: Type.Union([Type.Object({ agentCode: Type.String(), agentName: Type.String() }), Type.Null()]),
  pageTemplate: Type.String(),
});
export type ProductDetail = Static<typeof ProductDetail>;

/** POST prod-svc/api/v1/program_display {productCode}: the plan combination (spec §3 plan option / plan combination). */
export const ProgramDisplayBody = Type.Object({ productCode: ProductCode }, { additionalProperties: false });
const DutyItem = Type.Object({ code: Type.String(), limitName: Type.String(), showValue: Type.String(), weight: Type.Number() });
export const ProgramItem = Type.Object({
  prodType: Type.Literal('program'),
  code: Type.String(),
  name: Type.String(),
  productCode: Type.String(),
  productName: Type.String(),
  projectCode: Type.String(),
  projectName: Type.String(),
  risk: Type.Array(Type.Object({ riskCode: Type.String(), riskName: Type.String(), list: Type.Array(DutyItem) }), {
    description: 'Risks of the plan with their duties',
  }),
  riskCode: Type.String({ description: 'The main (first) risk' }),
  riskName: Type.String(),
  list: Type.Array(DutyItem, { description: 'Every duty of the plan, heaviest first' }),
  totalPremium: Type.Number({ description: 'One copy, every factor at its default, in yuan' }),
});
export const FactorItem = Type.Object({
  prodType: Type.Literal('factor'),
  code: Type.String(),
  name: Type.String(),
  default: Type.String(),
  list: Type.Array(Type.Object({ code: Type.String(), name: Type.String() }), { description: 'Options: code is the factorValue' }),
});
export const ProgramDisplay = Type.Object({
  productCode: Type.String(),
  productName: Type.String(),
  projectCode: Type.String(),
  projectName: Type.String(),
  name: Type.String({ description: 'Name of the plan combination (the product name)' }),
  list: Type.Array(ProgramItem),
  factors: Type.Array(FactorItem),
});
export type ProgramDisplay = Static<typeof ProgramDisplay>;

/** GET prod-svc/api/v2/notificationInfo/edu?productCode: the protocol and notice list (spec §3 protocol/clause item). */
export const ProtocolValueMark = Type.Union([
  Type.Literal('insuranceRules'),
  Type.Literal('insuranceClauses'),
  Type.Literal('documentAgreement'),
  Type.Literal('productTerms'),
]);
export const NotificationItem = Type.Object({
  name: Type.String(),
  resourceName: Type.String(),
  order: Type.Integer({ description: '1-based position' }),
  displayNo: Type.Integer(),
  type: Type.Literal('html'),
  content: Type.String({ description: 'The clause as HTML paragraphs (escaped text)' }),
  valueMark: ProtocolValueMark,
  notificationType: Type.Integer({ description: '2 and 3 form one group, others another; 1 when the manifest gives none' }),
  productCode: Type.String(),
});
export const NotificationInfo = Type.Array(NotificationItem);
export type NotificationItem = Static<typeof NotificationItem>;

/** GET edu-svc/resNew/productFilePaths?productCode: the protocol documents as files. */
export const ProductFile = Type.Object({
  name: Type.String(),
  url: Type.String({ description: 'Address of the document rendered as an HTML page (GET, no log-in)' }),
  valueMark: ProtocolValueMark,
  displayNo: Type.Integer(),
});
export const ProductFilePaths = Type.Array(ProductFile);
export type ProductFile = Static<typeof ProductFile>;
/** GET edu-svc/resNew/productFile/{code}/{no}: one document as an HTML page (not an envelope). */
export const ProductFileParams = Type.Object(
  { code: ProductCode, no: Type.Integer({ minimum: 1, maximum: 999 }) },
  { additionalProperties: false },
);

/** GET edu-svc/product/version/getAllValidProductCode/{channel}: every product code on sale, alias codes included. */
export const ValidProductCodesParams = Type.Object({ channel: Type.Literal('edu') }, { additionalProperties: false });
export const ValidProductCodes = Type.Array(Type.String());

/** GET __dev/catalogue (development only): every manifest file with its validation status, for the catalogue preview. */
export const DevCatalogueEntry = Type.Object({
  file: Type.String(),
  id: Type.String(),
  valid: Type.Boolean(),
  /** Formatted `file  /pointer  message  (hint)` lines. */
  problems: Type.Array(Type.String()),
  productCode: Type.String(),
  productName: Type.String(),
  aliasCodes: Type.Array(Type.String()),
  routes: Type.Array(Type.String()),
  status: ProductStatus,
  loginRequired: Type.Boolean(),
  confirmVariant: Type.String({ description: 'single, multi or oneConfig' }),
  served: Type.Boolean({ description: 'The running server sells this manifest as it is on disk (false after an edit: restart)' }),
});
export const DevCatalogue = Type.Object({ manifestsDir: Type.String(), list: Type.Array(DevCatalogueEntry) });
export type DevCatalogueEntry = Static<typeof DevCatalogueEntry>;
export type DevCatalogue = Static<typeof DevCatalogue>;

/** One item of the POST prod-svc/calpremiums body (spec §3 Premium quote request). */
export const QuoteRequest = Type.Object(
  {
    productCode: ProductCode,
    buyCopies: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 1 })),
    channelNo: Type.Optional(Type.String({ maxLength: 16 })),
    renewalStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    insureYear: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 30,
        description: 'Guarantee years (spec §3 Insured.insureYear), one of the product guaranteeYears; the first allowed value when absent',
      }),
    ),
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

/** GET prod-svc/forms/{key}.js: the key of an insure form's schema (engine/insure/form-validator-key.ts). */
export const FormValidatorParams = Type.Object({ file: Type.String({ pattern: '^[0-9a-z]{1,13}-[0-9a-z]{1,13}\\.js$' }) }, { additionalProperties: false });

/**
 * The manifest document as served (`schemas/product-manifest.schema.json`,
 * with a plan builder's plans built into `plans`). Declared as an open
 * object: the document is validated by ajv against its schema at start, and
 * serialised as it is (a fast-json-stringify pass over that schema would
 * drop what the build step adds and compile a serializer for hundreds of
 * properties for no gain).
 */
export const ProductAttr = Type.Unsafe<ProductManifest>(
  Type.Object(
    { productCode: Type.String(), productName: Type.String(), status: Type.Optional(ProductStatus) },
    {
      additionalProperties: true,
      description: 'The product manifest (schemas/product-manifest.schema.json), plan builders built into plans',
    },
  ),
);

/**
 * The product calls of the home route and of a product detail (the catalogue, a product's manifest): in
 * `productCatalogueCalls`, here, while every product call is `productCalls` in product-calls.ts. The web
 * client's `core` chunk holds whole modules, and the whole `productCalls` there brought every quote,
 * document and display call with it (docs/performance.md, "The home route in one chunk").
 */
export const productCatalogueCalls = {
  productList: defineCall({
    method: 'POST',
    path: '/prod-svc/api/v2/product/edu/list',
    summary: 'The products on sale (home list), optionally of one category and paged (the whole list when no page is asked for)',
    auth: 'public',
    body: ProductListBody,
    data: ProductList,
  }),
  productAttr: defineCall({
    method: 'GET',
    path: '/prod-svc/api/v1/attr/:code/edu',
    summary: 'The product manifest by own or alias code, offline products included',
    auth: 'public',
    params: ProductAttrParams,
    data: ProductAttr,
  }),
  calPremiums: defineCall({
    method: 'POST',
    path: '/prod-svc/calpremiums',
    summary: 'The premium of one quote request (getPrem), computed from the manifest',
    auth: 'public',
    body: QuoteBody,
    data: QuoteResult,
  }),
};

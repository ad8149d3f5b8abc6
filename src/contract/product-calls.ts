import * as Type from '@sinclair/typebox';
import { defineCall } from './define-call.ts';
import { DetailRouteQuery, DevCatalogue, FormValidatorParams, NotificationInfo, ProductAttr, ProductAttrParams, ProductCodeQuery, ProductDetail, ProductDetailQuery, ProductDisplay, ProductFileParams, ProductFilePaths, ProductTypeState, ProductTypeStateQuery, ProgramDisplay, ProgramDisplayBody, ValidProductCodes, ValidProductCodesParams, productCatalogueCalls } from './product.ts';

/** An HTML page with a strict content-security policy (a clause document). */
const HtmlPage = Type.String({ description: 'text/html; charset=utf-8' });
const JsModule = Type.String({ description: 'text/javascript; charset=utf-8' });

/** The prod-svc and product-document calls (spec §7), served from the manifests. */
export const productCalls = {
  productList: productCatalogueCalls.productList,
  productDisplay: defineCall({
    method: 'GET',
    path: '/prod-svc/api/v1/product_display',
    summary: 'The plans and factors of a product with their duties (products on sale)',
    auth: 'public',
    query: ProductCodeQuery,
    data: ProductDisplay,
  }),
  productAttr: productCatalogueCalls.productAttr,
  productAttrByRoute: defineCall({
    method: 'GET',
    path: '/prod-svc/api/v1/detailRoute/edu',
    summary: 'The manifest of the product on sale whose detail route is `path` (a detail page opened by its link); 4004 for any other path',
    auth: 'public',
    query: DetailRouteQuery,
    data: ProductAttr,
  }),
  productTypeState: defineCall({
    method: 'GET',
    path: '/prod-svc/api/v2/attr/:code/edu',
    summary: 'The product-type state (attrMark=ClassOfEduInsure): status and categories',
    auth: 'public',
    params: ProductAttrParams,
    query: ProductTypeStateQuery,
    data: ProductTypeState,
  }),
  productDetail: defineCall({
    method: 'GET',
    path: '/prod-svc/api/v2/productdetailsvc',
    summary: 'The detail attributes of a product on sale (spec §3)',
    auth: 'public',
    query: ProductDetailQuery,
    data: ProductDetail,
  }),
  programDisplay: defineCall({
    method: 'POST',
    path: '/prod-svc/api/v1/program_display',
    summary: 'The plan combination of a product on sale: plans with risks and duties, factors',
    auth: 'public',
    body: ProgramDisplayBody,
    data: ProgramDisplay,
  }),
  notificationInfo: defineCall({
    method: 'GET',
    path: '/prod-svc/api/v2/notificationInfo/edu',
    summary: 'The protocols and notices of a product on sale, as HTML paragraphs',
    auth: 'public',
    query: ProductCodeQuery,
    data: NotificationInfo,
  }),
  calPremiums: productCatalogueCalls.calPremiums,
  productFilePaths: defineCall({
    method: 'GET',
    path: '/edu-svc/resNew/productFilePaths',
    summary: 'The protocol documents of a product on sale, each with the address of its HTML page',
    auth: 'public',
    query: ProductCodeQuery,
    data: ProductFilePaths,
  }),
  productFile: defineCall({
    method: 'GET',
    path: '/edu-svc/resNew/productFile/:code/:no',
    summary: 'One protocol document as an HTML page (404 page when unknown or offline)',
    auth: 'public',
    params: ProductFileParams,
    data: Type.Null(),
    raw: { 'text/html': HtmlPage },
  }),
  formValidator: defineCall({
    method: 'GET',
    path: '/prod-svc/forms/:file',
    summary: "An insure form's validator as a JavaScript module",
    auth: 'public',
    params: FormValidatorParams,
    data: Type.Null(),
    raw: { 'text/javascript': JsModule },
  }),
  validProductCodes: defineCall({
    method: 'GET',
    path: '/edu-svc/product/version/getAllValidProductCode/:channel',
    summary: 'Every product code on sale, alias codes included',
    auth: 'public',
    params: ValidProductCodesParams,
    data: ValidProductCodes,
  }),
  devCatalogue: defineCall({
    method: 'GET',
    path: '/__dev/catalogue',
    summary: 'Development only: every manifest file with its validation status (catalogue preview)',
    auth: 'dev',
    tag: '__dev',
    query: Type.Object({}, { additionalProperties: false }),
    data: DevCatalogue,
  }),
};

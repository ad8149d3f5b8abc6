/**
 * The market calls of the home route: the geocoder, the market list and one market (the market decision
 * and the market home's first screen), with their schemas. In a module of their own (re-exported by
 * market.ts, whose `marketCalls` includes them): the web client's `core` chunk holds whole modules, and
 * market.ts there brought every region, branch and document call with it (docs/performance.md
 * "The home route in one chunk").
 */

import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './define-call.ts';
import { ProductListItem, ProductStatus } from './product.ts';

export const Code6 = Type.String({ pattern: '^[0-9]{6}$', description: '6-digit region code' });
export const MarketId = Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 40 });

/** GET user-svc/api/v1/locateArea?latitude&longitude: the geocoder (spec §7 "a maps geocoder call by location"; path ours). */
export const LocateQuery = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);
export const LocatedArea = Type.Object({
  located: Type.Boolean({ description: 'False when the geocoder could not place the point: areaCode is then the default domain 500000' }),
  areaCode: Code6,
  provinceCode: Code6,
  cityCode: Type.Union([Code6, Type.Null()]),
  countyCode: Type.Union([Code6, Type.Null()]),
  name: Type.String({ description: '江苏省徐州市鼓楼区' }),
});
export type LocatedArea = Static<typeof LocatedArea>;

/** A market as the chooser and the page model see it. */
export const MarketSummary = Type.Object({
  id: MarketId,
  name: Type.String(),
  subtitle: Type.String(),
  status: ProductStatus,
  online: Type.Boolean({ description: 'status === online (spec §3 Market: id, status, online)' }),
  areas: Type.Array(Code6),
  areaNames: Type.Array(Type.String()),
  homeRoute: Type.String(),
  image: Type.String({ description: 'Path of the market\'s banner illustration' }),
});
export type MarketSummary = Static<typeof MarketSummary>;

/** POST edu-svc/supermarket/_bai/selectSupermarket {id}: one market with its products (offline markets too, so the page can say so). */
export const SelectSupermarketBody = Type.Object({ id: MarketId }, { additionalProperties: false });
export const MarketDetail = Type.Object({
  ...MarketSummary.properties,
  notice: Type.String(),
  contact: Type.Union([Type.Object({ name: Type.String(), phone: Type.String(), hours: Type.String() }), Type.Null()]),
  products: Type.Array(Type.Object({ ...ProductListItem.properties, insurers: Type.Array(Type.String({ description: 'Insurer group name' })) }), {
    description: 'The market\'s products on sale, in the market\'s order, with their insurers',
  }),
  insurers: Type.Array(Type.String(), { description: 'Names of the insurers behind those products' }),
});
export type MarketDetail = Static<typeof MarketDetail>;

/** GET edu-svc/supermarket/_bai/queryIdByArea?areaCode: markets serving a place (every market without areaCode). */
export const QueryIdByAreaQuery = Type.Object({ areaCode: Type.Optional(Code6) }, { additionalProperties: false });
export const MarketList = Type.Object({ list: Type.Array(MarketSummary) });
export type MarketList = Static<typeof MarketList>;

/** The calls the market decision and the market home send first. */
export const marketDecisionCalls = {
  locateArea: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/locateArea',
    summary: 'The county of a position (the geocoder); the default domain 500000 when it cannot be placed',
    auth: 'public',
    query: LocateQuery,
    data: LocatedArea,
  }),
  selectSupermarket: defineCall({
    method: 'POST',
    path: '/edu-svc/supermarket/_bai/selectSupermarket',
    summary: 'One market with its products on sale (offline markets too, so the page can say so)',
    auth: 'public',
    body: SelectSupermarketBody,
    data: MarketDetail,
  }),
  queryIdByArea: defineCall({
    method: 'GET',
    path: '/edu-svc/supermarket/_bai/queryIdByArea',
    summary: 'The markets serving a place, most specific online first, offline ones after (every market without areaCode)',
    auth: 'public',
    query: QueryIdByAreaQuery,
    data: MarketList,
  }),
};

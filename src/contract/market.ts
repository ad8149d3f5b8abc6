/**
 * Regions, location and markets (spec §2 Home and market, §3 Market and
 * Region tree node, §4 Market page, §7 user-svc getArea / orgElementList /
 * findEduOrgBelongJtBranch / tourContactPerson, edu-svc supermarket and files).
 */

import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './define-call.ts';
import {
  Code6,
  LocateQuery,
  LocatedArea,
  MarketDetail,
  MarketId,
  MarketList,
  MarketSummary,
  QueryIdByAreaQuery,
  SelectSupermarketBody,
  marketDecisionCalls,
} from './market-decision.ts';

export { LocateQuery, LocatedArea, MarketDetail, MarketList, MarketSummary, QueryIdByAreaQuery, SelectSupermarketBody, marketDecisionCalls };

/** GET user-svc/api/v1/getArea/{code}: the children of a code; 000000 gives the provinces. */
export const AreaParams = Type.Object({ code: Code6 }, { additionalProperties: false });
export const AreaNode = Type.Object({
  value: Code6,
  label: Type.String(),
  level: Type.Union([Type.Literal('province'), Type.Literal('city'), Type.Literal('county')]),
  isLeaf: Type.Boolean({ description: 'True for a county, or a city without counties' }),
});
export const AreaList = Type.Array(AreaNode);
export type AreaNode = Static<typeof AreaNode>;

/**
 * GET user-svc/api/v1.5/orgElementList/edu?elementRelaConfId&areaCode: the
 * region elements a configuration (a market id) serves below `areaCode` —
 * the children of `areaCode` inside the market's areas; without a market id,
 * every child (docs/markets.md).
 */
export const OrgElementQuery = Type.Object(
  { elementRelaConfId: Type.Optional(Type.String({ maxLength: 40 })), areaCode: Type.Optional(Code6) },
  { additionalProperties: false },
);
export const OrgElement = Type.Object({ elementCode: Code6, elementName: Type.String(), level: AreaNode.properties.level, areaCode: Code6 });
export const OrgElementList = Type.Object({ list: Type.Array(OrgElement) });


/** GET edu-svc/wxb/_bai/selectFile?type: the rich-text documents (service and claim profiles, insurer profiles). */
export const FileType = Type.Union([Type.Literal('insureSvc'), Type.Literal('claimSvc'), Type.Literal('insurer'), Type.Literal('notice')]);
export const SelectFileQuery = Type.Object({ type: Type.Optional(FileType) }, { additionalProperties: false });
export const FileSummary = Type.Object({ id: Type.String(), title: Type.String(), type: FileType, summary: Type.String() });
export const FileList = Type.Object({ list: Type.Array(FileSummary) });
export type FileList = Static<typeof FileList>;
export type FileSummary = Static<typeof FileSummary>;
/** GET edu-svc/wxb/_bai/selectFileById?id: one document; `html` is sanitised again by the web before it is shown. */
export const SelectFileByIdQuery = Type.Object({ id: Type.String({ pattern: '^[a-z0-9-]{1,60}$' }) }, { additionalProperties: false });
export const RichFile = Type.Object({ ...FileSummary.properties, html: Type.String() });
export type RichFile = Static<typeof RichFile>;

/** GET user-svc/api/v1/findEduOrgBelongJtBranch?areaCode: the brokerage branch serving a place (head office JT0000 by default). */
export const AreaQuery = Type.Object({ areaCode: Type.Optional(Code6), marketId: Type.Optional(MarketId) }, { additionalProperties: false });
export const Branch = Type.Object({ branchCode: Type.String(), branchName: Type.String(), marketId: Type.Union([MarketId, Type.Null()]) });
export type Branch = Static<typeof Branch>;

/** GET user-svc/api/v1/tourContactPerson?areaCode: the service desk for a place (a desk and its hotline, not a private person). */
export const ContactPerson = Type.Object({
  name: Type.String(),
  phone: Type.String(),
  hours: Type.String(),
  marketId: Type.Union([MarketId, Type.Null()]),
});
export type ContactPerson = Static<typeof ContactPerson>;

/** Regions, location and markets: all open to visitors (the market pages need no log-in). */
export const marketCalls = {
  getArea: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/getArea/:code',
    summary: 'The children of a region code (000000: the provinces); cacheable for a day',
    auth: 'public',
    params: AreaParams,
    data: AreaList,
  }),
  orgElementList: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1.5/orgElementList/edu',
    summary: 'The region elements a market (elementRelaConfId) serves below areaCode; every child without a market',
    auth: 'public',
    query: OrgElementQuery,
    data: OrgElementList,
  }),
  locateArea: marketDecisionCalls.locateArea,
  findBranch: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/findEduOrgBelongJtBranch',
    summary: 'The brokerage branch serving a place or market (head office JT0000 by default)',
    auth: 'public',
    query: AreaQuery,
    data: Branch,
  }),
  tourContactPerson: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/tourContactPerson',
    summary: 'The service desk for a place or market (the national desk by default)',
    auth: 'public',
    query: AreaQuery,
    data: ContactPerson,
  }),
  selectSupermarket: marketDecisionCalls.selectSupermarket,
  queryIdByArea: marketDecisionCalls.queryIdByArea,
  selectFile: defineCall({
    method: 'GET',
    path: '/edu-svc/wxb/_bai/selectFile',
    summary: 'The rich-text documents (service and claim profiles, insurer profiles, market notice), optionally of one type',
    auth: 'public',
    query: SelectFileQuery,
    data: FileList,
  }),
  selectFileById: defineCall({
    method: 'GET',
    path: '/edu-svc/wxb/_bai/selectFileById',
    summary: 'One rich-text document with its HTML (sanitised again by the web before it is shown)',
    auth: 'public',
    query: SelectFileByIdQuery,
    data: RichFile,
  }),
};

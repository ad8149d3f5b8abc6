import type { FastifyInstance } from 'fastify';
import { marketCalls, type AreaNode, type MarketSummary } from '../../contract/market.ts';
import { marketsFor } from '../../engine/markets/page-model.ts';
import type { MarketManifest } from '../../engine/markets/market-types.generated.ts';
import { findRegion, regionChildren, type RegionEntry } from '../../engine/regions/region-table.ts';
import { ROOT_REGION_CODE, regionWithin } from '../../engine/rules/regions.ts';
import type { AppDeps } from '../app-deps.ts';
import { ApiError, notFound, ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { locateArea } from './operations/locate-area.ts';
import { buildRichFiles } from './rich-files.ts';
import { toMarketDetail, toMarketSummary } from './market-views.ts';

/** Spec §9: head office, the branch when no market names one. */
const HEAD_OFFICE = { branchCode: 'JT0000', branchName: '总公司' };
/** The national service desk, when no market serves the place. */
const NATIONAL_DESK = { name: '全国客户服务中心', phone: '400-820-1234', hours: '工作日 9:00-18:00' };
/** The region tree never changes while the process runs: let browsers and proxies keep it a day. */
const AREA_CACHE_CONTROL = 'public, max-age=86400';

const toAreaNode = (entry: RegionEntry): AreaNode => ({
  value: entry.value,
  label: entry.label,
  level: entry.level,
  isLeaf: entry.level === 'county' || regionChildren(entry.value).length === 0,
});

/**
 * Regions, location and markets: user-svc getArea (children of a code, cached
 * per code), orgElementList, locateArea (geocoder), findEduOrgBelongJtBranch,
 * tourContactPerson; edu-svc selectSupermarket, queryIdByArea, selectFile,
 * selectFileById. All open to visitors (the market pages need no log-in).
 * Registered in this order, which the route list and the reference keep.
 */
export function registerMarketRoutes(app: FastifyInstance, deps: AppDeps): void {
  const summaries = deps.markets.all.map(toMarketSummary);
  registerRegionRoutes(app, deps);
  registerMarketPageRoutes(app, deps, summaries);
  registerRichFileRoutes(app, deps);
  registerMarketContactRoutes(app, deps, summaries);
}

/** The region tree (children of a code, cached per code), a market's areas in it, and the visitor's place. */
function registerRegionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { markets } = deps;
  const areaCache = new Map<string, AreaNode[]>();
  const route = routesOf(app, deps);

  route(marketCalls.getArea, async (request, reply) => {
    const { code } = request.params;
    let nodes = areaCache.get(code);
    if (!nodes) {
      if (code !== ROOT_REGION_CODE && !findRegion(code)) throw notFound('地区');
      nodes = regionChildren(code).map(toAreaNode);
      areaCache.set(code, nodes);
    }
    void reply.header('cache-control', AREA_CACHE_CONTROL);
    return ok(nodes);
  });

  route(marketCalls.orgElementList, async (request) => {
    const { elementRelaConfId, areaCode = ROOT_REGION_CODE } = request.query;
    if (areaCode !== ROOT_REGION_CODE && !findRegion(areaCode)) throw notFound('地区');
    const market = elementRelaConfId ? markets.byId(elementRelaConfId) : undefined;
    if (elementRelaConfId && !market) throw notFound('保险超市');
    const children = regionChildren(areaCode).filter(
      (child) => !market || market.areas.some((area) => regionWithin(child.value, area) || regionWithin(area, child.value)),
    );
    return ok({
      list: children.map((c) => ({ elementCode: c.value, elementName: c.label, level: c.level, areaCode })),
    });
  });

  route(marketCalls.locateArea, async (request) => ok(await locateArea(deps.geocoder, request.query, request.log)));
}

/** A market's page, and the markets serving an area. */
function registerMarketPageRoutes(app: FastifyInstance, deps: AppDeps, summaries: MarketSummary[]): void {
  const route = routesOf(app, deps);

  route(marketCalls.selectSupermarket, async (request) => {
    const market = deps.markets.byId(request.body.id);
    if (!market) throw new ApiError(ErrorCode.NotFound, '保险超市不存在');
    return ok(toMarketDetail(market, deps.manifests));
  });

  route(marketCalls.queryIdByArea, async (request) => {
    const { areaCode } = request.query;
    if (!areaCode) return ok({ list: summaries });
    // Online markets first, the most specific area first (engine marketsFor); offline markets serving the
    // place follow with their status, so the web can say a market went offline, but the page model never picks them.
    const online = marketsFor(summaries, areaCode);
    const offline = summaries.filter((m) => !m.online && m.areas.some((area) => regionWithin(areaCode, area)));
    return ok({ list: [...online, ...offline] });
  });
}

/** The products' rich files (brochures, clauses), all or of one type, and one by id. */
function registerRichFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const files = buildRichFiles(deps.manifests.all);
  const route = routesOf(app, deps);

  route(marketCalls.selectFile, async (request) => {
    const { type } = request.query;
    return ok({ list: type ? files.list.filter((f) => f.type === type) : files.list });
  });

  route(marketCalls.selectFileById, async (request) => {
    const file = files.byId.get(request.query.id);
    if (!file) throw notFound('文件');
    return ok(file);
  });
}

/** The branch and the contact of the market serving a place: head office and the national desk when none does. */
function registerMarketContactRoutes(app: FastifyInstance, deps: AppDeps, summaries: MarketSummary[]): void {
  const { markets } = deps;
  const route = routesOf(app, deps);

  /** The market for a request: by id, else the most specific online market serving the area. */
  const marketOf = (query: { areaCode?: string; marketId?: string }): MarketManifest | undefined => {
    if (query.marketId) return markets.byId(query.marketId);
    if (!query.areaCode) return undefined;
    const [best] = marketsFor(summaries, query.areaCode);
    return best ? markets.byId(best.id) : undefined;
  };

  route(marketCalls.findBranch, async (request) => {
    const market = marketOf(request.query);
    const branch = market?.branch ?? HEAD_OFFICE;
    return ok({ branchCode: branch.branchCode, branchName: branch.branchName, marketId: market?.id ?? null });
  });

  route(marketCalls.tourContactPerson, async (request) => {
    const market = marketOf(request.query);
    const contact = market?.contact;
    return ok(contact ? { name: contact.name, phone: contact.phone, hours: contact.hours ?? '', marketId: market.id } : { ...NATIONAL_DESK, marketId: market?.id ?? null });
  });
}

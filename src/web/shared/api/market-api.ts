import { marketDecisionCalls as marketCalls, type LocatedArea, type MarketDetail, type MarketList } from '../../../contract/market-decision.ts';
import { call, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/**
 * The market calls the market decision sends from the home route (early-queries.ts, location.ts), in a
 * module of their own like product-api.ts: the home route and the decision's chunk load these and not
 * every call of endpoints.ts (the size budget of the home route, and a smaller download for the decision).
 */
export const marketApi = {
  selectSupermarket: (id: string, o?: Silent): Promise<MarketDetail> =>
    call(marketCalls.selectSupermarket, { body: { id } }, { thing: '保险超市', ...o }),
  locateArea: (latitude: number, longitude: number, o?: Silent): Promise<LocatedArea> =>
    call(marketCalls.locateArea, { query: { latitude, longitude } }, { thing: '位置', ...o }),
  queryIdByArea: (areaCode?: string, o?: Silent): Promise<MarketList> =>
    call(marketCalls.queryIdByArea, { query: areaCode === undefined ? {} : { areaCode } }, { thing: '保险超市列表', ...o }),
};

import { marketCalls, type MarketDetail, type MarketList } from '../../contract/market.ts';
import { call, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/**
 * The two market calls the market decision sends from the home route (early-queries.ts), in a
 * module of their own like product-api.ts: the home route loads these and not every call of
 * endpoints.ts (the size budget of the home route).
 */
export const marketApi = {
  selectSupermarket: (id: string, o?: Silent): Promise<MarketDetail> =>
    call(marketCalls.selectSupermarket, { body: { id } }, { thing: '保险超市', ...o }),
  queryIdByArea: (areaCode?: string, o?: Silent): Promise<MarketList> =>
    call(marketCalls.queryIdByArea, { query: areaCode === undefined ? {} : { areaCode } }, { thing: '保险超市列表', ...o }),
};

import type { FastifyBaseLogger } from 'fastify';
import type { LocatedArea } from '../../../contract/market.ts';
import { DEFAULT_REGION_CODE } from '../../../engine/rules/regions.ts';
import { findRegion, regionChain, regionFullName, type RegionEntry } from '../../../engine/regions/region-table.ts';
import type { GeocoderProvider, GeoPoint } from '../../providers/geocoder/geocoder-provider.ts';

/** The county of a point by the geocoder, with its province and city; the default domain when it cannot be placed. */
export async function locateArea(geocoder: GeocoderProvider, point: GeoPoint, log: FastifyBaseLogger): Promise<LocatedArea> {
  // A vendor that fails leaves the visitor unplaced (the market chooser), never in a guessed city.
  const found = await geocoder.reverse(point).catch((error: unknown) => {
    log.warn({ err: error }, 'geocoder failed: the visitor chooses the market');
    return null;
  });
  const code = found && findRegion(found.countyCode) ? found.countyCode : DEFAULT_REGION_CODE;
  const chain = regionChain(code);
  const at = (level: RegionEntry['level']) => chain.find((n) => n.level === level)?.value ?? null;
  const answer: LocatedArea = {
    located: code !== DEFAULT_REGION_CODE || found !== null,
    areaCode: code,
    provinceCode: at('province') ?? DEFAULT_REGION_CODE,
    cityCode: at('city'),
    countyCode: at('county'),
    name: regionFullName(code) ?? '',
  };
  // Coordinates are personal data: log the county only.
  log.info({ areaCode: code, located: answer.located }, 'located');
  return answer;
}

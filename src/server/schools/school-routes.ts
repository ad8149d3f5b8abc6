import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCHOOL_MESSAGES, schoolCalls, type SchoolItem } from '../../contract/school.ts';
import { DEFAULT_REGION_CODE } from '../../engine/rules/regions.ts';
import { enumLabel, SCHOOL_TYPES } from '../../engine/rules/enums.ts';
import { maskPhone } from '../../engine/rules/masking.ts';
import { isValidSchoolName, schoolNameKey, tidySchoolName } from '../../engine/rules/school-name.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { countyByCode, regionName } from './region-lookup.ts';
import { salesAreas } from './sales-areas.ts';
import {
  countDirectoryByCity,
  countOwnSchools,
  findDirectorySchool,
  findOwnSchool,
  getVisibleSchool,
  insertOwnSchool,
  searchSchools,
  type SchoolRow,
} from './schools-repo.ts';

/** Most schools one parent may add (a bound on what one account can write). */
export const MAX_OWN_SCHOOLS = 20;

/** A school as answered: kind label, phone masked (the directory's numbers are not handed out whole). */
export function toSchoolItem(row: SchoolRow): SchoolItem {
  const colleges = Array.isArray(row.colleges) ? row.colleges : [];
  return {
    id: row.id,
    schoolName: row.name,
    schoolKind: row.schoolKind,
    schoolKindName: enumLabel(SCHOOL_TYPES, row.schoolKind) ?? '',
    schoolNature: row.schoolNature,
    provinceCode: row.provinceCode,
    cityCode: row.cityCode,
    countyCode: row.countyCode,
    address: row.address,
    phone: row.phone ? maskPhone(row.phone) : null,
    verified: row.verified,
    hasColleges: colleges.length > 0,
  };
}

/** The caller's user id when a valid token comes with the request; visitors (and bad tokens) get the directory only. */
async function optionalUserId(deps: AppDeps, request: FastifyRequest): Promise<string | null> {
  return (await deps.optionalUser(request))?.userId ?? null;
}

/** edu-svc schoolinfo: search, colleges, a parent's own school, and the per-area statistics of /statistics. */
export function registerSchoolRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(schoolCalls.search, async (request) => {
    const q = request.query;
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    const { rows, total } = await searchSchools(db, {
      areaCode: q.areaCode,
      name: q.name,
      address: q.address,
      phone: q.phone,
      schoolKind: q.schoolKind,
      userId: await optionalUserId(deps, request),
      limit: pageSize,
      offset: (pageNum - 1) * pageSize,
    });
    return ok({ list: rows.map(toSchoolItem), total, pageNum, pageSize });
  });

  route(schoolCalls.colleges, async (request) => {
    const row = await getVisibleSchool(db, request.query.schoolId, await optionalUserId(deps, request));
    if (!row) throw notFound('学校');
    const list = Array.isArray(row.colleges) ? row.colleges.filter((c): c is string => typeof c === 'string') : [];
    return ok({ schoolId: row.id, schoolName: row.name, list });
  });

  route(
    schoolCalls.addSchool,
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if (!isValidSchoolName(body.schoolName)) throw rejected(SCHOOL_MESSAGES.badName);
      const county = countyByCode(body.areaCode);
      if (!county) throw rejected(SCHOOL_MESSAGES.unknownArea);
      const name = tidySchoolName(body.schoolName);
      const nameKey = schoolNameKey(name);
      const listed = await findDirectorySchool(db, county.cityCode, nameKey);
      if (listed) return ok({ school: toSchoolItem(listed), existing: true }, SCHOOL_MESSAGES.exists);
      // Re-adding one's own school is answered before the cap, so it never fails for being the 21st.
      const mine = await findOwnSchool(db, user.userId, county.code, nameKey);
      if (mine) return ok({ school: toSchoolItem(mine), existing: true }, SCHOOL_MESSAGES.exists);
      if ((await countOwnSchools(db, user.userId)) >= MAX_OWN_SCHOOLS) throw rejected(SCHOOL_MESSAGES.tooMany);
      const draft = {
        name,
        nameKey,
        schoolKind: body.schoolKind,
        provinceCode: county.provinceCode,
        cityCode: county.cityCode,
        countyCode: county.code,
        regionCode: county.code,
        address: body.address?.trim() || null,
        phone: body.phone?.trim() || null,
        ownerUserId: user.userId,
      };
      const { row, created } = await insertOwnSchool(db, draft);
      request.log.info({ schoolId: row.id, created }, 'school added by a parent');
      return ok({ school: toSchoolItem(row), existing: !created }, created ? SCHOOL_MESSAGES.added : SCHOOL_MESSAGES.exists);
    },
  );

  route(schoolCalls.areaStatistics, async () => {
    const counts = await countDirectoryByCity(db);
    const online = deps.manifests.online;
    const list = salesAreas(online).map((area) => ({
      areaCode: area.code,
      areaName: area.code === DEFAULT_REGION_CODE ? `全国通用（默认地区：${regionName(area.code) ?? area.code}）` : (regionName(area.code) ?? area.code),
      products: area.productCodes.length,
      schools: counts.get(area.code) ?? 0,
    }));
    const totalSchools = [...counts.entries()].filter(([code]) => code.endsWith('0000')).reduce((sum, [, n]) => sum + n, 0);
    return ok({ list, totalProducts: online.length, totalSchools });
  });
}

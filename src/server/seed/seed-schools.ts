/**
 * The school directory's seed: verified schools for every sales area of the
 * catalogue (derived from the manifests, see `salesAreas`), so that the
 * insure form's school search finds the schools of every city sold in.
 *
 * Per county of each area (from the national region dataset) a handful of
 * schools named as Chinese public schools are named (实验小学, 第一中学, …,
 * with the district's city in front of a 区); every school a manifest lists
 * is added at city level; Xuzhou's universities carry their colleges.
 * Idempotent: rows that exist already (same region and name) are skipped.
 */
import { isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { schoolNameKey } from '../../engine/rules/school-name.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/db.ts';
import { schools } from '../db/schema.ts';
import { countiesOf, type County } from '../schools/region-lookup.ts';
import { salesAreas } from '../schools/sales-areas.ts';

export type SchoolSeedRow = typeof schools.$inferInsert;

/** Telephone area codes of the sales cities (for the switchboard numbers of seeded schools). */
const AREA_PHONE_CODES: Readonly<Record<string, string>> = {
  '140100': '0351',
  '320300': '0516',
  '320600': '0513',
  '321200': '0523',
  '330100': '0571',
  '370100': '0531',
  '370400': '0632',
  '370800': '0537',
  '371300': '0539',
  '371500': '0635',
  '410100': '0371',
  '440100': '020',
  '500000': '023',
  '530100': '0871',
  '640100': '0951',
};

const ROADS = ['人民路', '解放路', '建设路', '和平路', '中山路', '文化路', '育才路', '新华路', '胜利路', '朝阳路', '青年路', '学府路'];

/** Colleges of the universities a product lists (selectSchoolCollege). */
const COLLEGES: Readonly<Record<string, readonly string[]>> = {
  中国矿业大学: ['矿业工程学院', '安全工程学院', '力学与土木工程学院', '资源与地球科学学院', '计算机科学与技术学院', '经济管理学院', '外国语言文化学院'],
  江苏师范大学: ['文学院', '教育科学学院', '数学与统计学院', '物理与电子工程学院', '外国语学院', '音乐学院', '计算机科学与技术学院'],
  徐州医科大学: ['第一临床医学院', '麻醉学院', '药学院', '护理学院', '医学影像学院', '公共卫生学院'],
  徐州工程学院: ['机电工程学院', '土木工程学院', '化学化工学院', '经济学院', '管理工程学院', '人文学院'],
  江苏建筑职业技术学院: ['建筑建造学院', '建筑设计学院', '智能制造学院', '经济管理学院'],
  徐州工业职业技术学院: ['化学工程学院', '机电工程学院', '信息与电气工程学院', '商学院'],
  九州职业技术学院: ['医学院', '信息工程学院', '经济管理学院'],
};

/** A small deterministic number from a code, so that the seed is the same on every start. */
function spread(code: string, salt: number, modulo: number): number {
  let h = salt;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 1_000_003;
  return h % modulo;
}

/** How schools of a county start their names: the city in front of a district (徐州市鼓楼区), a county or county-level city alone (沛县, 邳州市). */
function schoolPrefix(county: County): string {
  const cityShort = county.cityName.replace(/市$/, '');
  if (cityShort && county.name.startsWith(cityShort)) return county.name;
  return county.name.endsWith('区') ? county.cityName + county.name : county.name;
}

function countySchools(county: County, phoneCode: string): SchoolSeedRow[] {
  const prefix = schoolPrefix(county);
  const road = ROADS[spread(county.code, 7, ROADS.length)] ?? '人民路';
  const otherRoad = ROADS[spread(county.code, 13, ROADS.length)] ?? '建设路';
  const isDistrict = county.name.endsWith('区');
  const plans: Array<[name: string, kind: string, nature: string]> = [
    [`${prefix}实验幼儿园`, 'edu_06', '01'],
    [`${prefix}实验小学`, 'edu_07', '01'],
    [`${prefix}${road}小学`, 'edu_07', '01'],
    [`${prefix}第一初级中学`, 'edu_27', '01'],
    [`${prefix}第一中学`, 'edu_28', '01'],
    [`${prefix}育英学校`, 'edu_33', '02'],
  ];
  if (!isDistrict) plans.push([`${prefix}职业教育中心`, 'edu_09', '01']);
  return plans.map(([name, schoolKind, schoolNature], i) => ({
    name,
    nameKey: schoolNameKey(name),
    schoolKind,
    schoolNature,
    provinceCode: county.provinceCode,
    cityCode: county.cityCode,
    countyCode: county.code,
    regionCode: county.code,
    address: `${county.cityName}${county.name}${i % 2 === 0 ? road : otherRoad}${10 + spread(county.code, i, 180)}号`,
    phone: `${phoneCode}-${String(80000000 + spread(county.code, 100 + i, 9_999_999)).padStart(8, '0')}`,
    verified: true,
  }));
}

/** The schools a manifest lists, at the city level of its sales region. */
function manifestSchools(manifest: ProductManifest): SchoolSeedRow[] {
  const region = manifest.region;
  if (!region) return [];
  return (manifest.insure.schools ?? []).map((school) => ({
    name: school.name,
    nameKey: schoolNameKey(school.name),
    schoolKind: school.schoolKind,
    provinceCode: region.provinceCode,
    cityCode: region.cityCode,
    countyCode: null,
    regionCode: region.cityCode,
    colleges: COLLEGES[school.name] ?? [],
    verified: true,
  }));
}

/** Every row of the seed for a catalogue: the counties of each sales area, then the manifests' own lists. */
export function buildSchoolSeed(manifests: readonly ProductManifest[]): SchoolSeedRow[] {
  const rows: SchoolSeedRow[] = [];
  const seen = new Set<string>();
  const add = (row: SchoolSeedRow) => {
    const key = `${row.regionCode}|${row.nameKey}`;
    if (seen.has(key)) return;
    seen.add(key);
    rows.push(row);
  };
  for (const area of salesAreas(manifests)) {
    const phoneCode = AREA_PHONE_CODES[area.code] ?? `0${area.code.slice(0, 3)}`;
    for (const county of countiesOf(area.code)) countySchools(county, phoneCode).forEach(add);
  }
  for (const manifest of manifests) manifestSchools(manifest).forEach(add);
  return rows;
}

const CHUNK = 400;

/**
 * Inserts the rows the directory lacks (by region and name key); returns how
 * many were new. A restart with an unchanged catalogue costs one select.
 */
export async function insertSchoolSeed(db: Db, rows: readonly SchoolSeedRow[]): Promise<number> {
  const existing = await db.select({ regionCode: schools.regionCode, nameKey: schools.nameKey }).from(schools).where(isNull(schools.ownerUserId));
  const have = new Set(existing.map((r) => `${r.regionCode}|${r.nameKey}`));
  const missing = rows.filter((r) => !have.has(`${r.regionCode}|${r.nameKey}`));
  for (let i = 0; i < missing.length; i += CHUNK) {
    // Another instance seeding at the same time is no error.
    await db.insert(schools).values(missing.slice(i, i + CHUNK)).onConflictDoNothing();
  }
  return missing.length;
}

/** Seeds the directory for the running catalogue (idempotent). */
export async function seedSchools(deps: Pick<AppDeps, 'db' | 'manifests'>, log: FastifyBaseLogger): Promise<void> {
  const rows = buildSchoolSeed(deps.manifests.all);
  const added = await insertSchoolSeed(deps.db, rows);
  if (added > 0) log.info({ schools: rows.length, added }, 'school directory seeded');
}

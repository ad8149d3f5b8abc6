import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOL_MESSAGES, schoolCalls, type AddSchoolResult, type AreaStatistics, type SchoolColleges, type SchoolPage } from '../../src/contract/school.ts';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { countiesOf } from '../../src/server/schools/region-lookup.ts';
import { salesAreas } from '../../src/server/schools/sales-areas.ts';
import { MAX_OWN_SCHOOLS } from '../../src/server/schools/school-routes.ts';
import { maskPersonalData } from '../../src/server/http/log-options.ts';
import { buildSchoolSeed, insertSchoolSeed } from '../../src/server/seed/seed-schools.ts';
import { backends, call, expectOk, login, makeTestApp, type TestApp } from './helpers.ts';

const manifests = loadManifestStore('manifests');

describe('school seed of the catalogue', () => {
  const rows = buildSchoolSeed(manifests.all);

  it('covers every county of every sales area derived from the manifests (a new city without schools fails here)', () => {
    const areas = salesAreas(manifests.all);
    expect(areas.map((a) => a.code)).toContain('320300');
    expect(areas.map((a) => a.code)).toContain('500000');
    for (const area of areas) {
      const counties = countiesOf(area.code);
      expect(counties.length, `no counties known for sales area ${area.code}`).toBeGreaterThan(0);
      for (const county of counties) {
        const inCounty = rows.filter((r) => r.countyCode === county.code);
        expect(inCounty.length, `no schools for ${county.name} (${county.code}) of ${area.code}`).toBeGreaterThanOrEqual(6);
      }
    }
  });

  it('names schools like real ones and never twice in one region', () => {
    expect(rows.map((r) => r.name)).toContain('沛县实验小学');
    expect(rows.map((r) => r.name)).toContain('徐州市鼓楼区第一中学');
    const keys = rows.map((r) => `${r.regionCode}|${r.nameKey}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('includes every school a manifest lists, in its sales city', () => {
    for (const m of manifests.all) {
      if (!m.region) continue;
      for (const school of m.insure.schools ?? []) {
        expect(rows.some((r) => r.name === school.name && r.cityCode === m.region!.cityCode)).toBe(true);
      }
    }
  });
});

describe('logs of the school search', () => {
  it('mask the typed school name and address in the request URL', () => {
    const url = `${schoolCalls.search.path}?areaCode=320322&name=${encodeURIComponent('沛县实验小学')}&address=%E4%BA%BA&pageNum=1`;
    expect(maskPersonalData(url)).toBe(`${schoolCalls.search.path}?areaCode=320322&name=***&address=***&pageNum=1`);
  });
});

describe.each(backends)('edu-svc schoolinfo (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ backend });
    const rows = buildSchoolSeed(manifests.all);
    expect(await insertSchoolSeed(t.database.db, rows)).toBe(rows.length);
    // Idempotent: a second run adds nothing and does not fail.
    expect(await insertSchoolSeed(t.database.db, rows)).toBe(0);
  });
  afterAll(() => t.close());

  const search = (query: string, token?: string) => call<SchoolPage>(t.app, { method: 'GET', url: `${schoolCalls.search.path}?${query}`, token });

  it('finds seeded schools of every sales area', async () => {
    for (const area of salesAreas(manifests.all)) {
      const page = expectOk(await search(`areaCode=${area.code}&pageSize=1`));
      expect(page.total, `no schools found in ${area.code}`).toBeGreaterThan(0);
    }
  });

  it('searches by name within a county, city or province, paged, with masked phones', async () => {
    const county = expectOk(await search(`areaCode=320322&name=${encodeURIComponent('实验小学')}`));
    expect(county.list.map((s) => s.schoolName)).toEqual(['沛县实验小学']);
    const [school] = county.list;
    expect(school).toMatchObject({ schoolKind: 'edu_07', schoolKindName: '小学', countyCode: '320322', verified: true });
    expect(school!.phone).toMatch(/^051\*+\d{4}$/);

    const city = expectOk(await search(`areaCode=320300&name=${encodeURIComponent('实验小学')}&pageSize=5`));
    expect(city.total).toBeGreaterThan(5);
    expect(city.list).toHaveLength(5);
    const page2 = expectOk(await search(`areaCode=320300&name=${encodeURIComponent('实验小学')}&pageSize=5&pageNum=2`));
    expect(page2.list.map((s) => s.id)).not.toEqual(city.list.map((s) => s.id));
    expect(page2.pageNum).toBe(2);

    const province = expectOk(await search(`areaCode=320000&name=${encodeURIComponent('中国矿业大学')}`));
    expect(province.list.map((s) => s.schoolName)).toEqual(['中国矿业大学']);

    // Spaces and bracket widths do not matter.
    expect(expectOk(await search(`areaCode=320322&name=${encodeURIComponent('沛县 实验 小学')}`)).list.map((s) => s.schoolName)).toEqual(['沛县实验小学']);

    const elsewhere = expectOk(await search(`areaCode=370800&name=${encodeURIComponent('沛县')}`));
    expect(elsewhere.total).toBe(0);
  });

  it('searches by address and by phone digits, and treats % and _ literally', async () => {
    const one = expectOk(await search(`areaCode=320322&name=${encodeURIComponent('第一中学')}`)).list[0]!;
    const byAddress = expectOk(await search(`areaCode=320300&address=${encodeURIComponent('沛县')}`));
    expect(byAddress.list.every((s) => s.address?.includes('沛县'))).toBe(true);
    expect(byAddress.total).toBeGreaterThan(0);
    expect(one.phone).not.toBeNull();
    expect(expectOk(await search('areaCode=320300&name=%25')).total).toBe(0);
    expect(expectOk(await search('areaCode=320300&name=_')).total).toBe(0);
  });

  it('refuses malformed queries with 4000, never a 500', async () => {
    for (const q of ['', 'areaCode=abc', 'areaCode=320300&pageSize=500', 'areaCode=320300&schoolKind=edu_99', 'areaCode=320300&phone=x1', 'areaCode=320300&extra=1']) {
      const r = await search(q);
      expect(r.status, q).toBe(400);
      expect(r.body.code, q).toBe('4000');
    }
  });

  it('lists the colleges of a university', async () => {
    const cumt = expectOk(await search(`areaCode=320300&name=${encodeURIComponent('中国矿业大学')}`)).list[0]!;
    expect(cumt.hasColleges).toBe(true);
    const colleges = expectOk(await call<SchoolColleges>(t.app, { method: 'GET', url: `${schoolCalls.colleges.path}?schoolId=${cumt.id}` }));
    expect(colleges.list).toContain('矿业工程学院');
    const missing = await call(t.app, { method: 'GET', url: `${schoolCalls.colleges.path}?schoolId=999999999` });
    expect(missing.body.code).toBe('4004');
  });

  it('adds a parent’s own school: login needed, validated, de-duplicated, visible only to them and unverified', async () => {
    const add = (body: unknown, token?: string) => call<AddSchoolResult>(t.app, { method: 'POST', url: schoolCalls.addSchool.path, payload: body as object, token });
    const body = { schoolName: '沛县 阳光双语学校(北校区)', schoolKind: 'edu_33', areaCode: '320322', address: '沛县汉兴路8号', phone: '0516-89991234' };
    expect((await add(body)).body.code).toBe('406');

    const alice = await login(t.app);
    const bob = await login(t.app);
    const first = await add(body, alice.token);
    const created = expectOk(first);
    expect(first.body.msg).toBe(SCHOOL_MESSAGES.added);
    expect(created.existing).toBe(false);
    expect(created.school).toMatchObject({ schoolName: '沛县 阳光双语学校（北校区）', verified: false, countyCode: '320322', cityCode: '320300' });
    expect(created.school.phone).toBe('051******1234');

    // The same school spelled differently is the same row.
    const again = expectOk(await add({ ...body, schoolName: '沛县阳光双语学校（北校区）' }, alice.token));
    expect(again).toMatchObject({ existing: true, school: { id: created.school.id } });

    const q = `areaCode=320322&name=${encodeURIComponent('阳光双语')}`;
    expect(expectOk(await search(q, alice.token)).list.map((s) => s.id)).toEqual([created.school.id]);
    expect(expectOk(await search(q, bob.token)).total).toBe(0);
    expect(expectOk(await search(q)).total).toBe(0);
    expect(expectOk(await search(q, 'not-a-token')).total).toBe(0);
    expect((await call(t.app, { method: 'GET', url: `${schoolCalls.colleges.path}?schoolId=${created.school.id}`, token: bob.token })).body.code).toBe('4004');

    // Adding a school the directory already has answers the directory's.
    const listed = expectOk(await add({ schoolName: '沛县实验小学', schoolKind: 'edu_07', areaCode: '320322' }, bob.token));
    expect(listed).toMatchObject({ existing: true, school: { schoolName: '沛县实验小学', verified: true } });
  });

  it('refuses bad names, unknown counties and malformed bodies', async () => {
    const user = await login(t.app);
    const add = (body: unknown) => call(t.app, { method: 'POST', url: schoolCalls.addSchool.path, payload: body as object, token: user.token });
    expect((await add({ schoolName: '12345', schoolKind: 'edu_07', areaCode: '320322' })).body).toMatchObject({ code: '4001', msg: SCHOOL_MESSAGES.badName });
    expect((await add({ schoolName: '<script>', schoolKind: 'edu_07', areaCode: '320322' })).body.code).toBe('4001');
    expect((await add({ schoolName: '某某小学', schoolKind: 'edu_07', areaCode: '320399' })).body).toMatchObject({ code: '4001', msg: SCHOOL_MESSAGES.unknownArea });
    expect((await add({ schoolName: '某某小学', schoolKind: 'edu_07', areaCode: '320300' })).body.code).toBe('4001');
    for (const bad of [{}, { schoolName: '某某小学', schoolKind: 'edu_99', areaCode: '320322' }, { schoolName: 1, schoolKind: 'edu_07', areaCode: '320322' }, { schoolName: '某某小学', schoolKind: 'edu_07', areaCode: '320322', owner: 'x' }]) {
      const r = await add(bad);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('4000');
    }
  });

  it('caps the schools one parent adds, and concurrent adds of one school make one row', async () => {
    const user = await login(t.app);
    const add = (name: string) =>
      call<AddSchoolResult>(t.app, { method: 'POST', url: schoolCalls.addSchool.path, payload: { schoolName: name, schoolKind: 'edu_07', areaCode: '320311' }, token: user.token });
    const results = await Promise.all(Array.from({ length: 5 }, () => add('泉山区并发测试小学')));
    const ids = new Set(results.map((r) => expectOk(r).school.id));
    expect(ids.size).toBe(1);
    for (let i = 1; i < MAX_OWN_SCHOOLS; i++) expectOk(await add(`泉山区自建第${i}小学`));
    expect((await add('泉山区又一所小学')).body).toMatchObject({ code: '4001', msg: SCHOOL_MESSAGES.tooMany });
    expect(expectOk(await add('泉山区自建第1小学')).existing).toBe(true);
  });

  it('answers per-area statistics of the catalogue', async () => {
    const stats = expectOk(await call<AreaStatistics>(t.app, { method: 'GET', url: schoolCalls.areaStatistics.path }));
    const xuzhou = stats.list.find((a) => a.areaCode === '320300');
    expect(xuzhou).toMatchObject({ areaName: '江苏省徐州市' });
    expect(xuzhou!.products).toBeGreaterThan(3);
    expect(xuzhou!.schools).toBeGreaterThan(50);
    expect(stats.list.every((a) => a.schools > 0)).toBe(true);
    expect(stats.totalProducts).toBe(manifests.online.length);
  });
});

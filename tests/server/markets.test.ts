import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Envelope } from '../../src/contract/envelope.ts';
import { marketCalls, AreaList, Branch, ContactPerson, FileList, LocatedArea, MarketDetail, MarketList, OrgElementList, RichFile } from '../../src/contract/market.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { buildApp } from '../../src/server/app.ts';
import { ManifestError } from '../../src/server/catalogue/manifest-store.ts';
import { openDb, MEMORY_URL } from '../../src/server/db/open-db.ts';
import { SandboxGeocoder } from '../../src/server/providers/geocoder/sandbox-geocoder.ts';
import { COUNTY_SEATS } from '../../src/server/providers/geocoder/county-seats.ts';
import { findRegion } from '../../src/engine/regions/region-table.ts';
import { call, makeTestApp, testConfig, type TestApp } from './helpers.ts';

function expectShape(schema: TSchema, body: unknown): void {
  expect([...Value.Errors(Envelope(schema), body)].map((e) => `${e.path} ${e.message}`)).toEqual([]);
  expect((body as { code: string }).code).toBe('0000');
}

describe('regions, location and markets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  const get = <T>(url: string) => call<T>(t.app, { method: 'GET', url });

  it('getArea answers the children of a code, level by level, with a cache header', async () => {
    const provinces = await get<{ value: string; label: string }[]>(fillPath(marketCalls.getArea.path, { code: '000000' }));
    expectShape(AreaList, provinces.body);
    expect(provinces.body.data).toHaveLength(31);
    expect(provinces.response.headers['cache-control']).toContain('max-age');
    const cities = await get<{ value: string; label: string }[]>(fillPath(marketCalls.getArea.path, { code: '320000' }));
    expect(cities.body.data?.find((c) => c.value === '320300')).toEqual({ value: '320300', label: '徐州市', level: 'city', isLeaf: false });
    const counties = await get<{ value: string; label: string; isLeaf: boolean }[]>(fillPath(marketCalls.getArea.path, { code: '320300' }));
    expect(counties.body.data?.map((c) => c.label)).toContain('邳州市');
    expect(counties.body.data?.every((c) => c.isLeaf)).toBe(true);
    expect((await get(fillPath(marketCalls.getArea.path, { code: '320302' }))).body.data).toEqual([]);
  });

  it('getArea refuses an unknown code with 4004 and a malformed one with 4000', async () => {
    expect((await get(fillPath(marketCalls.getArea.path, { code: '329900' }))).body.code).toBe('4004');
    const bad = await get(fillPath(marketCalls.getArea.path, { code: '32<script>' }));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('4000');
  });

  it('orgElementList gives the children of an area a market serves', async () => {
    const all = await get<{ list: { elementCode: string }[] }>(`${marketCalls.orgElementList.path}?areaCode=370000`);
    expectShape(OrgElementList, all.body);
    expect(all.body.data?.list.length).toBeGreaterThan(10);
    const linyi = await get<{ list: { elementCode: string; elementName: string }[] }>(`${marketCalls.orgElementList.path}?areaCode=370000&elementRelaConfId=linyi`);
    expect(linyi.body.data?.list).toEqual([{ elementCode: '371300', elementName: '临沂市', level: 'city', areaCode: '370000' }]);
    expect((await get(`${marketCalls.orgElementList.path}?elementRelaConfId=nowhere`)).body.code).toBe('4004');
  });

  it('locateArea places a point in Xuzhou in a Xuzhou county, and an unplaceable point in the default domain', async () => {
    const xz = await get<{ areaCode: string; cityCode: string; located: boolean; name: string }>(`${marketCalls.locateArea.path}?latitude=34.26&longitude=117.18`);
    expectShape(LocatedArea, xz.body);
    expect(xz.body.data).toMatchObject({ located: true, cityCode: '320300', provinceCode: '320000' });
    expect(xz.body.data?.name).toMatch(/^江苏省徐州市/);
    const pizhou = await get<{ countyCode: string }>(`${marketCalls.locateArea.path}?latitude=34.31&longitude=117.95`);
    expect(pizhou.body.data?.countyCode).toBe('320382');
    const sea = await get<{ areaCode: string; located: boolean; cityCode: null }>(`${marketCalls.locateArea.path}?latitude=10&longitude=150`);
    expect(sea.body.data).toMatchObject({ located: false, areaCode: '500000', provinceCode: '500000', cityCode: null, countyCode: null, name: '重庆市' });
    expect((await get(`${marketCalls.locateArea.path}?latitude=91&longitude=0`)).body.code).toBe('4000');
  });

  it('queryIdByArea lists the markets of a place, online and most specific first, offline ones after', async () => {
    const lanshan = await get<{ list: { id: string }[] }>(`${marketCalls.queryIdByArea.path}?areaCode=371302`);
    expectShape(MarketList, lanshan.body);
    expect(lanshan.body.data?.list.map((m) => m.id)).toEqual(['lanshan', 'linyi']);
    const ningxia = await get<{ list: { id: string; online: boolean }[] }>(`${marketCalls.queryIdByArea.path}?areaCode=640104`);
    expect(ningxia.body.data?.list.map((m) => [m.id, m.online])).toEqual([['ningxia', true], ['ningxia-2022', false]]);
    const all = await get<{ list: unknown[] }>(marketCalls.queryIdByArea.path);
    expect(all.body.data?.list.length).toBeGreaterThanOrEqual(17);
  });

  it('selectSupermarket gives a market with its products on sale and their insurers', async () => {
    const { body } = await call<{ name: string; products: { productCode: string; insurers: string[] }[]; online: boolean }>(t.app, {
      method: 'POST',
      url: marketCalls.selectSupermarket.path,
      payload: { id: 'xuzhou' },
    });
    expectShape(MarketDetail, body);
    expect(body.data?.name).toBe('徐州学平险保险超市');
    expect(body.data?.products.map((p) => p.productCode)).toContain('25PR320310');
    expect(body.data?.products.find((p) => p.productCode === '25PR320310')?.insurers).toContain('中国太平洋财产保险股份有限公司');
    const offline = await call<{ online: boolean; status: string }>(t.app, { method: 'POST', url: marketCalls.selectSupermarket.path, payload: { id: 'ningxia-2022' } });
    expect(offline.body.data).toMatchObject({ online: false, status: 'offline' });
    expect((await call(t.app, { method: 'POST', url: marketCalls.selectSupermarket.path, payload: { id: 'atlantis' } })).body).toMatchObject({ code: '4004', msg: '保险超市不存在' });
    expect((await call(t.app, { method: 'POST', url: marketCalls.selectSupermarket.path, payload: { id: 'xuzhou', extra: 1 } })).body.code).toBe('4000');
    expect((await call(t.app, { method: 'POST', url: marketCalls.selectSupermarket.path, payload: 'nope' })).body.code).toBe('4000');
  });

  it('selectFile and selectFileById serve the service, claim and insurer profiles', async () => {
    const list = await get<{ list: { id: string; type: string; title: string }[] }>(marketCalls.selectFile.path);
    expectShape(FileList, list.body);
    const types = new Set(list.body.data?.list.map((f) => f.type));
    expect([...types].sort()).toEqual(['claimSvc', 'insureSvc', 'insurer', 'notice']);
    const insurers = await get<{ list: { id: string; title: string }[] }>(`${marketCalls.selectFile.path}?type=insurer`);
    expect(insurers.body.data?.list.map((f) => f.title)).toContain('中国人民财产保险股份有限公司');
    const picc = await get<{ html: string }>(`${marketCalls.selectFileById.path}?id=insurer-picc`);
    expectShape(RichFile, picc.body);
    expect(picc.body.data?.html).toContain('徐州');
    const claim = await get<{ html: string }>(`${marketCalls.selectFileById.path}?id=claim-service`);
    expect(claim.body.data?.html).toContain('报案');
    expect((await get(`${marketCalls.selectFileById.path}?id=missing`)).body.code).toBe('4004');
    expect((await get(`${marketCalls.selectFileById.path}?id=../etc`)).body.code).toBe('4000');
  });

  it('findEduOrgBelongJtBranch and tourContactPerson answer per market, head office and national desk otherwise', async () => {
    const branch = await get<{ branchCode: string }>(`${marketCalls.findBranch.path}?areaCode=320302`);
    expectShape(Branch, branch.body);
    expect(branch.body.data).toEqual({ branchCode: 'JT0144001', branchName: '徐州分公司', marketId: 'xuzhou' });
    expect((await get(`${marketCalls.findBranch.path}?areaCode=110101`)).body.data).toEqual({ branchCode: 'JT0000', branchName: '总公司', marketId: null });
    const contact = await get<{ phone: string }>(`${marketCalls.tourContactPerson.path}?marketId=jining`);
    expectShape(ContactPerson, contact.body);
    expect(contact.body.data).toMatchObject({ name: '济宁学平险服务中心', marketId: 'jining' });
    expect((await get(`${marketCalls.tourContactPerson.path}?areaCode=110101`)).body.data).toMatchObject({ name: '全国客户服务中心', marketId: null });
  });
});

describe('sandbox geocoder', () => {
  it('knows only counties of the national tree', () => {
    for (const [code] of COUNTY_SEATS) expect(findRegion(code)?.level, code).toBe('county');
  });

  it('maps each seat to its own county, and far points to nothing', async () => {
    const geocoder = new SandboxGeocoder();
    for (const [code, latitude, longitude] of COUNTY_SEATS) expect((await geocoder.reverse({ latitude, longitude }))?.countyCode).toBe(code);
    expect(await geocoder.reverse({ latitude: 51.5, longitude: -0.12 })).toBeNull();
  });
});

describe('market manifests at start', () => {
  it('the server refuses to start on a bad market', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'edu-markets-'));
    cpSync('manifests', dir, { recursive: true });
    const file = join(dir, 'markets', 'xuzhou.json');
    const market = JSON.parse(readFileSync(file, 'utf8')) as { products: string[] };
    market.products.push('99PR000000');
    writeFileSync(file, JSON.stringify(market));
    const database = await openDb({ databaseUrl: MEMORY_URL, dataDir: '.' });
    try {
      const started = buildApp({ db: database.db, config: testConfig({ manifestsDir: dir }), logger: false });
      await expect(started).rejects.toThrow(ManifestError);
      await expect(started).rejects.toThrow(/markets\/xuzhou\.json {2}\/products\/\d+ {2}product code 99PR000000 is not in any product manifest/);
    } finally {
      await database.close();
    }
  });
});

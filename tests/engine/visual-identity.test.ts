import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLED_REGISTRIES } from '../../src/engine/manifest/references.ts';
import { bannerImageOf, categoryIllustration, insurerMarkSvg, marketAccent, marketBannerOf, marketBannerSvg, marketScene, shortPlaceName } from '../../src/engine/manifest/visual-identity.ts';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { loadMarketStore } from '../../src/server/markets/market-store.ts';

const store = loadManifestStore('manifests');
const fileOf = (url: string) => `public${url}`;

describe('visual identity', () => {
  it('gives each product category its illustration', () => {
    const of = (productCategory1: string, productCategory2: string) => categoryIllustration({ productCategory1, productCategory2, productCategory3: '' });
    expect(of('意外险', '学平险')).toBe('student-accident');
    expect(of('意外险', '综合意外险')).toBe('umbrella');
    expect(of('责任险', '监护人责任险')).toBe('guardian');
    expect(of('健康险', '百万医疗')).toBe('medical');
    expect(of('健康险', '重疾险')).toBe('serious-illness');
  });

  it('serves every product with a banner illustration that exists, the manifest\'s own first', () => {
    for (const m of store.all) {
      expect(m.detail.banner.image, m.id).toMatch(/^\/img\/.+\.svg$/);
      expect(existsSync(fileOf(m.detail.banner.image!)), m.detail.banner.image).toBe(true);
    }
    const manifest = store.all[0]!;
    expect(bannerImageOf({ ...manifest, detail: { ...manifest.detail, banner: { ...manifest.detail.banner, image: '/img/own.svg' } } })).toBe('/img/own.svg');
  });

  it('gives every market a banner of its own by default, its bannerImage first', () => {
    const markets = loadMarketStore('manifests/markets', store).all;
    for (const m of markets) {
      expect(marketBannerOf(m), m.id).toBe(m.bannerImage ?? `/img/markets/${m.id}.svg`);
      expect(existsSync(fileOf(marketBannerOf(m))), marketBannerOf(m)).toBe(true);
    }
    expect(marketBannerOf({ id: 'xuzhou', bannerImage: '/img/x.svg' })).toBe('/img/x.svg');
    // The place on the school's sign, the scene of the kind of market, the market's accent on roof and flag.
    const xuzhou = readFileSync('public/img/markets/xuzhou.svg', 'utf8');
    expect(xuzhou).toBe(marketBannerSvg({ id: 'xuzhou', scene: 'city', place: '徐州' }));
    expect(xuzhou).toContain('>徐州</text>');
    expect(xuzhou).toContain(`stroke="${marketAccent('xuzhou')}"`);
    expect(xuzhou).toMatch(/viewBox="0 0 240 160" width="240" height="160"/);
    expect(readFileSync('public/img/markets/zhejiang.svg', 'utf8')).toContain('>浙江</text>');
    expect(readFileSync('public/img/markets/ningxia.svg', 'utf8')).toContain('>宁夏</text>');
    expect(readFileSync('public/img/markets/lanshan.svg', 'utf8')).toContain('>兰山</text>');
  });

  it('draws a province, a city and a county each as its own scene', () => {
    expect(marketScene(['330000'])).toBe('province');
    expect(marketScene(['500000'])).toBe('city');
    expect(marketScene(['320300'])).toBe('city');
    expect(marketScene(['371302'])).toBe('county');
    const scenes = (['province', 'city', 'county'] as const).map((scene) => marketBannerSvg({ id: 'x', scene, place: '某地' }));
    expect(new Set(scenes).size).toBe(3);
    expect(shortPlaceName('宁夏回族自治区')).toBe('宁夏');
    expect(shortPlaceName('兴化市')).toBe('兴化');
    expect(shortPlaceName('泸县')).toBe('泸县');
    expect(marketBannerSvg({ id: 'x', scene: 'city', place: 'A&B' })).toContain('>A&amp;B</text>');
  });

  it('serves each insurer without a licensed logo as its letter-mark, in its colour', () => {
    for (const m of store.all) {
      for (const insurer of m.insurers) {
        expect(insurer.logoUrl, insurer.name).toMatch(/^\/img\/insurers\/[a-z-]+\.svg$/);
        expect(existsSync(fileOf(insurer.logoUrl!)), insurer.logoUrl).toBe(true);
      }
    }
    const cpic = BUNDLED_REGISTRIES.insurers.find((i) => i.code === 'cpic')!;
    expect(readFileSync('public/img/insurers/cpic.svg', 'utf8')).toBe(insurerMarkSvg(cpic));
    expect(insurerMarkSvg(cpic)).toContain(`fill="${cpic.color}"`);
    expect(insurerMarkSvg(cpic)).toContain('>太保</text>');
    expect(insurerMarkSvg({ code: 'x', shortName: '人保财险徐州', color: '#e60012' })).toContain('>人保</text>');
  });
});

describe('notices and clauses as served', () => {
  const guardian = store.byProductCode('21PR000316')!;
  const notice = guardian.protocols.find((p) => p.name === '投保须知')!;
  const clauses = guardian.protocols.find((p) => p.name === '监护人责任保险条款')!;

  it('completes a notice with the sections every notice carries, from the product\'s data', () => {
    expect(notice.content.startsWith('一、本产品特别提示')).toBe(true);
    for (const section of ['二、投保范围', '三、保险期间', '四、如实告知', '五、退保说明', '六、理赔服务', '七、个人信息保护']) expect(notice.content).toContain(section);
    expect(notice.content).toContain(`销售区域：${guardian.detail.salesArea}`);
    expect(notice.content).toContain('95585');
  });

  it('completes clauses with numbered articles: amounts per plan and the exclusions of the product\'s kind', () => {
    expect(clauses.content).toMatch(/^第一条（保险责任）/);
    expect(clauses.content).toContain('第二条（保险金额）');
    expect(clauses.content).toContain(`${guardian.plans[0]!.name}：`);
    expect(clauses.content).toContain('被监护人的故意行为');
    expect(clauses.content).toContain('第六条（争议处理）');
  });

  it('leaves no notice of three sentences and no clause of two articles', () => {
    for (const m of store.all) {
      for (const p of m.protocols) {
        if (p.notificationType === 2) expect(p.content.length, `${m.id} ${p.name}`).toBeGreaterThan(600);
        if (p.notificationType === 3 && !p.name.startsWith('附加')) expect(p.content.match(/第[一二三四五六七八九十]+条/g)?.length, `${m.id} ${p.name}`).toBeGreaterThanOrEqual(6);
      }
    }
  });
});

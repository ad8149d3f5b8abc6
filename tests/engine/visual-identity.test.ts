import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLED_REGISTRIES } from '../../src/engine/manifest/references.ts';
import { bannerImageOf, categoryIllustration, insurerMarkSvg, marketBannerOf } from '../../src/engine/manifest/visual-identity.ts';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';

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
    expect(marketBannerOf({})).toBe('/img/illustrations/market.svg');
    expect(marketBannerOf({ bannerImage: '/img/x.svg' })).toBe('/img/x.svg');
    expect(existsSync(fileOf(marketBannerOf({})))).toBe(true);
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

/**
 * "Still copied" and foreign-hotline warnings, one row per
 * case with the exact line `npm run manifests:check` prints.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCatalogue } from '../../src/engine/manifest/check-manifest-set.ts';
import { copyWarnings } from '../../src/engine/manifest/copy-check.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { formatProblem } from '../../src/engine/manifest/problem-messages.ts';
import { BUNDLED_REGISTRIES } from '../../src/engine/manifest/references.ts';

const F = 'manifests/nanjing-student-2026.json';
const xuzhou = JSON.parse(readFileSync(new URL('../../manifests/xuzhou-student-accident-2025.json', import.meta.url), 'utf8')) as ProductManifest;
const source = { file: 'manifests/xuzhou-student-accident-2025.json', manifest: xuzhou };
/** A finished Nanjing copy: every value that must differ differs, insured by 人保财险南京 (95518) alone. */
const nanjing = (): ProductManifest => {
  const m = structuredClone(xuzhou) as ProductManifest & Record<string, unknown>;
  Object.assign(m, { productCode: '26PR320100', productName: '南京市2026学生平安保险', projectCode: 'NJ2026', projectName: '2026南京学平险项目', routes: ['/nanjingStudentDetails'] });
  m.copiedFrom = { productCode: xuzhou.productCode };
  m.insurers = [{ insurer: 'picc-nanjing', partyRole: 1 }] as unknown as ProductManifest['insurers'];
  m.region = { provinceCode: '320000', cityCode: '320100', name: '江苏省南京市' };
  m.plans.forEach((p, i) => (p.code = `NJ26-${'ABC'[i]}`));
  // Each text rewritten as a whole: a copy keeping a sentence of the source's is not finished.
  let n = 0;
  const own = (_text: string) => `南京本地文字${(n += 1)}`;
  m.detail = { ...m.detail, banner: { ...m.detail.banner, title: own(m.detail.banner.title) }, faq: m.detail.faq?.map((f) => ({ ...f, a: own(f.a) })),
    notice: m.detail.notice?.map(own), claimProcess: m.detail.claimProcess?.map((c) => ({ ...c, text: own(c.text) })), onlineService: own(m.detail.onlineService ?? ''),
    cooperationAuthorisation: own(m.detail.cooperationAuthorisation ?? ''), salesArea: own(m.detail.salesArea ?? ''), securityObject: own(m.detail.securityObject ?? '') } as ProductManifest['detail'];
  m.protocols = m.protocols.map((p) => ({ ...p, content: own(p.content) })) as ProductManifest['protocols'];
  return JSON.parse(JSON.stringify(m).replaceAll('徐州', '南京')) as ProductManifest;
};
const lines = (m: ProductManifest, from: typeof source | null = source) => copyWarnings(F, m, from ?? undefined, BUNDLED_REGISTRIES).map(formatProblem);
const FROM = '25PR320300 (xuzhou-student-accident-2025.json)';

describe('still-copied and hotline warnings', () => {
  it('a finished copy has none', () => expect(lines(nanjing())).toEqual([]));

  it.each<[string, (m: ProductManifest) => void, string[]]>([
    ['a clause still the source\'s', (m) => (m.protocols[1]!.content = xuzhou.protocols[1]!.content), [
      `${F}  /protocols/1/content  warning: still the same as in ${FROM}  (write this product's own value, or list "/protocols/1/content" in copiedFrom.shared when it is the same on purpose)`]],
    ['a plan code still the source\'s', (m) => (m.plans[0]!.code = xuzhou.plans[0]!.code), [
      `${F}  /plans/0/code  warning: still the same as in ${FROM}  (write this product's own value, or list "/plans/0/code" in copiedFrom.shared when it is the same on purpose)`]],
    ['the old city in a selling point', (m) => (m.detail.features[0]!.text = '徐州本地服务'), [
      `${F}  /detail/features/0/text  warning: mentions 徐州, the city of the copied product ${FROM}  (write the new city, or list "/detail/features/0/text" in copiedFrom.shared when it is the same on purpose)`]],
    ['Ping An\'s hotline in a 人保 product', (m) => (m.detail.onlineService = '客服热线 95511'), [
      `${F}  /detail/onlineService  warning: gives 95511, the claims hotline of 平安产险, which does not insure this product  (write 95518, the hotline of this product's insurer, or list "/detail/onlineService" in copiedFrom.shared when it is the same on purpose)`]],
    ['two foreign hotlines in one text, each once', (m) => (m.detail.claimProcess![0]!.text = '拨打95500或95511报案，95511全天服务'), [
      `${F}  /detail/claimProcess/0/text  warning: gives 95500, the claims hotline of 太平洋产险, which does not insure this product  (write 95518, the hotline of this product's insurer, or list "/detail/claimProcess/0/text" in copiedFrom.shared when it is the same on purpose)`,
      `${F}  /detail/claimProcess/0/text  warning: gives 95511, the claims hotline of 平安产险, which does not insure this product  (write 95518, the hotline of this product's insurer, or list "/detail/claimProcess/0/text" in copiedFrom.shared when it is the same on purpose)`]],
    ['the own hotline', (m) => (m.detail.onlineService = '客服热线 95518'), []],
    ['digits that only contain a hotline', (m) => (m.detail.onlineService = '服务编号 1955110、2955002'), []],
    ['a hotline after a dash is part of a longer number, a longer hotline is its own', (m) => (m.detail.onlineService = '4006-95509'), [
      `${F}  /detail/onlineService  warning: gives 4006-95509, the claims hotline of 华泰人寿, which does not insure this product  (write 95518, the hotline of this product's insurer, or list "/detail/onlineService" in copiedFrom.shared when it is the same on purpose)`]],
    ['a shared section', (m) => ((m.protocols[1]!.content = xuzhou.protocols[1]!.content), (m.detail.onlineService = '95511'), (m.copiedFrom!.shared = ['/protocols', '/detail/onlineService'])), []],
  ])('%s', (_case, edit, expected) => {
    const m = nanjing();
    edit(m);
    expect(lines(m)).toEqual(expected);
  });

  it('a foreign hotline on a product whose insurer has none in the registry points at the registry entry', () => {
    const m = nanjing();
    m.insurers = [{ insurer: 'zhongyuan', partyRole: 1 }] as unknown as ProductManifest['insurers'];
    m.detail.onlineService = '客服热线 95518';
    const at = BUNDLED_REGISTRIES.insurers.findIndex((i) => i.code === 'zhongyuan');
    const entry = BUNDLED_REGISTRIES.insurers[at]!;
    expect(entry.claimsHotline).toBeUndefined();
    expect(lines(m)).toContain(
      `${F}  /detail/onlineService  warning: gives 95518, the claims hotline of 人保财险, which does not insure this product  (the insurer registry has no hotline of ${entry.shortName}: add its 报案电话 as "claimsHotline" at manifests/registry/insurers.json  /insurers/${at}, then write it here, or list "/detail/onlineService" in copiedFrom.shared when it is the same on purpose)`,
    );
  });

  it('names a copy whose source is gone, and checks hotlines of products that are no copy', () => {
    const m = nanjing();
    m.detail.onlineService = '95511';
    expect(lines(m, null)).toEqual([
      `${F}  /copiedFrom/productCode  warning: copied from 25PR320300, which no manifest has  (fix the code, or remove copiedFrom when the copy is finished)`,
      `${F}  /detail/onlineService  warning: gives 95511, the claims hotline of 平安产险, which does not insure this product  (write 95518, the hotline of this product's insurer, or list "/detail/onlineService" in copiedFrom.shared when it is the same on purpose)`,
    ]);
  });

  describe('a text rewritten only in part', () => {
    it.each<[string, (m: ProductManifest) => void, string[]]>([
      ['only the city changed in a notice', (m) => (m.detail.notice[0] = '本产品仅限南京市在校学生及在园幼儿投保，被保险人年龄为3周岁至25周岁。'), [
        `${F}  /detail/notice/0  warning: still has a sentence of ${FROM}: "本产品仅限南京市在校学生及在园幼儿投保，被保险人年龄为3周岁至25周岁。"  (rewrite that sentence for this product (a new city alone does not make it this product's text), or list "/detail/notice/0" in copiedFrom.shared when it is the same on purpose)`]],
      ['the first paragraph of a notice rewritten, the second kept', (m) => (m.protocols[0]!.content = `1. 南京市投保人须为学生的监护人。\n\n${xuzhou.protocols[0]!.content.split('\n\n').slice(1).join('\n\n')}`), [
        `${F}  /protocols/0/content  warning: still has a sentence of ${FROM}: "2. 请确认被保险人身份信息真实准确，信息错误可能影响理赔。"  (rewrite that sentence for this product (a new city alone does not make it this product's text), or list "/protocols/0/content" in copiedFrom.shared when it is the same on purpose)`]],
      ['an answer naming a plan of the source', (m) => {
        m.plans.forEach((p, i) => (p.name = ['标准款', '优选款', '尊享款'][i]!));
        m.detail.faq[0]!.a = '南京市学生可选升级版，保障更全。';
      }, [
        // The selling points kept from the source name its plans too.
        `${F}  /detail/features/2/text  warning: still names "升级版", a plan of ${FROM}  (name one of this product's plans (标准款, 优选款, 尊享款) or take the name out, or list "/detail/features/2/text" in copiedFrom.shared when it is the same on purpose)`,
        `${F}  /detail/faq/0/a  warning: still names "升级版", a plan of ${FROM}  (name one of this product's plans (标准款, 优选款, 尊享款) or take the name out, or list "/detail/faq/0/a" in copiedFrom.shared when it is the same on purpose)`]],
      ['an answer with the ages of the source', (m) => {
        m.insure.insured.ageBetween = [6, 18];
        m.detail.faq[0]!.a = '南京市在读的中小学生，年龄3周岁至25周岁。';
      }, [
        `${F}  /detail/faq/0/a  warning: still gives the ages of ${FROM} (3周岁至25周岁)  (write this product's ages, 6周岁-18周岁 (insure.insured.ageBetween), or list "/detail/faq/0/a" in copiedFrom.shared when it is the same on purpose)`]],
      ['the ages of the source are this product\'s too', (m) => (m.detail.faq[0]!.a = '南京市在读的中小学生，年龄3周岁至25周岁。'), []],
      ['a partly rewritten text listed as shared', (m) => ((m.detail.notice[0] = '本产品仅限南京市在校学生及在园幼儿投保，被保险人年龄为3周岁至25周岁。'), (m.copiedFrom!.shared = ['/detail/notice/0'])), []],
    ])('%s', (_case, edit, expected) => {
      const m = nanjing();
      edit(m);
      expect(lines(m)).toEqual(expected);
    });

    const calm = JSON.parse(readFileSync(new URL('../../manifests/calm-carefree-student-medical.json', import.meta.url), 'utf8')) as ProductManifest;
    const calmFrom = '19PR799624 (calm-carefree-student-medical.json)';
    /** A copy of 安心无忧 (renewal: true) sold without renewal, every text rewritten but a document title and one clause. */
    const noRenewalCopy = () => {
      const m = structuredClone(calm);
      Object.assign(m, { productCode: '26PR320101', productName: '南京学生医疗保险', projectName: '南京学生医疗项目', projectCode: 'NJYL2026', routes: ['/nanjingMedicalDetails'], noticeRoute: '/nanjingMedicalNotify', renewal: false, renewalLabel: '再次购买' });
      m.copiedFrom = { productCode: calm.productCode, shared: ['/detail/faq', '/detail/claimProcess', '/detail/notice', '/detail/onlineService', '/detail/cooperationAuthorisation', '/detail/salesArea', '/detail/securityObject', '/detail/features', '/detail/insurancePeriod'] };
      m.plans.forEach((p, i) => ((p.code = `NJYL-${i}`), (p.name = ['标准款', '优选款'][i]!)));
      m.detail.banner.title = '南京学生医疗';
      m.protocols.forEach((p, i) => (p.content = `南京学生医疗条款文字${i + 1}`));
      m.protocols[3]!.content = '保险期间届满前可续保，续保时被保险人年龄按续保生效日计算。';
      return m;
    };
    it('a document title still carrying the source\'s banner title, and renewal promised as the source does', () => {
      expect(copyWarnings(F, noRenewalCopy(), { file: 'manifests/calm-carefree-student-medical.json', manifest: calm }, BUNDLED_REGISTRIES).map(formatProblem)).toEqual([
        `${F}  /protocols/0/name  warning: still names "安心无忧", the banner title of ${calmFrom}  (write this product's own name, or list "/protocols/0/name" in copiedFrom.shared when it is the same on purpose)`,
        `${F}  /protocols/3/content  warning: still promises renewal ("可续保") as ${calmFrom} does  (take the renewal wording out: this product has no "renewal": true, or list "/protocols/3/content" in copiedFrom.shared when it is the same on purpose)`,
      ]);
    });
  });
});

describe('still-copied warnings in the whole check', () => {
  it('lists every value still copied from a renewal product even when the copy has a warning of its own (renewal wording)', () => {
    const calm = JSON.parse(readFileSync(new URL('../../manifests/calm-carefree-student-medical.json', import.meta.url), 'utf8')) as ProductManifest;
    const copy = structuredClone(calm) as ProductManifest & Record<string, unknown>;
    delete copy.renewal;
    delete copy.renewalReminderDays;
    Object.assign(copy, { id: 'suzhou-million-medical', renewalLabel: '再次购买', productCode: '26PR320500', productName: '苏州市学生百万医疗保险', routes: ['/suzhouMillionMedicalDetails'], copiedFrom: { productCode: calm.productCode } });
    const files = [
      { file: 'manifests/calm-carefree-student-medical.json', data: calm },
      { file: 'manifests/suzhou-million-medical.json', data: copy },
    ];
    const lines = checkCatalogue(files, [], new Set(), BUNDLED_REGISTRIES).filter((p) => p.file.includes('suzhou')).map((p) => `${p.pointer}  ${p.message}`);
    expect(lines).toContain('/detail/features/3/text  "一键续保" on a product parents cannot renew (no renewal: true)');
    expect(lines).toContain('/projectName  still the same as in 19PR799624 (calm-carefree-student-medical.json)');
    expect(lines).toContain('/protocols/3/content  still the same as in 19PR799624 (calm-carefree-student-medical.json)');
  });
});

/**
 * "Still copied" and foreign-hotline warnings, one row per
 * case with the exact line `npm run manifests:check` prints.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
  const own = (text: string) => `南京 ${text.replaceAll('徐州', '南京')}`;
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

  it('names a copy whose source is gone, and checks hotlines of products that are no copy', () => {
    const m = nanjing();
    m.detail.onlineService = '95511';
    expect(lines(m, null)).toEqual([
      `${F}  /copiedFrom/productCode  warning: copied from 25PR320300, which no manifest has  (fix the code, or remove copiedFrom when the copy is finished)`,
      `${F}  /detail/onlineService  warning: gives 95511, the claims hotline of 平安产险, which does not insure this product  (write 95518, the hotline of this product's insurer, or list "/detail/onlineService" in copiedFrom.shared when it is the same on purpose)`,
    ]);
  });
});

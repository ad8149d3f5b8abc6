/**
 * Messages for operations staff: one row per typical hand-editing mistake,
 * with the exact line `npm run manifests:check` prints for it. Together the
 * rows cover every kind of message: JSON syntax, each schema keyword the
 * manifest schemas use, the cross-field rules and the market rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatProblem, validateManifest, type ProductManifest } from '../../src/engine/manifest/index.ts';
import { parseJsonText } from '../../src/engine/manifest/problem-messages.ts';
import { validateRegistries } from '../../src/engine/manifest/references.ts';
import { validateMarket } from '../../src/engine/markets/validate-market.ts';

const F = 'manifests/nanjing-student-2026.json';
const source = readFileSync(new URL('../../manifests/jining-student-accident.json', import.meta.url), 'utf8');
const base = () => ({ ...(JSON.parse(source) as Record<string, unknown>), id: 'nanjing-student-2026' }) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const marketText = readFileSync(new URL('../../manifests/markets/xuzhou.json', import.meta.url), 'utf8');
const registryText = readFileSync(new URL('../../manifests/registry/insurers.json', import.meta.url), 'utf8');

type Row = [mistake: string, edit: (m: Record<string, any>) => void, line: string]; // eslint-disable-line @typescript-eslint/no-explicit-any

const schemaRows: Row[] = [
  ['premium in quotes', (m) => (m.plans[0].premium = '80'), `${F}  /plans/0/premium  "80" must be a number  (write 80 without quotes)`],
  ['age as text', (m) => (m.insure.insured.ageBetween = ['3', 18]), `${F}  /insure/insured/ageBetween/0  "3" must be a whole number  (write 3 without quotes)`],
  ['flag in quotes', (m) => (m.loginRequired = 'true'), `${F}  /loginRequired  "true" must be true or false  (write true without quotes)`],
  ['product code as a number', (m) => (m.productCode = 26320100), `${F}  /productCode  26320100 must be text in double quotes  (write "26320100" in double quotes)`],
  ['one route without brackets', (m) => (m.routes = '/nanjingDetails'), `${F}  /routes  "/nanjingDetails" must be a list in square brackets [ … ]  (put it in square brackets: ["/nanjingDetails"])`],
  ['copies with decimals', (m) => (m.pricing.maxCopies = 1.5), `${F}  /pricing/maxCopies  1.5 must be a whole number  (write a whole number, e.g. 2)`],
  ['city code not ending in 00', (m) => (m.region.cityCode = '320105'), `${F}  /region/cityCode  "320105" is not written as required: 6 digits ending in 00, e.g. 320100 南京市  (write it as the rule says, e.g. 320100 南京市)`],
  ['province code with a space', (m) => (m.region.provinceCode = '32 0000'), `${F}  /region/provinceCode  "32 0000" is not written as required: 6 digits ending in 0000, e.g. 320000 江苏省  (remove the spaces)`],
  ['product code in small letters', (m) => (m.productCode = '26pr320100'), `${F}  /productCode  "26pr320100" is not written as required: 6 to 16 capital letters or digits, e.g. 26PR320100  (write 26PR320100)`],
  ['route without slash', (m) => (m.routes = ['nanjingDetails']), `${F}  /routes/0  "nanjingDetails" is not written as required: a slash then letters or digits only, e.g. /nanjingStudentDetails  (write /nanjingDetails)`],
  ['banner colour without #', (m) => (m.detail.banner.color = 'e5541f'), `${F}  /detail/banner/color  "e5541f" is not written as required: # and 6 hexadecimal digits, e.g. #e5541f  (write #e5541f)`],
  ['misspelt property', (m) => ((m.detail.bannr = m.detail.banner), delete m.detail.banner), `${F}  /detail  missing property "banner" (Top banner)  (add "banner" with a group of properties in braces { … }; see docs/manifest-reference.md)`],
  ['unknown property close to a known one', (m) => (m.plans[0].premiun = 80), `${F}  /plans/0/premiun  unknown property "premiun"  (did you mean "premium"? remove it or check its spelling against schemas/product-manifest.schema.json)`],
  ['missing premium', (m) => delete m.plans[0].premium, `${F}  /plans/0  missing property "premium" (Base premium of one copy in yuan, before factors)  (add "premium" with a number; see docs/manifest-reference.md)`],
  ['misspelt enum value', (m) => (m.status = 'onlin'), `${F}  /status  "onlin" is not one of the allowed values  (did you mean "online"? write one of "online", "offline")`],
  ['plan type in small letters', (m) => (m.planType = 'b'), `${F}  /planType  "b" is not one of the allowed values  (did you mean "B"? write one of "A", "B")`],
  ['wrong schema version', (m) => (m.schemaVersion = 2), `${F}  /schemaVersion  2 is not allowed here  (write 1)`],
  ['three decimals', (m) => (m.plans[0].premium = 80.005), `${F}  /plans/0/premium  80.005 has more than 2 decimals  (money is in yuan with at most 2 decimals, e.g. 80.01)`],
  ['zero copies', (m) => (m.pricing.maxCopies = 0), `${F}  /pricing/maxCopies  0 is too small  (write a number of at least 1)`],
  ['cover of 200 months', (m) => (m.cover.months = 200), `${F}  /cover/months  200 is too large  (write a number of at most 120)`],
  ['empty product name', (m) => (m.productName = ''), `${F}  /productName  text is empty  (write at least 2 character(s))`],
  ['product name too long', (m) => (m.productName = '南京市'.repeat(14)), `${F}  /productName  text is too long (42 characters)  (shorten it to at most 40 characters)`],
  ['no plans', (m) => (m.plans = []), `${F}  /plans  list is empty  (add at least 1 item(s))`],
  ['three ages', (m) => (m.insure.insured.ageBetween = [3, 12, 18]), `${F}  /insure/insured/ageBetween  list has too many items (3)  (keep at most 2)`],
  ['route listed twice', (m) => (m.routes = ['/nanjingDetails', '/nanjingDetails']), `${F}  /routes/1  "/nanjingDetails" is listed twice (items 0 and 1, counting from 0)  (remove one of them)`],
  ['date not a date', (m) => (m.cover.fixedStart = '2026/09/01'), `${F}  /cover/fixedStart  "2026/09/01" is not a valid date  (write a date as "2026-09-01")`],
  ['multiplier zero', (m) => (m.pricing.factors = [{ key: 'socialSecurity', label: '有无社保', options: [{ value: 'Y', label: '有', multiplier: 0 }], default: 'Y' }]), `${F}  /pricing/factors/0/options/0/multiplier  0 is too small  (write a number above 0)`],
  // Cross-field rules (after the schema passes).
  ['city outside its province', (m) => (m.region.cityCode = '310100'), `${F}  /region/cityCode  city code 310100 is not in province 370000 (山东)  (a city of province 370000 starts with "37"; check both codes)`],
  ['two lead insurers', (m) => m.insurers.push({ ...m.insurers[0] }), `${F}  /insurers  2 lead insurers  (exactly one insurer has partyRole 1)`],
  ['duplicate plan code', (m) => (m.plans[1].code = m.plans[0].code), `${F}  /plans/1/code  duplicate plan code "JN-A" (also /plans/0/code, 标准方案)  (give 尊享方案 a code of its own: plan codes are unique inside a manifest, city letters + 2-digit year + -A, -B, … in plan order)`],
  ['youngest age in days beside a youngest age in years', (m) => (m.insure.insured.minAgeDays = 28), `${F}  /insure/insured/minAgeDays  minAgeDays 28 (出生满28天) beside a youngest age of 3周岁 in ageBetween  (a youngest age in days goes with "ageBetween": [0, 18]; for 3周岁 and older take "minAgeDays" out)`],
  ['youngest age in months beside a youngest age in years', (m) => (m.insure.insured.minAgeMonths = 6), `${F}  /insure/insured/minAgeMonths  minAgeMonths 6 (出生满6个月) beside a youngest age of 3周岁 in ageBetween  (a youngest age in months goes with "ageBetween": [0, 18]; for 3周岁 and older take "minAgeMonths" out)`],
  ['relation code that does not exist', (m) => (m.insure.insured.relations = ['03', '04']), `${F}  /insure/insured/relations/1  "04" is not one of the allowed values  (write one of 00 本人, 01 配偶, 02 父母, 03 子女, 05 兄弟姐妹, 06 雇主, 07 雇员, 08 祖父母/外祖父母, 09 孙子女/外孙子女, 10 监护人, 11 被监护人, 12 朋友, 98 未知, 99 其他; a student product usually has ["03", "10"])`],
];

const syntaxRows: [mistake: string, edit: (text: string) => string, line: string, excerpt: string][] = [
  ['comma before a closing bracket', (t) => t.replace('"routes": ["/jiningDetails"]', '"routes": ["/jiningDetails",]'), `${F}  /  JSON syntax error at line 10, column 31  (remove the comma before ]: the last item of a list or group has no comma after it)`, '  "routes": ["/jiningDetails",],'],
  ['missing comma', (t) => t.replace('"projectCode": "JN2025",', '"projectCode": "JN2025"'), `${F}  /  JSON syntax error at line 9, column 3  (a comma is missing at the end of the previous value (before this "))`, '  "projectName": "济宁学平险项目",'],
  ['Chinese comma', (t) => t.replace('"projectCode": "JN2025",', '"projectCode": "JN2025"，'), `${F}  /  JSON syntax error at line 8, column 26  (replace the Chinese punctuation ， with , (switch the keyboard to English punctuation))`, '  "projectCode": "JN2025"，'],
  ['Chinese quotes', (t) => t.replace('"projectName": "济宁学平险项目"', '"projectName": “济宁学平险项目”'), `${F}  /  JSON syntax error at line 9, column 18  (replace the Chinese punctuation “ with " (switch the keyboard to English punctuation))`, '  "projectName": “济宁学平险项目”,'],
  ['single quotes', (t) => t.replace('"projectCode": "JN2025"', "'projectCode': 'JN2025'"), `${F}  /  JSON syntax error at line 8, column 3  (use double quotes " around texts and property names, not single quotes)`, "  'projectCode': 'JN2025',"],
  ['file cut short', (t) => t.slice(0, t.lastIndexOf('}')), `${F}  /  JSON syntax error at line 147, column 1  (the file ends too early: a closing } or ] or a closing " is missing (compare the brackets with the lines above))`, ''],
];

describe('messages a non-programmer can act on', () => {
  it('covers at least 25 typical mistakes', () => expect(schemaRows.length + syntaxRows.length + 3).toBeGreaterThanOrEqual(25));

  it.each(schemaRows)('%s', (_mistake, edit, line) => {
    const m = base();
    edit(m);
    const lines = validateManifest(m, F).map(formatProblem);
    expect(lines).toContain(line);
  });

  it.each(syntaxRows)('JSON: %s', (_mistake, edit, line, excerpt) => {
    const result = parseJsonText(edit(source), F);
    expect(result.problem).toBeDefined();
    const [head, shown, caret] = formatProblem(result.problem!).split('\n');
    expect(head).toBe(line);
    // The offending line is shown, with a caret under the column.
    const [, lineNo, column] = /line (\d+), column (\d+)/.exec(line)!.map(Number);
    expect(shown).toBe(`    ${lineNo} | ${excerpt}`);
    expect(caret!.indexOf('^')).toBeGreaterThan(4 + `${lineNo} | `.length + column! - 3);
  });

  it('market files get the same words', () => {
    const market = JSON.parse(marketText) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    market.areas = ['32030'];
    market.contact.phone = '0516 8380';
    market.statuss = 'online';
    expect(validateMarket(market, 'manifests/markets/xuzhou.json').map(formatProblem)).toEqual([
      'manifests/markets/xuzhou.json  /statuss  unknown property "statuss"  (did you mean "status"? remove it or check its spelling against schemas/market-manifest.schema.json)',
      'manifests/markets/xuzhou.json  /areas/0  "32030" is not written as required: 6 digits of the national region code, e.g. 320100 南京市  (write it as the rule says, e.g. 320100 南京市)',
      'manifests/markets/xuzhou.json  /contact/phone  "0516 8380" is not written as required: 7 to 15 digits or dashes, e.g. 025-83901234 or 95518  (remove the spaces)',
    ]);
  });

  it('registry files get the same words, and a pattern hint corrects the value typed, never replaces it by the example', () => {
    const registry = JSON.parse(registryText) as { insurers: Record<string, unknown>[] };
    const suzhou = { code: 'picc-suzhou', name: '中国人民财产保险股份有限公司苏州市分公司', shortName: '人保财险苏州', color: '#e60012', claimsHotline: '95518', insuringAreas: [{ code: '320500', name: '苏州市' }] };
    registry.insurers.push(
      { ...suzhou, code: 'PICC-Suzhou' },
      { ...suzhou, code: 'picc-suzhoua', color: 'e60012' },
      { ...suzhou, code: 'picc-suzhoub', claimsHotline: 95518 },
      { ...suzhou, code: 'picc-suzhouc', claimsHotline: '９５５１８' },
    );
    const n = registry.insurers.length;
    const lines = validateRegistries({ file: 'manifests/registry/insurers.json', data: registry }, undefined).map(formatProblem);
    expect(lines).toEqual([
      `manifests/registry/insurers.json  /insurers/${n - 4}/code  "PICC-Suzhou" is not written as required: small letters with dashes: group code, then the place in pinyin, e.g. picc-nanjing  (write picc-suzhou)`,
      `manifests/registry/insurers.json  /insurers/${n - 3}/color  "e60012" is not written as required: # and 6 hexadecimal digits, e.g. #e60012  (write #e60012)`,
      `manifests/registry/insurers.json  /insurers/${n - 2}/claimsHotline  95518 must be text in double quotes  (write "95518" in double quotes)`,
      `manifests/registry/insurers.json  /insurers/${n - 1}/claimsHotline  "９５５１８" is not written as required: digits and dashes, e.g. 95518 or 4006-95509  (write 95518)`,
    ]);
  });

  it('every pattern of the authoring schemas says its rule in words', () => {
    for (const name of ['product-manifest', 'market-manifest', 'insurer-registry', 'branch-registry']) {
      const text = readFileSync(new URL(`../../schemas/${name}.schema.json`, import.meta.url), 'utf8');
      const patterns = text.match(/"pattern": "[^"]*"(, "x-hint": "[^"]+")?/g) ?? [];
      expect(patterns.length).toBeGreaterThan(0);
      for (const p of patterns) expect(p, `${name}: ${p}`).toContain('"x-hint"');
    }
  });

  it('keeps a valid manifest free of problems', () => {
    expect(validateManifest(base() as unknown as ProductManifest, F)).toEqual([]);
  });
});

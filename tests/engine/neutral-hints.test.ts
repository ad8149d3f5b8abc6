/**
 * A hint says how to fix the manifest being checked in its own terms: never
 * with the name, plan names or codes of another product, least of all the one
 * it was copied from. A product scaffolded from 徐州 2025 with the usual
 * mistakes is checked as `npm run manifests:check` checks it.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservedRoutes } from '../../src/contract/app-routes.ts';
import { checkCatalogue, formatProblem, type ManifestProblem } from '../../src/engine/manifest/index.ts';
import { stringsOf } from '../../src/engine/manifest/copy-check.ts';
import { runNewProduct } from '../../scripts/lib/new-product.ts';

const SOURCE_ID = 'xuzhou-student-accident-2025';
let dir: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let copy: Json;
const source = JSON.parse(readFileSync(new URL(`../../manifests/${SOURCE_ID}.json`, import.meta.url), 'utf8')) as Json;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'neutral-hints-'));
  cpSync(new URL('../../manifests/', import.meta.url), dir, { recursive: true });
  const code = runNewProduct(
    ['--dir', dir, '--from', SOURCE_ID, '--id', 'nanjing-student-2026', '--code', '26PR320100', '--name', '南京市2026学生平安保险', '--route', '/nanjingStudentDetails', '--city', '320100',
      '--plans', '标准款:80,优选款:120,尊享款:200', '--insurer', 'picc-nanjing'],
    { log: () => {}, error: () => {}, cwd: dir, defaultDir: dir },
  );
  expect(code).toBe(0);
  copy = JSON.parse(readFileSync(join(dir, 'nanjing-student-2026.json'), 'utf8')) as Json;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The problems of the copy after `edit`, among all products of the folder. */
function problemsAfter(edit: (m: Json) => void): ManifestProblem[] {
  const m = structuredClone(copy);
  edit(m);
  const products = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ file: `manifests/${name}`, data: name === 'nanjing-student-2026.json' ? m : (JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown) }));
  return checkCatalogue(products, [], reservedRoutes()).filter((p) => p.file === 'manifests/nanjing-student-2026.json');
}

/** What a hint must never contain: the source's name, codes and plan names. */
const SOURCE_VALUES: readonly string[] = [
  source.productName,
  source.productCode,
  source.projectCode,
  source.projectName,
  source.detail.banner.title,
  ...source.routes,
  ...source.plans.flatMap((p: Json) => [p.name, p.code]),
];

const MISTAKES: [string, (m: Json) => void][] = [
  ['the product name left out', (m) => delete m.productName],
  ['the project code left out', (m) => delete m.projectCode],
  ['a plan without its name', (m) => delete m.plans[0].name],
  ['a plan without its code', (m) => delete m.plans[1].code],
  ['the region left out', (m) => delete m.region],
  ['the routes left out', (m) => delete m.routes],
  ['a province-level city code', (m) => (m.region.cityCode = '320000')],
  ['a city code of another province', (m) => (m.region.cityCode = '310100')],
  ['an unknown province', (m) => (m.region.provinceCode = '990000')],
  ['a city the tree does not have', (m) => (m.region.cityCode = '329900')],
  ['an insurer code with capitals and spaces', (m) => (m.insurers[0].insurer = 'PICC Nanjing')],
  ['an insurer code mistyped', (m) => (m.insurers[0].insurer = 'picc-nanjng')],
  ['a product code in small letters', (m) => (m.productCode = '26pr320100')],
  ['a route without its slash', (m) => (m.routes[0] = 'nanjing student')],
  ['a plan code twice', (m) => (m.plans[1].code = m.plans[0].code)],
  ['ages the wrong way round', (m) => (m.insure.insured.ageBetween = [25, 3])],
  ['the hand-written age text of before', (m) => (m.detail.ageLimit = '3周岁-25周岁在校学生')],
  ['ages shown for nobody with a rule', (m) => (m.detail.ageText = { people: [{ person: 'ward' }] })],
  ['a factor default that is no option', (m) => (m.pricing.factors[0].default = 'X')],
  ['texts copied unchanged and in part', (m) => ((m.detail.notice[1] = source.detail.notice[1]), (m.detail.faq[0].a = `${source.detail.faq[0].a}南京市也一样。`))],
  ['a guarantee year twice', (m) => (m.pricing.guaranteeYears = [1, 1])],
];

describe('hints of a copy name none of the source product\'s values', () => {
  it.each(MISTAKES)('%s', (_, edit) => {
    const problems = problemsAfter(edit);
    // Every mistake is found: a hint that is not printed proves nothing.
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      for (const value of SOURCE_VALUES) expect(p.hint ?? '', `${formatProblem(p)} gives ${value}`).not.toContain(value);
    }
  });

  it('the rule examples of the schema are no product\'s values', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schemas/product-manifest.schema.json', import.meta.url), 'utf8')) as unknown;
    const examples = stringsOf(schema)
      .filter(([pointer]) => pointer.endsWith('/x-hint'))
      .flatMap(([, hint]) => [...hint.matchAll(/e\.g\. ([^\s,;)]+)/g)].map((match) => match[1]!));
    // A product's own names and codes (region codes, colours and school types are the country's or everyone's).
    const own = /^\/(id|productCode|aliasCodes\/\d+|productName|projectCode|projectName|routes\/\d+|noticeRoute|insurers\/\d+\/insurer|plans\/\d+\/(code|name)|contract\/route|contract\/manager\/employeeNum|detail\/banner\/title)$/;
    const values = new Set(
      readdirSync(new URL('../../manifests/', import.meta.url))
        .filter((name) => name.endsWith('.json'))
        .flatMap((name) => stringsOf(JSON.parse(readFileSync(new URL(`../../manifests/${name}`, import.meta.url), 'utf8'))).filter(([pointer]) => own.test(pointer)).map(([, text]) => text)),
    );
    expect(examples.length).toBeGreaterThan(10);
    expect(examples.filter((example) => values.has(example))).toEqual([]);
  });
});

/**
 * The checker's words on fifteen typical mistakes of an operations person
 * writing a manifest, each made in a copy of manifests/ (with the 苏州-shaped
 * price-table fixture beside the real products) and checked as
 * `npm run manifests:check -- --dir <copy>` checks it. Every line names the
 * file, the exact place (JSON pointer) and a fix to act on; the rows hold the
 * exact lines so that the messages cannot regress. The lines the unchanged
 * copy already prints (warnings such as "no market sells it") are left out.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkManifestsDir } from '../../scripts/lib/check-manifests-dir.ts';
import { formatProblem } from '../../src/engine/manifest/index.ts';

const root = new URL('../..', import.meta.url).pathname;
let work: string;
let baseline: Set<string>;

type Edit = (m: Record<string, any>) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
type Row = [mistake: string, file: string, edit: Edit, lines: string[]];

function copy(name: string): string {
  const dir = join(work, name);
  cpSync(join(root, 'manifests'), dir, { recursive: true });
  cpSync(join(root, 'tests/fixtures/suzhou-catalogue/suzhou-million-medical.json'), join(dir, 'suzhou-million-medical.json'));
  return dir;
}

/** The checker's lines for `dir`, the folder written as <copy>. */
function lines(dir: string): string[] {
  const prefix = relative(process.cwd(), dir);
  return checkManifestsDir(dir).problems.map((p) => formatProblem(p).split(prefix).join('<copy>'));
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'checker-mistakes-'));
  baseline = new Set(lines(copy('baseline')));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const rows: Row[] = [
  [
    'wrong insurer code (a letter swapped)',
    'jining-student-accident.json',
    (m) => (m.insurers[0].insurer = 'pingan-jinnig'),
    [
      `<copy>/jining-student-accident.json  /insurers/0/insurer  unknown insurer "pingan-jinnig"  (closest known insurer codes: pingan, pingan-jining, pingan-linyi)`,
    ],
  ],
  [
    'a price cell in yuan instead of fen',
    'suzhou-million-medical.json',
    (m) => (m.pricing.table[0].premiumFen = 598),
    [
      `<copy>/suzhou-million-medical.json  /pricing/table/0/premiumFen  premiumFen 598 is ¥5.98, far below the plan's other prices (up to ¥698.00)  (premiumFen is in fen (分), 100 to the yuan: ¥598 is 59800)`,
    ],
  ],
  [
    'a table cell missing',
    'suzhou-million-medical.json',
    (m) => m.pricing.table.splice(3, 1),
    [
      `<copy>/suzhou-million-medical.json  /pricing/table  1 combination(s) have no price: plan SZ-A, 年龄段 3-5周岁, 有无社保 无社保  (add a cell { "plan", "when", "premiumFen" } for each (npm run manifests:quote lists them))`,
    ],
  ],
  [
    'an age band overlapping the one before',
    'suzhou-million-medical.json',
    (m) => (m.pricing.factors[0].options[1].ageBetween = [2, 5]),
    [
      `<copy>/suzhou-million-medical.json  /pricing/factors/0/options/1/ageBetween  age band 2-5 overlaps option 0 "出生满28天-2周岁" (0-2): an age is priced by one band only  (start it at 3)`,
    ],
  ],
  [
    'renewal reminder days on a product that cannot be renewed',
    'jining-student-accident.json',
    (m) => (m.renewalReminderDays = [30, 7]),
    [
      `<copy>/jining-student-accident.json  /renewalReminderDays  renewalReminderDays on a product without renewal: true  (remove renewalReminderDays, or set renewal: true when parents renew this product every year)`,
    ],
  ],
  [
    'a table cell for a plan not defined',
    'suzhou-million-medical.json',
    (m) => (m.pricing.table[6].plan = 'SZ-C'),
    [
      `<copy>/suzhou-million-medical.json  /pricing/table/6/plan  no plan has code "SZ-C"  (use one of SZ-A, SZ-B)`,
      `<copy>/suzhou-million-medical.json  /pricing/table  1 combination(s) have no price: plan SZ-B, 年龄段 出生满28天-2周岁, 有无社保 有社保  (add a cell { "plan", "when", "premiumFen" } for each (npm run manifests:quote lists them))`,
    ],
  ],
  [
    'a market listing an unknown product code',
    'markets/jining.json',
    (m) => m.products.push('26PR370899'),
    [
      `<copy>/markets/jining.json  /products/8  product code 26PR370899 is not in any product manifest  (use the productCode (or an alias code) of a manifests/*.json file)`,
    ],
  ],
  [
    'fixedStart written 2026-9-1',
    'jining-student-accident.json',
    (m) => (m.cover.fixedStart = '2026-9-1'),
    [
      `<copy>/jining-student-accident.json  /cover/fixedStart  "2026-9-1" is not a valid date  (write a date as "2026-09-01")`,
    ],
  ],
  [
    'minAgeDays older than the oldest age',
    'jining-student-accident.json',
    (m) => ((m.insure.insured.ageBetween = [0, 0]), (m.insure.insured.minAgeDays = 400)),
    [
      `<copy>/jining-student-accident.json  /insure/insured/minAgeDays  minAgeDays 400 (出生满400天) is older than the oldest age 0周岁 of ageBetween: nobody can be insured  (write the ages as the clause gives them: raise the oldest age in ageBetween (at least 1周岁 for 出生满400天), or lower minAgeDays to the clause's 出生满N天)`,
    ],
  ],
  [
    'an optional field that is also in fieldsFromAge',
    'suzhou-million-medical.json',
    (m) => (m.insure.insured.optionalFields = ['school']),
    [
      `<copy>/suzhou-million-medical.json  /insure/insured/fieldsFromAge/school  warning: "school" is asked only from 3周岁 and is also in optionalFields, so from 3周岁 it may still be left empty  (to require it from 3周岁 take "school" out of optionalFields; to let every age leave it empty take it out of fieldsFromAge)`,
    ],
  ],
  [
    'a typo in a field name',
    'jining-student-accident.json',
    (m) => (m.insure.insured.fields[0] = 'shcool'),
    [
      `<copy>/jining-student-accident.json  /insure/insured/fields/0  "shcool" is not one of the allowed values  (did you mean "school"? write one of "school", "schoolType", "schoolNature", "collegeName", "grade", "classAndGrade", "region", "socialSecurity", "email")`,
    ],
  ],
  [
    'a market banner path that does not exist',
    'markets/jining.json',
    (m) => (m.bannerImage = '/img/illustrations/market-jining.svg'),
    [
      `<copy>/markets/jining.json  /bannerImage  no file public/img/illustrations/market-jining.svg  (put the illustration at public/img/illustrations/market-jining.svg (the path is written from public/), or take "bannerImage" out for the generated banner)`,
    ],
  ],
  [
    'a claims hotline with an extension in words',
    'registry/insurers.json',
    (m) => (m.insurers[0].claimsHotline = '955-85 转 1'),
    [
      `<copy>/registry/insurers.json  /insurers/0/claimsHotline  "955-85 转 1" is not written as required: digits and dashes, e.g. 95518 or 4006-95509  (take out the spaces and "转": write it as the rule says, digits and dashes, e.g. 95518 or 4006-95509)`,
    ],
  ],
  [
    'a liability of 0',
    'jining-student-accident.json',
    (m) => (m.plans[0].risks[0].duties[1].showValue = '0元'),
    [
      `<copy>/jining-student-accident.json  /plans/0/risks/0/duties/1/showValue  意外医疗 of plan JN-A shows "0元": a sum insured is more than 0  (write the amount the clause gives, e.g. "1万元" or "100元/天", or leave the duty out of the plan)`,
    ],
  ],
  [
    'a plan name pasted twice',
    'jining-student-accident.json',
    (m) => (m.plans[1].name = m.plans[0].name),
    [
      `<copy>/jining-student-accident.json  /plans/1/name  plan JN-B has the same name "标准方案" as /plans/0 (JN-A): parents could not tell the plans apart  (give plan JN-B its own name, the one the insurer's plan list gives it)`,
    ],
  ],
];

describe('the checker on fifteen typical manifest mistakes', () => {
  it.each(rows)('%s', (_, file, edit, expected) => {
    const dir = copy(`row-${rows.findIndex((r) => r[2] === edit)}`);
    const path = join(dir, file);
    const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    edit(data);
    writeFileSync(path, JSON.stringify(data, null, 2));
    expect(lines(dir).filter((l) => !baseline.has(l))).toEqual(expected);
  });
});

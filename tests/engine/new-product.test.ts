import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem, validateManifest, type ProductManifest } from '../../src/engine/manifest/index.ts';
import { parseNewProductArgs, parsePlans, pinyinInitials, runNewProduct, scaffoldManifest } from '../../scripts/lib/new-product.ts';

const manifests = new URL('../../manifests/', import.meta.url);
let dir: string;

const read = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ProductManifest;
const run = (args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = runNewProduct(args, { log: (l) => out.push(l), error: (l) => err.push(l), cwd: dir, defaultDir: dir });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'new-product-'));
  cpSync(manifests, dir, { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run new-product', () => {
  it('scaffolds 南京市2026学生平安保险 end to end: plans, insurer, codes, the new city, its market, and a short list of what is left', () => {
    const args = ['scripts/run-tool.mjs', 'scripts/new-product.ts', '--dir', dir, '--from', 'xuzhou-student-accident-2025', '--id', 'nanjing-student-2026', '--code', '26PR320100',
      '--name', '南京市2026学生平安保险', '--route', '/nanjingStudentDetails', '--city', '320100', '--plans', '基础版:80,升级版:120,豪华版:200',
      '--insurer', 'picc-nanjing', '--without-social-security', '1.2', '--market', 'nanjing', '--market-name', '南京学平险保险超市', '--branch', 'JT0000'];
    const result = spawnSync('node', args, { encoding: 'utf8', cwd: new URL('../..', import.meta.url).pathname });
    expect(result.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('nanjing-student-2026.json from');
    expect(result.stdout).toMatch(/markets\/nanjing\.json sells it/);
    // What is left: a short numbered list, one line per section, naming exactly the values still as in the source.
    const list = result.stdout.split('\n').filter((l) => /^ ?\d+\. /.test(l));
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThan(10);
    expect(list).toContain(' 6. /protocols  3 values: 0/content, 1/content, 2/content');
    const values = list.reduce((n, l) => n + Number(/ (\d+) values?: /.exec(l)?.[1] ?? 1), 0);
    expect(result.stdout).toContain(`Left to edit: ${values} values in ${list.length} sections, still as in 25PR320300 (xuzhou-student-accident-2025.json):`);

    const m = read('nanjing-student-2026.json') as ProductManifest & { copiedFrom: unknown };
    expect(m).toMatchObject({
      id: 'nanjing-student-2026',
      productCode: '26PR320100',
      copiedFrom: { productCode: '25PR320300' },
      projectCode: 'NJ2026',
      projectName: '2026南京学平险项目',
      region: { provinceCode: '320000', cityCode: '320100', name: '江苏省南京市' },
    });
    expect(m.insurers).toEqual([{ insurer: 'picc-nanjing', partyRole: 1 }]);
    expect(m.plans.map((p) => [p.code, p.name, p.premium])).toEqual([['NJ26-A', '基础版', 80], ['NJ26-B', '升级版', 120], ['NJ26-C', '豪华版', 200]]);
    expect([...new Set(m.plans.flatMap((p) => p.risks.map((r) => r.riskCode)))].sort()).toEqual(['2601', '2602', '2603']);
    expect(m.pricing.factors[0]!.options.map((o) => o.multiplier)).toEqual([1, 1.2]);
    expect(JSON.stringify(m)).not.toContain('徐州');
    expect(JSON.parse(readFileSync(join(dir, 'markets', 'nanjing.json'), 'utf8'))).toMatchObject({ id: 'nanjing', name: '南京学平险保险超市', areas: ['320100'], products: ['26PR320100'], status: 'online' });
    // The branch given runs the product and the market, whose service desk is the branch's (manifests/registry/branches.json).
    const headOffice = (JSON.parse(readFileSync(new URL('registry/branches.json', manifests), 'utf8')) as { branches: { code: string; name: string; serviceDesk: unknown }[] }).branches.find((b) => b.code === 'JT0000')!;
    expect(m.order.defaultBranch).toBe('JT0000');
    expect(JSON.parse(readFileSync(join(dir, 'markets', 'nanjing.json'), 'utf8'))).toMatchObject({ branch: { branchCode: 'JT0000', branchName: headOffice.name }, contact: headOffice.serviceDesk });
    expect(result.stdout).not.toContain('has no service desk');

    // Errors: none. Warnings: every value still the source's, failing --strict until marked shared.
    const check = (strict: boolean) => spawnSync('node', ['scripts/run-tool.mjs', 'scripts/manifests-check.ts', '--dir', dir, ...(strict ? ['--strict'] : [])], { encoding: 'utf8', cwd: new URL('../..', import.meta.url).pathname });
    expect(check(false).status).toBe(0);
    const strict = check(true);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toMatch(/nanjing-student-2026\.json {2}\/protocols\/0\/content {2}warning: still the same as in 25PR320300 \(xuzhou-student-accident-2025\.json\)/);
    const shared = { ...m, copiedFrom: { productCode: '25PR320300', shared: ['/detail', '/protocols'] } };
    writeFileSync(join(dir, 'nanjing-student-2026.json'), JSON.stringify(shared, null, 2));
    expect(check(true).status).toBe(0);
    // The whole count is exact: the strict check fails on as many values as the list names.
    expect(strict.stderr.split('\n').filter((l) => l.includes('nanjing-student-2026.json') && l.includes('warning:'))).toHaveLength(values);
  }, 180_000); // four processes: slow on a busy machine

  it('--without-social-security prices 无社保 on a copy of a product without the factor, and asks for it on the form', () => {
    const result = run(['--from', 'jining-student-accident', '--id', 'suzhou-test', '--code', '99PR320500', '--name', '苏州市学生平安保险', '--route', '/suzhouTestDetails',
      '--city', '320500', '--plans', '基础版:80', '--without-social-security', '1.3']);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const m = read('suzhou-test.json');
    expect(m.pricing.factors).toContainEqual({ code: 'socialSecurity', name: '有无社保', default: 'Y', insuredField: 'socialMedicalInsurance',
      options: [{ value: 'Y', label: '有社保', multiplier: 1 }, { value: 'N', label: '无社保', multiplier: 1.3 }] });
    expect(m.insure.insured.fields).toContain('socialSecurity');
    // claims stay, less the kind whose liability the one plan left (基础版, a copy of JN-A) does not have.
    expect(m.claims?.kinds.map((k) => k.kind)).toEqual(['accidentOutpatient', 'accidentInpatient', 'accidentDeathDisability']);
    expect(run(['--from', 'jining-student-accident', '--id', 'x-test', '--code', '99PR000004', '--name', '测试产品', '--route', '/xTest4', '--without-social-security', '1,2']).err)
      .toContain('--without-social-security "1,2" must be a price multiplier such as 1.2');
    rmSync(join(dir, 'suzhou-test.json'));
  });

  it('extends an existing market, and says that --market-name does not rename it', () => {
    const before = JSON.parse(readFileSync(join(dir, 'markets', 'xuzhou.json'), 'utf8')) as { name: string; products: string[] };
    const result = run(['--from', 'xuzhou-student-accident-2025', '--id', 'xuzhou-test-2026', '--code', '26PR320399', '--name', '徐州市2026学生平安保险', '--route', '/xuzhouTest2026',
      '--market', 'xuzhou', '--market-name', '徐州新超市']);
    expect(result.err).toBe('');
    const after = JSON.parse(readFileSync(join(dir, 'markets', 'xuzhou.json'), 'utf8')) as { name: string; products: string[] };
    expect(after).toEqual({ ...before, products: [...before.products, '26PR320399'] });
    expect(result.out).toContain(`markets/xuzhou.json already existed and keeps its name "${before.name}" (--market-name names a market the command creates; edit "name" there to rename it).`);
    writeFileSync(join(dir, 'markets', 'xuzhou.json'), `${JSON.stringify(before, null, 2)}\n`);
    rmSync(join(dir, 'xuzhou-test-2026.json'));
  });

  it('says that a market it creates without --branch has no service desk, and refuses a branch the registry does not have', () => {
    const args = ['--from', 'jining-student-accident', '--id', 'suqian-test', '--code', '99PR321300', '--name', '宿迁市学生平安保险', '--route', '/suqianTestDetails',
      '--city', '321300', '--market', 'suqian-test'];
    const unknown = run([...args, '--branch', 'JT0144002']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('--branch JT0144002 is not in the branch registry (manifests/registry/branches.json). Closest: JT0144001');
    expect(existsSync(join(dir, 'suqian-test.json'))).toBe(false);
    const result = run(args);
    expect(result.err).toBe('');
    expect(result.out).toContain('markets/suqian-test.json has no service desk: fill "contact" (name, phone, hours) in it, or run again with --branch <code> of manifests/registry/branches.json');
    expect(JSON.parse(readFileSync(join(dir, 'markets', 'suqian-test.json'), 'utf8'))).not.toHaveProperty('contact');
    rmSync(join(dir, 'suqian-test.json'));
    rmSync(join(dir, 'markets', 'suqian-test.json'));
  });

  it('refuses to overwrite an existing file', () => {
    const before = readFileSync(join(dir, 'guanaibao-guardian.json'), 'utf8');
    const result = run(['--from', 'jining-student-accident', '--id', 'guanaibao-guardian', '--code', '99PR000002', '--name', '测试产品', '--route', '/testDetails']);
    expect(result.code).toBe(1);
    expect(result.err).toBe('guanaibao-guardian.json already exists: nothing was written. Choose another --id, or edit that file.');
    expect(readFileSync(join(dir, 'guanaibao-guardian.json'), 'utf8')).toBe(before);
  });

  it('prints the problems when the new product clashes with another manifest', () => {
    const jining = read('jining-student-accident.json');
    const result = run(['--from', 'guanaibao-guardian', '--id', 'clash-test', '--code', jining.productCode, '--name', '测试产品', '--route', jining.routes[0]!]);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`clash-test.json  /productCode  product code ${jining.productCode} is also used by jining-student-accident.json`);
    expect(result.out).toContain(`clash-test.json  /routes/0  route ${jining.routes[0]} is also used by jining-student-accident.json`);
    rmSync(join(dir, 'clash-test.json'));
  });

  it('explains wrong arguments and an unknown source', () => {
    const wrong = run(['--from', 'jining-student-accident', '--id', 'Bad_Id', '--code', 'abc', '--route', 'noslash']);
    expect(wrong.code).toBe(2);
    expect(wrong.err.split('\n').slice(0, 4)).toEqual([
      '--name is missing',
      '--id "Bad_Id" does not look like a kebab-case id such as suqian-student-accident',
      '--code "abc" does not look like a product code such as 25PR321300 (6-16 digits or capital letters)',
      '--route "noslash" does not look like a route such as /suqianStudentDetails (a slash, then letters and digits)',
    ]);
    const unknown = run(['--from', 'nope', '--id', 'x-test', '--code', '99PR000003', '--name', '测试产品', '--route', '/xTestDetails']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^There is no manifest nope\.json to copy \(--from nope\)\. Existing ids: .*jining-student-accident/);
    expect(existsSync(join(dir, 'x-test.json'))).toBe(false);
  });

  it('--help prints the usage and writes nothing', () => {
    const before = readdirSync(dir).length;
    const help = run(['--help', '--from', 'jining-student-accident']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: npm run new-product -- --from <existing-id>/);
    expect(help.err).toBe('');
    expect(readdirSync(dir)).toHaveLength(before);
  });
});

describe('scaffoldManifest', () => {
  it('drops alias codes and status of the source, labels it 再次购买, renames codes by the convention and keeps the rest', () => {
    const source = JSON.parse(readFileSync(new URL('xuzhou-student-accident-2025.json', manifests), 'utf8')) as ProductManifest;
    source.aliasCodes = ['19PR611048'];
    source.renewalLabel = '去续保';
    source.status = 'offline';
    const options = parseNewProductArgs(['--from', 'xuzhou-student-accident-2025', '--id', 'suqian-test', '--code', '99PR321300', '--name', '宿迁市学生平安保险', '--route', '/suqianTestDetails']);
    if (!('options' in options)) throw new Error(options.errors.join('\n'));
    const m = scaffoldManifest(source, options.options);
    expect(m.aliasCodes).toBeUndefined();
    expect(m.renewalLabel).toBe('再次购买');
    expect(m.status).toBeUndefined();
    expect(m.region).toEqual(source.region);
    expect(m.projectCode).toBe('SQ2099');
    expect(m.plans.map((p) => p.code)).toEqual(['SQ99-A', 'SQ99-B', 'SQ99-C']);
    expect(m.plans.map((p) => p.premium)).toEqual(source.plans.map((p) => p.premium));
    expect(Object.keys(m).slice(0, 6)).toEqual(['$schema', 'schemaVersion', 'id', 'productCode', 'copiedFrom', 'renewalLabel']);
    expect(validateManifest(m, 'manifests/suqian-test.json').map(formatProblem)).toEqual([]);
  });

  it('writes the region table\'s name for a manifest that had no region', () => {
    const source = JSON.parse(readFileSync(new URL('guanaibao-guardian.json', manifests), 'utf8')) as ProductManifest;
    const m = scaffoldManifest(source, { from: 'guanaibao-guardian', id: 'g-test', code: '99PR440300', name: '关爱宝测试', route: '/gTestDetails', city: '440300' });
    expect(m.region).toEqual({ provinceCode: '440000', cityCode: '440300', name: '广东省深圳市' });
  });

  it('reads plans and knows pinyin initials', () => {
    expect(parsePlans('基础版:80，升级版：120')).toEqual([{ name: '基础版', premium: 80 }, { name: '升级版', premium: 120 }]);
    expect(parsePlans('基础版:80元')).toMatch(/must list name:premium pairs/);
    expect(['nanjing', 'xuzhou', 'taiyuan', 'jining', 'linyi', 'suqian'].map(pinyinInitials)).toEqual(['NJ', 'XZ', 'TY', 'JN', 'LY', 'SQ']);
  });
});

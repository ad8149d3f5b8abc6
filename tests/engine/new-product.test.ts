import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservedRoutes } from '../../src/contract/app-routes.ts';
import { checkManifestSet, formatProblem, validateManifest, type ProductManifest } from '../../src/engine/manifest/index.ts';
import { nextEdits, parseNewProductArgs, runNewProduct, scaffoldManifest } from '../../scripts/lib/new-product.ts';

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
  it('scaffolds a valid manifest for a new city into --dir and says what to edit next', () => {
    const args = ['scripts/new-product.ts', '--dir', dir, '--from', 'jining-student-accident', '--id', 'linyi-student-accident-test', '--code', '99PR371300',
      '--name', '临沂市学生平安保险', '--route', '/linyiStudentTestDetails', '--city', '371300', '--city-name', '山东省临沂市'];
    const result = spawnSync('npx', ['tsx', ...args], { encoding: 'utf8', cwd: new URL('../..', import.meta.url).pathname });
    expect(result.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('linyi-student-accident-test.json from');
    expect(result.stdout).toContain('It passes the checks.');
    for (const pointer of ['/region', '/detail/banner', '/plans', '/protocols']) expect(result.stdout).toMatch(new RegExp(`linyi-student-accident-test\\.json  ${pointer}  `));
    expect(result.stdout).toContain('Texts that still mention 济宁:');

    const m = read('linyi-student-accident-test.json');
    expect(m).toMatchObject({
      $schema: '../schemas/product-manifest.schema.json',
      id: 'linyi-student-accident-test',
      productCode: '99PR371300',
      productName: '临沂市学生平安保险',
      routes: ['/linyiStudentTestDetails'],
      region: { provinceCode: '370000', cityCode: '371300', name: '山东省临沂市' },
    });
    expect(m.insurers).toEqual([{ insurer: 'pingan-jining', partyRole: 1 }]);
    expect(validateManifest(m, 'linyi-student-accident-test.json').map(formatProblem)).toEqual([]);
    // With every other manifest: codes and routes stay unique.
    const entries = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => ({ file: f, data: JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown }));
    expect(checkManifestSet(entries, reservedRoutes()).filter((p) => p.file === 'linyi-student-accident-test.json').map(formatProblem)).toEqual([]);
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
});

describe('scaffoldManifest', () => {
  it('drops alias codes and status of the source, labels it 再次购买, and keeps everything else', () => {
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
    expect(m.plans).toEqual(source.plans);
    expect(Object.keys(m).slice(0, 6)).toEqual(['$schema', 'schemaVersion', 'id', 'productCode', 'renewalLabel', 'productName']);
    expect(validateManifest(m, 'manifests/suqian-test.json').map(formatProblem)).toEqual([]);
    expect(nextEdits('manifests/suqian-test.json', m)[0]).toBe('manifests/suqian-test.json  /projectCode  code of the new city-year project (still "XZ2025")');
  });

  it('writes a province-level region for a manifest that had none', () => {
    const source = JSON.parse(readFileSync(new URL('guanaibao-guardian.json', manifests), 'utf8')) as ProductManifest;
    const m = scaffoldManifest(source, { from: 'guanaibao-guardian', id: 'g-test', code: '99PR440300', name: '关爱宝测试', route: '/gTestDetails', city: '440300' });
    expect(m.region).toEqual({ provinceCode: '440000', cityCode: '440300', name: '广东' });
    expect(Object.keys(m).indexOf('region')).toBe(Object.keys(m).indexOf('category') + 1);
  });
});

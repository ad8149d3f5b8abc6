/**
 * `npm run manifests:check` refuses an image a manifest names that public/
 * does not have: a product's banner illustration, a market's banner
 * (bannerImage) and an insurer registry entry's logo (logoUrl), each at its
 * own place with where to put the file. Run on a copy of manifests/ with the
 * three paths broken.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
let dir: string;

const edit = (file: string, change: (data: Record<string, any>) => void) => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const path = join(dir, file);
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  change(data);
  writeFileSync(path, JSON.stringify(data, null, 2));
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'image-files-'));
  cpSync(join(root, 'manifests'), dir, { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('images named by manifests exist in public/', () => {
  it('names the market banner, the registry logo and the product banner that are missing, and passes them once they exist', () => {
    const check = () => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/manifests-check.ts', '--dir', dir], { encoding: 'utf8', cwd: root });
    edit('markets/xuzhou.json', (m) => (m.bannerImage = '/img/illustrations/market-xuzhou-2026.svg'));
    edit('registry/insurers.json', (r) => (r.insurers[0].logoUrl = '/img/insurers/cic-logo.svg'));
    edit('jining-student-accident.json', (m) => (m.detail.banner.image = '/img/banners/jining.png'));
    const result = check();
    expect(result.status).toBe(1);
    const at = (file: string) => relative(root, join(dir, file));
    const lines = result.stderr.split('\n').filter((l) => l.includes('no file public/'));
    expect(lines).toEqual([
      `${at('jining-student-accident.json')}  /detail/banner/image  no file public/img/banners/jining.png  (put the image in public/ (e.g. public/img/banners/…) and write its path from there, or leave "image" out for the generated illustration)`,
      `${at('markets/xuzhou.json')}  /bannerImage  no file public/img/illustrations/market-xuzhou-2026.svg  (put the illustration at public/img/illustrations/market-xuzhou-2026.svg (the path is written from public/), or take "bannerImage" out for the generated banner)`,
      `${at('registry/insurers.json')}  /insurers/0/logoUrl  no file public/img/insurers/cic-logo.svg  (put the logo at public/img/insurers/cic-logo.svg (the path is written from public/), or take "logoUrl" out for the generated letter-mark)`,
    ]);
    // Paths of files public/ has pass.
    edit('markets/xuzhou.json', (m) => (m.bannerImage = '/img/markets/xuzhou.svg'));
    edit('registry/insurers.json', (r) => (r.insurers[0].logoUrl = '/img/insurer-default.svg'));
    edit('jining-student-accident.json', (m) => delete m.detail.banner.image);
    const fixed = check();
    expect(fixed.stderr).not.toContain('no file public/');
    expect(fixed.status).toBe(0);
  }, 120_000);
});

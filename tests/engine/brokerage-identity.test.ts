/**
 * One brokerage everywhere: every company name ending in 保险经纪有限公司, every
 * 许可证编号 and every 客服热线 written by hand in the information pages, the
 * manifests and the code is the one of src/engine/rules/brokerage.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BROKERAGE } from '../../src/engine/rules/brokerage.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const OWNER = 'src/engine/rules/brokerage.ts';

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : /\.(md|json|ts|tsx|html)$/.test(entry.name) ? [path] : [];
  });
}

/** `file: value` of every match of `pattern`'s first group under content/, manifests/ and src/ that is not `expected`. */
function othersThan(pattern: RegExp, expected: string): string[] {
  return ['content', 'manifests', 'src']
    .flatMap(files)
    .filter((file) => relative('.', file) !== OWNER && !file.endsWith('.generated.ts'))
    .flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(pattern)].map((m) => m[1]!).filter((value) => value !== expected).map((value) => `${file}: ${value}`));
}

describe('the brokerage identity', () => {
  it('names one company', () => {
    // Each 保险经纪有限公司 with as many characters before it as the brokerage's name has.
    const before = BROKERAGE.name.length - '保险经纪有限公司'.length;
    expect(othersThan(new RegExp(`(.{${before}}保险经纪有限公司)`, 'gu'), BROKERAGE.name)).toEqual([]);
  });
  it('gives one licence number and one hotline', () => {
    expect(othersThan(/许可证编号[：:\s]*([0-9A-Za-z]+)/g, BROKERAGE.licenceNo)).toEqual([]);
    expect(othersThan(/客服热线[：:\s]*([0-9-]{7,})/g, BROKERAGE.hotline)).toEqual([]);
  });
  it('is what the information pages show', () => {
    const disclosure = readFileSync(join(root, 'content/pages/informationDisclosure.md'), 'utf8');
    for (const fact of [BROKERAGE.name, BROKERAGE.licenceNo, BROKERAGE.hotline, BROKERAGE.hotlineHours]) expect(disclosure).toContain(fact);
  });
});

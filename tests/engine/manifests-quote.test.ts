import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computePremium } from '../../src/engine/pricing/premium.ts';
import { toServedManifest } from '../../src/server/catalogue/manifest-store.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { quoteTable } from '../../scripts/lib/quote-table.ts';
import { findManifest } from '../../scripts/lib/find-manifest.ts';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';

const load = (id: string) => toServedManifest(JSON.parse(readFileSync(`manifests/${id}.json`, 'utf8')) as ProductManifest);

describe('npm run manifests:quote', () => {
  it('prints every plan × social-security choice of Xuzhou 2025 with the premium the server charges', () => {
    const rows = quoteTable(load('xuzhou-student-accident-2025'), computePremium).slice(2).map((l) => l.split('\t'));
    expect(rows).toEqual([
      ['XZ25-JC 基础版 60', '有无社保 有社保 ×1', '1', '1', '60.00'],
      ['XZ25-JC 基础版 60', '有无社保 无社保 ×1.2', '1', '1', '72.00'],
      ['XZ25-SJ 升级版 100', '有无社保 有社保 ×1', '1', '1', '100.00'],
      ['XZ25-SJ 升级版 100', '有无社保 无社保 ×1.2', '1', '1', '120.00'],
      ['XZ25-HH 豪华版 160', '有无社保 有社保 ×1', '1', '1', '160.00'],
      ['XZ25-HH 豪华版 160', '有无社保 无社保 ×1.2', '1', '1', '192.00'],
    ]);
  });

  it('multiplies guarantee years and covers every combination', () => {
    const m = load('huatai-serious-illness');
    const rows = quoteTable(m, computePremium).slice(2);
    const combos = m.plans.length * m.pricing.factors.reduce((n, f) => n * f.options.length, 1) * m.pricing.maxCopies * (m.pricing.guaranteeYears ?? [1]).length;
    expect(rows).toHaveLength(combos);
    const [one, two] = rows.map((l) => Number(l.split('\t')[4]));
    expect(two).toBe(one! * 2);
  });

  it('finds the product by its code, an alias code or its id (file name)', () => {
    const store = loadManifestStore('manifests');
    const byCode = findManifest(store, '25PR320300');
    expect(byCode?.id).toBe('xuzhou-student-accident-2025');
    expect(findManifest(store, 'xuzhou-student-accident-2025')).toBe(byCode);
    expect(findManifest(store, 'xuzhou-student-accident-2025.json')).toBe(byCode);
    const aliased = store.all.find((m) => (m.aliasCodes ?? []).length > 0)!;
    expect(findManifest(store, aliased.aliasCodes![0]!)).toBe(aliased);
    expect(findManifest(store, 'nanjing-student-2026')).toBeUndefined();
  });

  it('--help prints the usage; an unknown option or a missing code prints what is wrong and the usage, never a stack trace', () => {
    const quote = (args: string[]) => spawnSync('node', ['scripts/run-tool.mjs', 'scripts/manifests-quote.ts', ...args], { encoding: 'utf8' });
    const help = quote(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run manifests:quote -- <productCode or id>/);
    const unknown = quote(['--bogus', '25PR320300']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--bogus'");
    expect(unknown.stderr).toContain('Usage: npm run manifests:quote');
    expect(unknown.stderr).not.toContain('    at ');
    const missing = quote([]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run manifests:quote');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkManifestSet, formatProblem, validateManifest } from '../../src/engine/manifest/index.ts';
import type { ProductManifest } from '../../src/engine/manifest/index.ts';
import schema from '../../schemas/product-manifest.schema.json' with { type: 'json' };

const dir = new URL('../../manifests/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const load = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as ProductManifest;
const clone = <T>(v: T): T => structuredClone(v);

describe('product manifests', () => {
  it.each(files)('%s is valid', (name) => {
    expect(validateManifest(load(name), `manifests/${name}`).map(formatProblem)).toEqual([]);
  });

  it('holds the three products of the foundation issue', () => {
    const all = files.map(load);
    const xuzhou = all.find((m) => m.id === 'xuzhou-student-accident-2025');
    expect(xuzhou?.plans.map((p) => p.name)).toEqual(['基础版', '升级版', '豪华版']);
    expect(all.some((m) => m.region?.cityCode === '370800' && m.insure.template === 'student')).toBe(true);
    const guardian = all.find((m) => m.insure.template === 'guardian');
    expect(guardian?.productName).toContain('关爱宝');
    expect(guardian?.insure.ward?.relations).toEqual(['03', '99']);
    expect(guardian?.insure.holder.ageBetween?.[0]).toBe(18);
  });

  it('reports the file, the JSON pointer and a hint for an unknown property', () => {
    const m = clone(load('jining-student-accident.json')) as unknown as Record<string, unknown>;
    (m.detail as Record<string, unknown>).bannr = {};
    const [problem] = validateManifest(m, 'manifests/jining-student-accident.json');
    expect(formatProblem(problem!)).toBe(
      'manifests/jining-student-accident.json  /detail/bannr  unknown property "bannr"  (remove it or check its spelling against schemas/product-manifest.schema.json)',
    );
  });

  it('reports a wrong enum value with the allowed values', () => {
    const m = clone(load('jining-student-accident.json'));
    (m as { planType: string }).planType = 'C';
    const problems = validateManifest(m, 'x.json');
    expect(problems).toContainEqual(expect.objectContaining({ pointer: '/planType', hint: 'use one of ["A","B"]' }));
  });

  it('rejects money with more than 2 decimals and a missing required property', () => {
    const m = clone(load('jining-student-accident.json')) as unknown as { plans: { premium: number }[]; cover?: unknown };
    m.plans[0]!.premium = 50.123;
    delete m.cover;
    const pointers = validateManifest(m, 'x.json').map((p) => p.pointer);
    expect(pointers).toContain('/plans/0/premium');
    expect(pointers).toContain('');
  });

  it('rejects a factor default that is not an option and two lead insurers', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.pricing.factors[0]!.default = 'maybe';
    m.insurers[1]!.partyRole = 1;
    const pointers = validateManifest(m, 'manifests/xuzhou-student-accident-2025.json').map((p) => p.pointer);
    expect(pointers).toEqual(['/insurers', '/pricing/factors/0/default']);
  });

  it('finds product codes and routes used twice across manifests', () => {
    const a = load('jining-student-accident.json');
    const b = clone(load('guanaibao-guardian.json'));
    b.productCode = a.productCode;
    b.routes = [a.routes[0]];
    const problems = checkManifestSet([
      { file: 'manifests/jining-student-accident.json', data: a },
      { file: 'manifests/guanaibao-guardian.json', data: b },
    ]);
    expect(problems.map((p) => `${p.file} ${p.pointer}`)).toEqual([
      'manifests/guanaibao-guardian.json /productCode',
      'manifests/guanaibao-guardian.json /routes/0',
    ]);
  });

  it('describes every property of the schema', () => {
    const missing: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.properties && typeof n.properties === 'object') {
        for (const [key, sub] of Object.entries(n.properties as Record<string, Record<string, unknown>>)) {
          const described = typeof sub.description === 'string' || (typeof sub.$ref === 'string');
          if (!described) missing.push(`${at}/properties/${key}`);
          walk(sub, `${at}/properties/${key}`);
        }
      }
      for (const key of ['items', '$defs']) {
        const sub = n[key];
        if (key === '$defs' && sub) for (const [k, d] of Object.entries(sub as object)) walk(d, `${at}/$defs/${k}`);
        else walk(sub, `${at}/${key}`);
      }
      if (n.type === 'object' && n.properties) {
        if (n.additionalProperties !== false) missing.push(`${at} (additionalProperties is not false)`);
      }
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });

  it('keeps the manifest reference in docs/ in step with the schema', () => {
    const out = execFileSync('npx', ['tsx', 'scripts/manifests-docs.ts', '--check'], { encoding: 'utf8' });
    expect(out).toContain('manifest reference up to date');
  });

  it('keeps the generated manifest type in step with the schema', () => {
    const out = execFileSync('npx', ['tsx', 'scripts/manifests-types.ts', '--check'], { encoding: 'utf8' });
    expect(out).toContain('manifest types up to date');
  });
});

describe('factor bound to an insured field', () => {
  it('requires the insure form to ask for it, with Y/N options', () => {
    const m = clone(load('xuzhou-student-accident-2025.json'));
    m.insure.insured.fields = ['school'];
    m.pricing.factors[0]!.options[1]!.value = 'NO';
    m.pricing.factors[0]!.default = 'NO';
    const pointers = validateManifest(m, 'manifests/xuzhou-student-accident-2025.json').map((p) => p.pointer);
    expect(pointers).toEqual(['/pricing/factors/0/options', '/pricing/factors/0/insuredField']);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { regionChildren } from '../../../src/engine/regions/region-table.ts';
import { resetRegionCache } from '../../../src/web/shared/api/regions.ts';
import { defaultRegionCode } from '../../../src/engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { loadCountiesUnder } from '../../../src/web/form-theme/widgets/school-areas.ts';

const dir = new URL('../../../manifests/', import.meta.url);
const manifests = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as ProductManifest);

/** The server's getArea answer, from the national table. */
const getArea = vi.fn(async (input: RequestInfo | URL) => {
  const code = new URL(String(input), 'http://localhost').pathname.split('/').pop()!;
  const data = regionChildren(code).map((n) => ({ ...n, isLeaf: n.level === 'county' }));
  return new Response(JSON.stringify({ code: '0000', msg: '', data }), { headers: { 'content-type': 'application/json' } });
});

describe('counties offered by 添加学校', () => {
  beforeEach(() => {
    resetRegionCache();
    vi.stubGlobal('fetch', getArea);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the counties of a city, of a province, and a county itself', async () => {
    expect((await loadCountiesUnder('320300')).map((c) => c.label)).toContain('沛县');
    expect((await loadCountiesUnder('500000')).length).toBeGreaterThan(30);
    expect((await loadCountiesUnder('320322')).map((c) => c.value)).toEqual(['320322']);
    expect(await loadCountiesUnder('990000')).toEqual([]);
  });

  it('exist for the sales area of every product that lets parents add a school (mode 01)', async () => {
    for (const m of manifests) {
      if ((m.insure.customSchoolMode ?? '01') !== '01' || !m.insure.insured.fields?.includes('school')) continue;
      expect((await loadCountiesUnder(defaultRegionCode(m))).length, `${m.id}: no counties for ${defaultRegionCode(m)}`).toBeGreaterThan(0);
    }
  });
});

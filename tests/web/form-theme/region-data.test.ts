import { describe, expect, it } from 'vitest';
import { cityOf, provinceOf, regionLevel } from '../../../src/engine/rules/regions.ts';
import { REGION_TREE, regionLabel, regionPath, regionText, type RegionNode } from '../../../src/web/form-theme/region-data.ts';

function* walk(nodes: readonly RegionNode[], depth = 0): Generator<[RegionNode, number]> {
  for (const node of nodes) {
    yield [node, depth];
    if (node.children) yield* walk(node.children, depth + 1);
  }
}

describe('region tree', () => {
  it('nests province ⊃ city ⊃ county by code, as the engine checks them', () => {
    for (const province of REGION_TREE) {
      expect(regionLevel(province.value)).toBe('province');
      for (const city of province.children ?? []) {
        expect(regionLevel(city.value)).toBe('city');
        expect(provinceOf(city.value)).toBe(province.value);
        expect(city.children?.length).toBeGreaterThan(0);
        for (const county of city.children ?? []) {
          expect(regionLevel(county.value)).toBe('county');
          expect(cityOf(county.value)).toBe(city.value);
          expect(county.children).toBeUndefined();
        }
      }
    }
  });

  it('has unique codes and three levels everywhere (spec §5)', () => {
    const codes = [...walk(REGION_TREE)].map(([n]) => n.value);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [node, depth] of walk(REGION_TREE)) if (depth < 2) expect(node.children?.length, node.label).toBeGreaterThan(0);
  });

  it('holds Xuzhou, Jining and Chongqing (the default place)', () => {
    expect(regionText({ provinceCode: '320000', cityCode: '320300', countyCode: '320302' })).toBe('江苏省 徐州市 鼓楼区');
    for (const [code, name] of [
      ['320303', '云龙区'],
      ['320305', '贾汪区'],
      ['320311', '泉山区'],
      ['320312', '铜山区'],
      ['370811', '任城区'],
      ['370800', '济宁市'],
      ['500000', '重庆市'],
      ['500103', '渝中区'],
    ]) {
      expect(regionLabel(code)).toBe(name);
    }
  });

  it('gives the path the cascader opens on', () => {
    expect(regionPath('320302')).toEqual(['320000', '320300', '320302']);
    expect(regionPath('320300')).toEqual(['320000', '320300']);
    expect(regionPath('500000')).toEqual(['500000']);
    expect(regionPath('999999')).toEqual([]);
    expect(regionPath(undefined)).toEqual([]);
  });

  it('shows unknown codes as they are', () => {
    expect(regionText({ provinceCode: '320000', cityCode: '329900' })).toBe('江苏省 329900');
    expect(regionText({})).toBe('');
  });
});

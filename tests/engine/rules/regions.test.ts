import { describe, expect, it } from 'vitest';
import {
  PROVINCES,
  cityOf,
  isProvincePrefix,
  provinceName,
  provinceOf,
  regionLevel,
} from '../../../src/engine/rules/regions';

describe('PROVINCES', () => {
  it('holds the 34 province-level regions', () => {
    expect(Object.keys(PROVINCES)).toHaveLength(34);
    expect(PROVINCES['11']).toBe('北京');
    expect(PROVINCES['50']).toBe('重庆');
    expect(PROVINCES['65']).toBe('新疆');
    expect(PROVINCES['82']).toBe('澳门');
  });

  it('uses two-digit keys only', () => {
    for (const key of Object.keys(PROVINCES)) expect(key).toMatch(/^\d{2}$/);
  });

  it('does not contain unknown prefixes', () => {
    expect(PROVINCES['00']).toBeUndefined();
    expect(PROVINCES['16']).toBeUndefined();
    expect(PROVINCES['91']).toBeUndefined();
  });

  it('is frozen', () => {
    expect(Object.isFrozen(PROVINCES)).toBe(true);
  });
});

describe('isProvincePrefix', () => {
  it('accepts known prefixes and rejects others', () => {
    expect(isProvincePrefix('11')).toBe(true);
    expect(isProvincePrefix('71')).toBe(true);
    expect(isProvincePrefix('00')).toBe(false);
    expect(isProvincePrefix('1')).toBe(false);
    expect(isProvincePrefix('110')).toBe(false);
    // prototype keys must not count as provinces
    expect(isProvincePrefix('constructor')).toBe(false);
  });
});

describe('regionLevel', () => {
  it('classifies province, city and county codes', () => {
    expect(regionLevel('500000')).toBe('province');
    expect(regionLevel('110000')).toBe('province');
    expect(regionLevel('320300')).toBe('city');
    expect(regionLevel('110100')).toBe('city');
    expect(regionLevel('320302')).toBe('county');
    expect(regionLevel('110105')).toBe('county');
    // a county code ending in 10 is still a county
    expect(regionLevel('320310')).toBe('county');
  });

  it('rejects codes that are not 6 digits', () => {
    expect(() => regionLevel('11000')).toThrow(RangeError);
    expect(() => regionLevel('1100000')).toThrow(RangeError);
    expect(() => regionLevel('11000a')).toThrow(RangeError);
    expect(() => regionLevel('')).toThrow(RangeError);
  });
});

describe('provinceOf / cityOf', () => {
  it('returns the containing province', () => {
    expect(provinceOf('320302')).toBe('320000');
    expect(provinceOf('320300')).toBe('320000');
    expect(provinceOf('320000')).toBe('320000');
  });

  it('returns the containing city, or null for a province', () => {
    expect(cityOf('320302')).toBe('320300');
    expect(cityOf('320300')).toBe('320300');
    expect(cityOf('320000')).toBeNull();
  });

  it('rejects malformed codes', () => {
    expect(() => provinceOf('32')).toThrow(RangeError);
    expect(() => cityOf('32030')).toThrow(RangeError);
  });
});

describe('provinceName', () => {
  it('looks up by 6-digit code or 2-digit prefix', () => {
    expect(provinceName('320302')).toBe('江苏');
    expect(provinceName('44')).toBe('广东');
    expect(provinceName('000000')).toBeUndefined();
  });
});

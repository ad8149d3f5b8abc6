import { describe, expect, it } from 'vitest';
import {
  CHANNEL_NO,
  GENDERS,
  GENDER_OPTIONS,
  GRADE_OPTIONS,
  GRADES,
  ID_TYPES,
  ID_TYPE_OPTIONS,
  LOGIN_ID_TYPES,
  RELATIONS,
  RELATION_OPTIONS,
  SCHOOL_NATURES,
  SCHOOL_TYPES,
  SCHOOL_TYPE_OPTIONS,
  SHORT_RELATION_OPTIONS,
  SYS_CODE,
  WARD_RELATIONS,
  enumLabel,
} from '../../../src/engine/rules/enums';
import type { EnumOption } from '../../../src/engine/rules/enums';

function expectConsistent(options: readonly EnumOption[], labels: Readonly<Record<string, string>>): void {
  const values = options.map((o) => o.value);
  expect(new Set(values).size).toBe(values.length);
  expect(Object.keys(labels).sort()).toEqual([...values].sort());
  for (const { value, label } of options) expect(labels[value]).toBe(label);
  expect(Object.isFrozen(labels)).toBe(true);
}

describe('ID types (order set)', () => {
  it('lists the 12 types in order with Chinese labels', () => {
    expect(ID_TYPE_OPTIONS.map((o) => o.value)).toEqual(['0', '1', '2', '4', '7', '8', 'A', 'C', 'E', 'F', 'G', 'H']);
    expect(ID_TYPES['0']).toBe('身份证');
    expect(ID_TYPES['4']).toBe('户口本');
    expect(ID_TYPES['7']).toBe('出生证');
    expect(ID_TYPES.F).toBe('港澳居民来往内地通行证');
    expect(ID_TYPES.H).toBe('回乡证');
    expectConsistent(ID_TYPE_OPTIONS, ID_TYPES);
  });

  it('has a login set', () => {
    expect(LOGIN_ID_TYPES.cardType_0).toBe('身份证');
    expect(LOGIN_ID_TYPES.cardType_17).toBe('港澳通行证');
  });
});

describe('relations', () => {
  it('keeps display order even for integer-like codes', () => {
    expect(RELATION_OPTIONS.map((o) => o.value)).toEqual([
      '00', '01', '02', '03', '05', '06', '07', '08', '09', '10', '11', '12', '98', '99',
    ]);
    expect(RELATIONS['00']).toBe('本人');
    expect(RELATIONS['08']).toBe('祖父母/外祖父母');
    expect(RELATIONS['11']).toBe('被监护人');
    expect(RELATIONS['98']).toBe('未知');
    expectConsistent(RELATION_OPTIONS, RELATIONS);
  });

  it('short set is a subset with the same labels', () => {
    expect(SHORT_RELATION_OPTIONS.map((o) => o.value)).toEqual(['00', '01', '02', '03', '05', '99']);
    for (const { value, label } of SHORT_RELATION_OPTIONS) expect(RELATIONS[value]).toBe(label);
  });

  it('ward relations are child or other', () => {
    expect(WARD_RELATIONS).toEqual(['03', '99']);
  });
});

describe('school and people', () => {
  it('school types', () => {
    expect(SCHOOL_TYPE_OPTIONS).toHaveLength(18);
    expect(SCHOOL_TYPES.edu_06).toBe('幼儿园');
    expect(SCHOOL_TYPES.edu_35).toBe('十二年一贯制学校');
    expect(SCHOOL_TYPES.edu_15).toBe('其他');
    expectConsistent(SCHOOL_TYPE_OPTIONS, SCHOOL_TYPES);
  });

  it('grades run from 幼儿园小班 to 大学四年级', () => {
    expect(GRADE_OPTIONS[0]?.label).toBe('幼儿园小班');
    expect(GRADE_OPTIONS.at(-1)?.label).toBe('大学四年级');
    expect(GRADE_OPTIONS.map((o) => o.label)).toContain('一年级');
    expectConsistent(GRADE_OPTIONS, GRADES);
  });

  it('gender and school nature', () => {
    expect(GENDERS).toEqual({ '0': '男', '1': '女' });
    expectConsistent(GENDER_OPTIONS, GENDERS);
    expect(Object.values(SCHOOL_NATURES)).toEqual(['公办', '民办']);
  });
});

describe('constants', () => {
  it('match the spec', () => {
    expect(CHANNEL_NO).toBe('edu');
    expect(SYS_CODE).toBe('sys_edu_wxb_wx');
  });
});

describe('enumLabel', () => {
  it('looks up own keys only', () => {
    expect(enumLabel(RELATIONS, '03')).toBe('子女');
    expect(enumLabel(RELATIONS, '04')).toBeUndefined();
    expect(enumLabel(RELATIONS, 'toString')).toBeUndefined();
  });
});

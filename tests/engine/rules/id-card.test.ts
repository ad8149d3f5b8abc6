import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageInFullMonths,
  ageInFullYears,
  idCardCheckDigit,
  makeIdCard,
  parseIdCard,
  validateIdCard,
} from '../../../src/engine/rules/id-card';
import { PROVINCES } from '../../../src/engine/rules/regions';

/** Well-known sample number from GB 11643: Beijing Chaoyang, 1949-12-31, female. */
const SAMPLE = '11010519491231002X';
/** Local dates keep the tests independent of the machine's time zone. */
const NOW = new Date(2024, 5, 15, 12, 0, 0); // 2024-06-15

describe('idCardCheckDigit', () => {
  it('computes the check character of known numbers', () => {
    expect(idCardCheckDigit('11010519491231002')).toBe('X');
    // GB 11643 appendix example
    expect(idCardCheckDigit('34052419800101001')).toBe('X');
    expect(idCardCheckDigit('44030820000101001')).toBe(makeIdCard('440308', '20000101', '001').slice(-1));
  });

  it('maps every residue 0..10 to its character', () => {
    // A number whose weighted sum is k has check char '10X98765432'[k % 11]; all zeros sum to 0.
    expect(idCardCheckDigit('00000000000000000')).toBe('1');
    // only the 8th digit (weight 1) set to d → sum d
    for (let d = 0; d <= 9; d++) {
      const first17 = `0000000${d}000000000`;
      expect(idCardCheckDigit(first17)).toBe('10X98765432'.charAt(d));
    }
    // weight 10 at index 2 → sum 10
    expect(idCardCheckDigit('00100000000000000')).toBe('2');
  });

  it('rejects input that is not 17 digits', () => {
    expect(() => idCardCheckDigit('1101051949123100')).toThrow(RangeError);
    expect(() => idCardCheckDigit('110105194912310021')).toThrow(RangeError);
    expect(() => idCardCheckDigit('1101051949123100X')).toThrow(RangeError);
  });
});

describe('makeIdCard', () => {
  it('reproduces the sample number', () => {
    expect(makeIdCard('110105', '1949-12-31', '002')).toBe(SAMPLE);
    expect(makeIdCard('110105', '19491231', '002')).toBe(SAMPLE);
  });

  it('builds numbers that parse', () => {
    const id = makeIdCard('320302', '2016-09-01', '013');
    expect(id).toHaveLength(18);
    expect(parseIdCard(id, NOW)).toEqual({
      ok: true,
      birthday: '2016-09-01',
      sex: '0',
      age: 7,
      provinceCode: '32',
    });
  });

  it('does not validate meaning, so invalid numbers can be built', () => {
    const badDate = makeIdCard('110105', '19990230', '001');
    expect(idCardCheckDigit(badDate.slice(0, 17))).toBe(badDate.charAt(17));
    expect(parseIdCard(badDate, NOW)).toEqual({ ok: false, reason: 'checksum' });
  });

  it('rejects malformed parts', () => {
    expect(() => makeIdCard('11010', '1949-12-31', '002')).toThrow(RangeError);
    expect(() => makeIdCard('110105', '1949-1-31', '002')).toThrow(RangeError);
    expect(() => makeIdCard('110105', '1949/12/31', '002')).toThrow(RangeError);
    expect(() => makeIdCard('110105', '1949-12-31', '02')).toThrow(RangeError);
  });
});

describe('parseIdCard', () => {
  it('parses the sample number', () => {
    expect(parseIdCard(SAMPLE, NOW)).toEqual({
      ok: true,
      birthday: '1949-12-31',
      sex: '1',
      age: 74,
      provinceCode: '11',
    });
  });

  it('accepts a lower-case x and normalises it', () => {
    const result = parseIdCard(SAMPLE.toLowerCase(), NOW);
    expect(result.ok).toBe(true);
    expect(result).toEqual(parseIdCard(SAMPLE, NOW));
  });

  it('derives sex from the parity of the 17th digit', () => {
    for (let d = 0; d <= 9; d++) {
      const result = parseIdCard(makeIdCard('440106', '2010-03-04', `12${d}`), NOW);
      expect(result).toMatchObject({ ok: true, sex: d % 2 === 1 ? '0' : '1' });
    }
  });

  it('uses the current date by default', () => {
    const result = parseIdCard(SAMPLE);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.age).toBe(ageInFullYears('1949-12-31', new Date()));
  });

  describe('length / format errors', () => {
    it.each([
      ['empty', ''],
      ['17 chars', SAMPLE.slice(0, 17)],
      ['19 chars', `${SAMPLE}0`],
      ['15-digit legacy number', '110105491231002'],
      ['letter inside', '1101051949123100A2'],
      ['X not last', '1101051949123100X2'],
      ['other check letter', '11010519491231002Y'],
      ['leading space', ` ${SAMPLE}`],
      ['trailing space', `${SAMPLE} `],
      ['full-width digits', '１１０１０５１９４９１２３１００２Ｘ'],
    ])('%s → length', (_label, id) => {
      expect(parseIdCard(id, NOW)).toEqual({ ok: false, reason: 'length' });
    });
  });

  describe('checksum errors', () => {
    it('rejects a wrong check digit', () => {
      expect(parseIdCard('110105194912310021', NOW)).toEqual({ ok: false, reason: 'checksum' });
    });

    it.each([
      ['prefix 00', '000000'],
      ['prefix 10', '100000'],
      ['prefix 16', '160000'],
      ['prefix 91', '910000'],
    ])('rejects an unknown region %s', (_label, prefix6) => {
      expect(parseIdCard(makeIdCard(prefix6, '2000-01-01', '001'), NOW)).toEqual({ ok: false, reason: 'checksum' });
    });

    it.each([
      ['30 February', '1999-02-30'],
      ['29 February of a non-leap year', '2023-02-29'],
      ['29 February 1900 (not leap)', '1900-02-29'],
      ['31 April', '2001-04-31'],
      ['month 00', '2001-00-10'],
      ['month 13', '2001-13-10'],
      ['day 00', '2001-01-00'],
      ['day 32', '2001-01-32'],
      ['year before 1900', '1899-12-31'],
      ['tomorrow', '2024-06-16'],
      ['next year', '2025-01-01'],
    ])('rejects an impossible birth date: %s', (_label, birthday) => {
      expect(parseIdCard(makeIdCard('110105', birthday, '001'), NOW)).toEqual({ ok: false, reason: 'checksum' });
    });
  });

  it('accepts edge dates', () => {
    expect(parseIdCard(makeIdCard('110105', '1900-01-01', '001'), NOW)).toMatchObject({ ok: true, age: 124 });
    expect(parseIdCard(makeIdCard('110105', '2000-02-29', '001'), NOW)).toMatchObject({
      ok: true,
      birthday: '2000-02-29',
    });
    // born today (local date) → age 0
    expect(parseIdCard(makeIdCard('110105', '2024-06-15', '001'), NOW)).toMatchObject({ ok: true, age: 0 });
    // born today, late in the evening of the reference date
    expect(parseIdCard(makeIdCard('110105', '2024-06-15', '001'), new Date(2024, 5, 15, 23, 59, 59))).toMatchObject({
      ok: true,
    });
  });

  it('accepts Taiwan, Hong Kong and Macau prefixes', () => {
    for (const prefix of ['710000', '810000', '820000']) {
      expect(parseIdCard(makeIdCard(prefix, '1990-05-05', '005'), NOW).ok).toBe(true);
    }
  });
});

describe('validateIdCard', () => {
  it('returns null for a valid number', () => {
    expect(validateIdCard(SAMPLE, 'holder', NOW)).toBeNull();
    expect(validateIdCard(SAMPLE.toLowerCase(), 'insured', NOW)).toBeNull();
  });

  it('returns the length message for the role', () => {
    expect(validateIdCard('123', 'holder', NOW)).toBe('投保人身份证号位数有误!');
    expect(validateIdCard('123', 'insured', NOW)).toBe('被保人身份证号位数有误!');
    expect(validateIdCard('123', 'ward', NOW)).toBe('监护对象身份证号位数有误!');
  });

  it('returns the checksum message for any other failure', () => {
    for (const role of ['holder', 'insured', 'ward'] as const) {
      expect(validateIdCard('110105194912310021', role, NOW)).toBe('身份证号码校验错误!');
      expect(validateIdCard(makeIdCard('000000', '2000-01-01', '001'), role, NOW)).toBe('身份证号码校验错误!');
      expect(validateIdCard(makeIdCard('110105', '2030-01-01', '001'), role, NOW)).toBe('身份证号码校验错误!');
    }
  });
});

describe('ageInFullMonths (出生满N个月)', () => {
  it('counts a month as full on the birthday\'s day of the month', () => {
    // Born 2024-09-11: 6 months are full on 2025-03-11, not the day before.
    expect(ageInFullMonths('2024-09-11', new Date(2025, 2, 10))).toBe(5);
    expect(ageInFullMonths('2024-09-11', new Date(2025, 2, 11))).toBe(6);
    expect(ageInFullMonths('2024-09-11', new Date(2024, 8, 11))).toBe(0);
    expect(ageInFullMonths('2024-09-11', new Date(2024, 8, 10))).toBe(-1);
    expect(ageInFullMonths('2023-12-15', new Date(2025, 0, 15))).toBe(13);
  });

  it('counts a day the month lacks as reached on the 1st of the next month', () => {
    // Born 31 August: February has no 31st, so 6 months are full on 1 March.
    expect(ageInFullMonths('2024-08-31', new Date(2025, 1, 28))).toBe(5);
    expect(ageInFullMonths('2024-08-31', new Date(2025, 2, 1))).toBe(6);
    expect(ageInFullMonths('2024-08-31', new Date(2025, 2, 30))).toBe(6);
    expect(ageInFullMonths('2024-08-31', new Date(2025, 2, 31))).toBe(7);
  });
});

describe('ageInFullYears', () => {
  it('counts full years', () => {
    expect(ageInFullYears('2000-06-15', new Date(2024, 5, 14))).toBe(23);
    expect(ageInFullYears('2000-06-15', new Date(2024, 5, 15))).toBe(24);
    expect(ageInFullYears('2000-06-15', new Date(2024, 5, 16))).toBe(24);
    expect(ageInFullYears('2000-12-31', new Date(2024, 0, 1))).toBe(23);
    expect(ageInFullYears('2000-01-01', new Date(2024, 11, 31))).toBe(24);
  });

  it('is 0 in the first year and negative before birth', () => {
    expect(ageInFullYears('2024-01-01', new Date(2024, 11, 31))).toBe(0);
    expect(ageInFullYears('2024-06-16', new Date(2024, 5, 15))).toBe(-1);
  });

  it('treats a 29 February birthday as reached on 1 March in non-leap years', () => {
    expect(ageInFullYears('2004-02-29', new Date(2023, 1, 28))).toBe(18);
    expect(ageInFullYears('2004-02-29', new Date(2023, 2, 1))).toBe(19);
    // leap year: reached on 29 February itself
    expect(ageInFullYears('2004-02-29', new Date(2024, 1, 28))).toBe(19);
    expect(ageInFullYears('2004-02-29', new Date(2024, 1, 29))).toBe(20);
  });

  it('counts on the Beijing calendar day, whatever the process time zone', () => {
    // 00:00 Beijing on the birthday is 16:00 UTC the day before: the birthday is reached.
    expect(ageInFullYears('2000-06-15', new Date('2024-06-14T16:00:00Z'))).toBe(24);
    expect(ageInFullYears('2000-06-15', new Date('2024-06-14T15:59:59.999Z'))).toBe(23);
  });

  it('rejects malformed or impossible birthdays', () => {
    expect(() => ageInFullYears('2000-02-30', NOW)).toThrow(RangeError);
    expect(() => ageInFullYears('20000101', NOW)).toThrow(RangeError);
    expect(() => ageInFullYears('', NOW)).toThrow(RangeError);
  });
});

// ------------------------------------------------------------------ properties

const FIXED_NOW = new Date(2025, 0, 1, 12);
const EPOCH_1900 = Date.UTC(1900, 0, 1);
const DAY_MS = 86_400_000;
/** Days from 1900-01-01 up to 2024-12-31 inclusive. */
const MAX_DAY = Math.round((Date.UTC(2024, 11, 31) - EPOCH_1900) / DAY_MS);

const prefixArb = fc
  .tuple(fc.constantFrom(...Object.keys(PROVINCES)), fc.stringMatching(/^\d{4}$/))
  .map(([p, rest]) => p + rest);
const birthdayArb = fc
  .integer({ min: 0, max: MAX_DAY })
  .map((days) => new Date(EPOCH_1900 + days * DAY_MS).toISOString().slice(0, 10));
const seqArb = fc.stringMatching(/^\d{3}$/);
const validIdArb = fc.tuple(prefixArb, birthdayArb, seqArb).map(([p, b, s]) => makeIdCard(p, b, s));

describe('properties', () => {
  it('(a) makeIdCard output parses with the same birthday and the sequence parity as sex', () => {
    fc.assert(
      fc.property(prefixArb, birthdayArb, seqArb, (prefix, birthday, seq) => {
        const result = parseIdCard(makeIdCard(prefix, birthday, seq), FIXED_NOW);
        expect(result).toEqual({
          ok: true,
          birthday,
          sex: Number(seq.charAt(2)) % 2 === 1 ? '0' : '1',
          age: ageInFullYears(birthday, FIXED_NOW),
          provinceCode: prefix.slice(0, 2),
        });
      }),
      { numRuns: 500 },
    );
  });

  it('(b) any single-character substitution makes a valid number invalid', () => {
    fc.assert(
      fc.property(
        validIdArb,
        fc.integer({ min: 0, max: 17 }),
        fc.constantFrom(...'0123456789X'),
        (id, position, replacement) => {
          const original = id.charAt(position);
          fc.pre(replacement !== original);
          fc.pre(position < 17 ? replacement !== 'X' : true);
          const mutated = id.slice(0, position) + replacement + id.slice(position + 1);
          expect(parseIdCard(mutated, FIXED_NOW)).toEqual({ ok: false, reason: 'checksum' });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('(b) exhaustively for the sample: every digit position and every other digit', () => {
    for (let position = 0; position < 18; position++) {
      for (const replacement of position < 17 ? '0123456789' : '0123456789X') {
        if (replacement === SAMPLE.charAt(position)) continue;
        const mutated = SAMPLE.slice(0, position) + replacement + SAMPLE.slice(position + 1);
        expect(parseIdCard(mutated, FIXED_NOW).ok).toBe(false);
      }
    }
  });

  it('check digit catches every single-digit substitution in the first 17 digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{17}$/),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (first17, position, delta) => {
          const digit = (Number(first17.charAt(position)) + delta) % 10;
          const mutated = first17.slice(0, position) + String(digit) + first17.slice(position + 1);
          expect(idCardCheckDigit(mutated)).not.toBe(idCardCheckDigit(first17));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

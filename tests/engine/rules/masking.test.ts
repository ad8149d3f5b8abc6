import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripHiddenFormatCharacters } from '../../../src/engine/rules/hidden-format';
import { HIDDEN_VALUE, maskBankCard, maskEmail, maskIdNumber, maskName, maskPhone, maskSchool } from '../../../src/engine/rules/masking';
import { maskEmailsInText, maskEveryCharacter, maskNumbersInText, maskWhole } from '../../../src/engine/rules/text-masking';

const codePoints = (s: string): string[] => Array.from(s);

describe('maskIdNumber', () => {
  it('shows the first 3 and last 4 characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(maskIdNumber('H12345678')).toBe('H12**5678');
    expect(maskIdNumber('12345678')).toBe('123*5678');
  });

  it('fully stars values of 7 characters or fewer', () => {
    expect(maskIdNumber('1234567')).toBe('*******');
    expect(maskIdNumber('123')).toBe('***');
    expect(maskIdNumber('')).toBe('');
  });

  it('counts astral characters as one', () => {
    expect(maskIdNumber('𠀀𠀁𠀂456789')).toBe('𠀀𠀁𠀂**6789');
  });
});

describe('maskName', () => {
  it('stars every character but the last', () => {
    expect(maskName('张三')).toBe('*三');
    expect(maskName('张三丰')).toBe('**丰');
    expect(maskName('买买提·艾力')).toBe('*****力');
    expect(maskName('Tom Lee')).toBe('******e');
  });

  it('stars a one-character name completely', () => {
    expect(maskName('张')).toBe('*');
    expect(maskName('')).toBe('');
  });

  it('never splits astral characters', () => {
    expect(maskName('张𠀀')).toBe('*𠀀');
    expect(maskName('𠀀张')).toBe('*张');
  });

  it('drops bidi controls and zero-width characters, so the shown character is never an override', () => {
    expect(maskName('张三\u202e')).toBe('*三');
    expect(maskName('张\u200b三\ufeff')).toBe('*三');
    expect(maskName('\u2066王小明\u2069')).toBe('**明');
  });
});

describe('maskPhone', () => {
  it('shows the first 3 and last 4 digits of a mobile number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it('applies the ID rule to other lengths', () => {
    expect(maskPhone('02312345678')).toBe('023****5678');
    expect(maskPhone('023123456789')).toBe('023*****6789');
    expect(maskPhone('12345678')).toBe('123*5678');
    expect(maskPhone('1234567')).toBe('*******');
    expect(maskPhone('')).toBe('');
  });
});

describe('maskSchool', () => {
  it('keeps the first 2 characters', () => {
    expect(maskSchool('北京市第一中学')).toBe('北京*****');
    expect(maskSchool('重庆一中')).toBe('重庆**');
    expect(maskSchool('育才校')).toBe('育才*');
  });

  it('always hides something in short names', () => {
    expect(maskSchool('一中')).toBe('一*');
    expect(maskSchool('校')).toBe('*');
    expect(maskSchool('')).toBe('');
  });
});

// ------------------------------------------------------------------ properties

/** Any string of Unicode code points. */
const textArb = fc.string({ unit: 'binary', maxLength: 40 });

describe('properties', () => {
  it('(c) maskIdNumber keeps length, shows exactly the first 3 and last 4, stars the rest', () => {
    fc.assert(
      fc.property(textArb, (v) => {
        const original = codePoints(v);
        const masked = codePoints(maskIdNumber(v));
        expect(masked).toHaveLength(original.length);
        if (original.length <= 7) {
          expect(masked.every((c) => c === '*')).toBe(true);
          return;
        }
        const n = original.length;
        masked.forEach((c, i) => {
          if (i < 3 || i >= n - 4) expect(c).toBe(original[i]);
          else expect(c).toBe('*');
        });
      }),
      { numRuns: 500 },
    );
  });

  it('(c) on ID-like input, no middle digit is revealed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}[\dX]$/), (v) => {
        const masked = maskIdNumber(v);
        expect(masked.slice(0, 3)).toBe(v.slice(0, 3));
        expect(masked.slice(-4)).toBe(v.slice(-4));
        expect(masked.slice(3, -4)).toBe('*'.repeat(11));
      }),
    );
  });

  it('(d) maskName keeps the code-point length of what is shown (bidi and zero-width controls dropped) and shows only the last code point', () => {
    fc.assert(
      fc.property(textArb, (v) => {
        const original = codePoints(stripHiddenFormatCharacters(v));
        const masked = codePoints(maskName(v));
        expect(masked).toHaveLength(original.length);
        if (original.length === 0) return;
        const last = original.length - 1;
        masked.forEach((c, i) => {
          if (i === last && original.length > 1) expect(c).toBe(original[i]);
          else expect(c).toBe('*');
        });
      }),
      { numRuns: 500 },
    );
  });

  it('maskPhone and maskSchool keep the code-point length', () => {
    fc.assert(
      fc.property(textArb, (v) => {
        expect(codePoints(maskPhone(v))).toHaveLength(codePoints(v).length);
        expect(codePoints(maskSchool(v))).toHaveLength(codePoints(v).length);
      }),
    );
  });
});

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('zhang.san@example.com')).toBe('z***@example.com');
    expect(maskEmail('a@b.cn')).toBe('a***@b.cn');
  });
  it('hides an address without a local part or an @ entirely', () => {
    expect(maskEmail('@example.com')).toBe('***');
    expect(maskEmail('not-an-address')).toBe('***');
  });
});

describe('masks of whole texts', () => {
  it('maskWhole stars every code point, whitespace too', () => {
    expect(maskWhole('张 三𠀋')).toBe('****');
    expect(maskWhole('')).toBe('');
  });
  it('maskEveryCharacter keeps whitespace and stars the rest, one star per code point', () => {
    expect(maskEveryCharacter('张小明 江苏𠀋')).toBe('*** ***');
  });
  it('HIDDEN_VALUE gives no length', () => {
    expect(HIDDEN_VALUE).toBe('***');
  });
});

describe('masks in free text', () => {
  it('masks ID numbers and mobile numbers standing alone, not codes that contain digits', () => {
    expect(maskNumbersInText('id=11010519491231002X&p=13800138000')).toBe('id=110***********002X&p=138****8000');
    expect(maskNumbersInText('手机13800138000。')).toBe('手机138****8000。');
    expect(maskNumbersInText('ED202509011234567890 O20261125000123 12800138000')).toBe('ED202509011234567890 O20261125000123 12800138000');
  });
  it('masks every e-mail address as maskEmail does', () => {
    expect(maskEmailsInText('to alice.w@example.com, bob@x.cn')).toBe('to a***@example.com, b***@x.cn');
  });
});

describe('maskBankCard', () => {
  it('shows the last 4 digits only, at least 4 stars before them', () => {
    expect(maskBankCard('6222020200112233445')).toBe('***************3445');
    expect(maskBankCard('123456')).toBe('****3456');
  });
});

import { describe, expect, it } from 'vitest';
import {
  MSG_EMAIL,
  MSG_HK_MO_TW_CARD,
  MSG_NAME,
  MSG_NAME_CHINESE_ONLY,
  MSG_NAME_LATIN_OR_CHINESE,
  MSG_PASSWORD,
  MSG_PHONE,
  MSG_REQUIRED,
} from '../../../src/engine/rules/messages';
import { isMobilePhone, PHONE_PATTERN, phonesInText } from '../../../src/engine/rules/phone';
import {
  validateEmail,
  validateHkMoTwCard,
  validateName,
  validatePassword,
  validatePhone,
  validateRequired,
} from '../../../src/engine/rules/validators';

describe('messages', () => {
  it('match the spec verbatim', () => {
    expect(MSG_PHONE).toBe('请填写正确的手机号!');
    expect(MSG_NAME).toBe('请输入2-20位中文名或汉字和字母任意组合!');
    expect(MSG_NAME_CHINESE_ONLY).toBe('中文名，2(含)-20(含)位');
    expect(MSG_NAME_LATIN_OR_CHINESE).toBe('Please enter your name.');
    expect(MSG_EMAIL).toBe('请填写正确的邮箱');
    expect(MSG_PASSWORD).toBe('请输入8-16字母数字特殊字符组合密码!');
    expect(MSG_REQUIRED).toBe('请完善投保信息!');
    expect(MSG_HK_MO_TW_CARD).toBe('证件号码格式错误!');
  });
});

describe('validatePhone', () => {
  it.each(['13800138000', '13912345678', '15012345678', '17612345678', '19912345678'])('accepts %s', (v) => {
    expect(validatePhone(v)).toBeNull();
  });

  it.each([
    ['10 digits', '1380013800'],
    ['12 digits', '138001380001'],
    ['second digit 2', '12800138000'],
    ['second digit 0', '10800138000'],
    ['first digit 2', '23800138000'],
    ['letters', '1380013800a'],
    ['spaces', '138 0013 8000'],
    ['country code', '+8613800138000'],
    ['trailing newline', '13800138000\n'],
    ['empty', ''],
  ])('rejects %s', (_label, v) => {
    expect(validatePhone(v)).toBe('请填写正确的手机号!');
  });

  it('rejects missing values', () => {
    expect(validatePhone(null)).toBe(MSG_PHONE);
    expect(validatePhone(undefined)).toBe(MSG_PHONE);
  });
});

describe('the phone rule derived elsewhere', () => {
  const samples = ['13800138000', '19912345678', '12800138000', '1380013800', '138001380001', '1380013800a', ''];
  it('isMobilePhone and the schema pattern agree with validatePhone', () => {
    for (const v of samples) {
      expect(isMobilePhone(v)).toBe(validatePhone(v) === null);
      expect(new RegExp(PHONE_PATTERN).test(v)).toBe(validatePhone(v) === null);
    }
  });
  it('phonesInText finds the numbers standing alone in text', () => {
    expect('tel 13800138000, 15012345678; 12800138000 a13800138000 138001380001'.match(phonesInText())).toEqual(['13800138000', '15012345678']);
  });
});

describe('validateHkMoTwCard', () => {
  it.each(['H12345678', 'M1234567890', 'h12345678', 'C0000000000'])('accepts %s', (v) => {
    expect(validateHkMoTwCard(v)).toBeNull();
  });

  it.each([
    ['7 digits', 'H1234567'],
    ['9 digits', 'H123456789'],
    ['11 digits', 'H12345678901'],
    ['no letter', '123456789'],
    ['two letters', 'HK12345678'],
    ['letter at end', '12345678H'],
    ['bracketed check', 'H1234567(8)'],
    ['empty', ''],
  ])('rejects %s', (_label, v) => {
    expect(validateHkMoTwCard(v)).toBe('证件号码格式错误!');
  });

  it('rejects missing values', () => {
    expect(validateHkMoTwCard(undefined)).toBe(MSG_HK_MO_TW_CARD);
  });
});

describe('validateName', () => {
  describe('standard', () => {
    it.each([
      '张三',
      '欧阳娜娜',
      'Tom',
      'Li',
      '李Lei',
      '买买提·艾力',
      '买买提•艾力',
      '约翰·史密斯·琼斯',
      '张'.repeat(20),
    ])('accepts %s', (v) => {
      expect(validateName(v)).toBeNull();
      expect(validateName(v, 'standard')).toBeNull();
    });

    it.each([
      ['one character', '张'],
      ['21 characters', '张'.repeat(21)],
      ['leading dot', '·张三'],
      ['trailing dot', '张三·'],
      ['double dot', '张··三'],
      ['space', 'Tom Lee'],
      ['digit', '张三1'],
      ['punctuation', '张三!'],
      ['empty', ''],
      ['rare character outside the basic block', '𠀀𠀀'],
    ])('rejects %s', (_label, v) => {
      expect(validateName(v)).toBe('请输入2-20位中文名或汉字和字母任意组合!');
    });

    it('rejects missing values', () => {
      expect(validateName(null)).toBe(MSG_NAME);
    });
  });

  describe('chineseOnly', () => {
    it.each(['张三', '买买提·艾力', '张'.repeat(40)])('accepts %s', (v) => {
      expect(validateName(v, 'chineseOnly')).toBeNull();
    });

    it.each([
      ['one character', '张'],
      ['41 characters', '张'.repeat(41)],
      ['letters', 'Tom'],
      ['mixed', '李Lei'],
      ['leading dot', '·张三'],
      ['empty', ''],
    ])('rejects %s', (_label, v) => {
      expect(validateName(v, 'chineseOnly')).toBe('中文名，2(含)-20(含)位');
    });
  });

  describe('latinOrChinese', () => {
    it.each(['Tom Lee', 'John Ronald Reuel Tolkien', '张三', 'Li 雷', '买买提·艾力', 'a'.repeat(30)])(
      'accepts %s',
      (v) => {
        expect(validateName(v, 'latinOrChinese')).toBeNull();
      },
    );

    it.each([
      ['one character', 'T'],
      ['31 characters', 'a'.repeat(31)],
      ['leading space', ' Tom'],
      ['trailing space', 'Tom '],
      ['digit', 'Tom2'],
      ['apostrophe', "O'Brien"],
      ['only spaces', '   '],
      ['empty', ''],
    ])('rejects %s', (_label, v) => {
      expect(validateName(v, 'latinOrChinese')).toBe('Please enter your name.');
    });
  });
});

describe('validateEmail', () => {
  it.each(['a@b.cn', 'zhang.san@example.com', 'user+tag@mail.example.com.cn', 'x_y-z@sub-domain.org'])(
    'accepts %s',
    (v) => {
      expect(validateEmail(v)).toBeNull();
    },
  );

  it.each([
    ['no at', 'zhangsan.example.com'],
    ['two ats', 'a@b@c.com'],
    ['no tld', 'a@localhost'],
    ['one-letter tld', 'a@b.c'],
    ['leading dot', '.a@b.com'],
    ['double dot', 'a..b@c.com'],
    ['domain starts with hyphen', 'a@-b.com'],
    ['space', 'a b@c.com'],
    ['empty local part', '@b.com'],
    ['too long', `${'a'.repeat(250)}@b.com`],
    ['empty', ''],
  ])('rejects %s', (_label, v) => {
    expect(validateEmail(v)).toBe('请填写正确的邮箱');
  });
});

describe('validatePassword', () => {
  it.each(['abc123!@', 'Passw0rd!', 'A1!aaaaa', `a1!${'b'.repeat(13)}`, '1234567a&', '*&^%$#@1z'])(
    'accepts %s',
    (v) => {
      expect(validatePassword(v)).toBeNull();
    },
  );

  it.each([
    ['7 characters', 'ab12!@c'],
    ['17 characters', `a1!${'b'.repeat(14)}`],
    ['no special', 'abcd1234'],
    ['no digit', 'abcd!@#$'],
    ['no letter', '1234!@#$'],
    ['unsupported special', 'abc123!?'],
    ['space', 'abc 123!'],
    ['non-ASCII letter', 'abc123!é'],
    ['empty', ''],
  ])('rejects %s', (_label, v) => {
    expect(validatePassword(v)).toBe('请输入8-16字母数字特殊字符组合密码!');
  });
});

describe('validateRequired', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty string', ''],
    ['spaces', '   '],
    ['tabs and newlines', '\t\n'],
  ])('rejects %s', (_label, v) => {
    expect(validateRequired(v)).toBe('请完善投保信息!');
  });

  it.each([
    ['text', 'a'],
    ['padded text', ' a '],
    ['zero', 0],
    ['false', false],
    ['object', {}],
  ])('accepts %s', (_label, v) => {
    expect(validateRequired(v)).toBeNull();
  });
});

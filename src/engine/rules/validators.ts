/**
 * Form field validators (spec §5 "Validation rules").
 *
 * Every validator returns `null` when the value is valid and the exact
 * user-facing message otherwise. `null`/`undefined` inputs are treated as
 * invalid (use {@link validateRequired} first if "missing" needs its own message).
 * Values are not trimmed: surrounding whitespace makes a value invalid.
 */
import {
  MSG_EMAIL,
  MSG_HK_MO_TW_CARD,
  MSG_NAME,
  MSG_NAME_CHINESE_ONLY,
  MSG_NAME_LATIN_OR_CHINESE,
  MSG_PASSWORD,
  MSG_PHONE,
  MSG_REQUIRED,
} from './messages';
import { hasHiddenFormatCharacters } from './hidden-format';
import { CN, DOT, LETTER, NAME_LATIN_OR_CHINESE_SOURCE } from './patterns.ts';
import { isMobilePhone } from './phone';

/** A value coming from a form field. */
type FieldValue = string | null | undefined;

const HK_MO_TW_CARD = /^[A-Za-z](?:\d{8}|\d{10})$/;
/** ID types checked as Hong Kong / Macau / Taiwan cards: F HK/Macau permit, H home-return permit, E Taiwan permit. */
export const HK_MO_TW_TYPES: ReadonlySet<string> = new Set(['F', 'H', 'E']);


/** Runs of Chinese/letters separated by single middle dots (no dot at either end). */
const NAME_STANDARD = new RegExp(`^[${CN}${LETTER}]+(?:[${DOT}][${CN}${LETTER}]+)*$`);
/** Runs of Chinese separated by single middle dots. */
const NAME_CHINESE_ONLY = new RegExp(`^[${CN}]+(?:[${DOT}][${CN}]+)*$`);
/** Chinese, letters, spaces and middle dots; must start and end with Chinese or a letter. */
const NAME_LATIN_OR_CHINESE = new RegExp(NAME_LATIN_OR_CHINESE_SOURCE);

/** local@domain.tld; no leading, trailing or doubled dots; TLD of 2+ letters. */
const EMAIL =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254;

const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[!@#$%^&*])[A-Za-z\d!@#$%^&*]{8,16}$/;

/** Name validation variants. */
export type NameVariant = 'standard' | 'chineseOnly' | 'latinOrChinese';

/**
 * Mainland mobile number: 11 digits, first digit 1, second digit 3-9.
 *
 * @returns `null` when valid, else 请填写正确的手机号!
 */
export function validatePhone(v: FieldValue): string | null {
  return typeof v === 'string' && isMobilePhone(v) ? null : MSG_PHONE;
}

/**
 * Hong Kong / Macau / Taiwan card number: one letter (either case) followed
 * by 8 or 10 digits.
 *
 * The spec gives no message for this rule; 证件号码格式错误! is our own wording.
 *
 * @returns `null` when valid, else 证件号码格式错误!
 */
export function validateHkMoTwCard(v: FieldValue): string | null {
  return typeof v === 'string' && HK_MO_TW_CARD.test(v) ? null : MSG_HK_MO_TW_CARD;
}

/**
 * Person name. Lengths count characters (code points), middle dots included.
 *
 * - `standard`: 2-20 Chinese characters or letters; a middle dot (· or •) is
 *   allowed between them (not at either end, not doubled) → 请输入2-20位中文名或汉字和字母任意组合!
 * - `chineseOnly`: 2-40 Chinese characters, middle dots inside as above
 *   → 中文名，2(含)-20(含)位 (the spec's rule says 40 while its message says 20;
 *   the rule is followed and the message kept verbatim)
 * - `latinOrChinese`: 2-30 letters, Chinese characters, spaces or middle dots,
 *   starting and ending with a letter or Chinese character → Please enter your name.
 *
 * @returns `null` when valid, else the variant's message
 */
export function validateName(v: FieldValue, variant: NameVariant = 'standard'): string | null {
  // Bidirectional controls and zero-width characters are never part of a name (the patterns below
  // refuse them too; said first so that no later, wider pattern lets them in).
  if (typeof v === 'string' && hasHiddenFormatCharacters(v)) return variant === 'standard' ? MSG_NAME : variant === 'chineseOnly' ? MSG_NAME_CHINESE_ONLY : MSG_NAME_LATIN_OR_CHINESE;
  const length = typeof v === 'string' ? Array.from(v).length : 0;
  switch (variant) {
    case 'standard':
      return typeof v === 'string' && length >= 2 && length <= 20 && NAME_STANDARD.test(v) ? null : MSG_NAME;
    case 'chineseOnly':
      return typeof v === 'string' && length >= 2 && length <= 40 && NAME_CHINESE_ONLY.test(v)
        ? null
        : MSG_NAME_CHINESE_ONLY;
    case 'latinOrChinese':
      return typeof v === 'string' && length >= 2 && length <= 30 && NAME_LATIN_OR_CHINESE.test(v)
        ? null
        : MSG_NAME_LATIN_OR_CHINESE;
  }
}

/**
 * A school name typed as free text: refused with the name message (spec §5) when it holds a bidirectional
 * control or a zero-width character, which would reorder or disguise it wherever it is shown.
 *
 * @returns `null` when acceptable, else 请输入2-20位中文名或汉字和字母任意组合!
 */
export function validateSchoolNameText(v: FieldValue): string | null {
  return typeof v === 'string' && hasHiddenFormatCharacters(v) ? MSG_NAME : null;
}

/**
 * E-mail address: local part of letters, digits and `_ % + -` separated by
 * single dots, `@`, dot-separated domain labels and a TLD of 2+ letters; at
 * most 254 characters.
 *
 * @returns `null` when valid, else 请填写正确的邮箱
 */
export function validateEmail(v: FieldValue): string | null {
  return typeof v === 'string' && v.length <= EMAIL_MAX_LENGTH && EMAIL.test(v) ? null : MSG_EMAIL;
}

/**
 * Password: 8-16 characters drawn only from letters, digits and `!@#$%^&*`,
 * containing at least one letter, one digit and one of those special characters.
 *
 * @returns `null` when valid, else 请输入8-16字母数字特殊字符组合密码!
 */
export function validatePassword(v: FieldValue): string | null {
  return typeof v === 'string' && PASSWORD.test(v) ? null : MSG_PASSWORD;
}

/**
 * Required field: `null`, `undefined` and strings that are empty or only
 * whitespace are missing. Any other value (including `0` and `false`) is present.
 *
 * @returns `null` when present, else 请完善投保信息!
 */
export function validateRequired(v: unknown): string | null {
  if (v === null || v === undefined) return MSG_REQUIRED;
  if (typeof v === 'string' && v.trim() === '') return MSG_REQUIRED;
  return null;
}

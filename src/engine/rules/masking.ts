/**
 * Masking of personal data for display. All functions work on Unicode code
 * points (via Array.from), so astral characters count as one character and
 * are never split into lone surrogates. The mask character is `*`.
 */
import { stripHiddenFormatCharacters } from './hidden-format';

const STAR = '*';
/** The character a mask puts in place of what it hides (a screen that reads masked text tells it from a letter). */
export const MASK_CHARACTER = STAR;
/** A value hidden whole, its length not given either: a typed address, a token, a school looked up. */
export const HIDDEN_VALUE = '***';

/** Keeps the first `head` and last `tail` code points and stars the rest; fully stars short values. */
function maskMiddle(v: string, head: number, tail: number): string {
  const chars = Array.from(v);
  if (chars.length <= head + tail) return STAR.repeat(chars.length);
  return chars.slice(0, head).join('') + STAR.repeat(chars.length - head - tail) + chars.slice(-tail).join('');
}

/**
 * Masks an ID (or other document) number: the first 3 and last 4 characters
 * are shown, every character between becomes `*`, and the length is kept.
 * Values of 7 characters or fewer are returned fully starred so nothing leaks.
 *
 * @example maskIdNumber('11010519491231002X') // '110***********002X'
 */
export function maskIdNumber(v: string): string {
  return maskMiddle(v, 3, 4);
}

/**
 * Masks a bank card or account number: only the last 4 digits are shown, the
 * rest (at least 4) become `*` (6222020200112233445 → ***************3445).
 */
export function maskBankCard(v: string): string {
  return `${STAR.repeat(Math.max(v.length - 4, 4))}${v.slice(-4)}`;
}

/**
 * Masks a person's name: every character but the last becomes `*`
 * (e.g. 张三丰 → **丰). A one-character name becomes `*`, by choice: showing
 * its only character would reveal the whole name.
 */
export function maskName(v: string): string {
  // A stored name's bidi controls and zero-width characters are dropped: the character shown is a letter,
  // never an override that would reorder the rest of the line the masked name sits in.
  const chars = Array.from(stripHiddenFormatCharacters(v));
  if (chars.length <= 1) return STAR.repeat(chars.length);
  return STAR.repeat(chars.length - 1) + (chars[chars.length - 1] ?? '');
}

/**
 * Masks a phone number: the first 3 and last 4 digits are shown and the
 * middle is starred (13812345678 → 138****5678). Numbers of other lengths
 * follow the {@link maskIdNumber} rule (7 characters or fewer: fully starred).
 */
export function maskPhone(v: string): string {
  return maskMiddle(v, 3, 4);
}

/**
 * Masks a school name (a child's school is personal data): the first 2
 * characters are kept and the rest become `*`, length kept
 * (e.g. 北京市第一中学 → 北京*****). Shorter names always hide at least one
 * character: a 2-character name keeps only its first, a 1-character name
 * becomes `*`.
 */
export function maskSchool(v: string): string {
  const chars = Array.from(v);
  const keep = chars.length > 2 ? 2 : Math.max(0, chars.length - 1);
  return chars.slice(0, keep).join('') + STAR.repeat(chars.length - keep);
}

/** Masks an e-mail address to its first character and its domain (a***@example.com): enough for its owner to recognise it, not to read it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return HIDDEN_VALUE;
  return `${address.slice(0, 1)}${HIDDEN_VALUE}${address.slice(at)}`;
}

/**
 * The shapes of a person's ID number and name, written once: as JSON-schema text for the contract's bodies
 * and as RegExps for the rules (id-card.ts, validators.ts). A leaf module, so that the contract imports
 * them without the rules.
 */

/** A mainland ID number's shape: 17 digits, then a digit or X in either case (checksum and birth date: parseIdCard). */
export const ID_CARD_SHAPE_SOURCE = '^[0-9]{17}[0-9Xx]$';
export const ID_CARD_SHAPE = new RegExp(ID_CARD_SHAPE_SOURCE);

/** Chinese characters (CJK Unified Ideographs basic block, as in the spec) and Latin letters. */
export const CN = '\\u4e00-\\u9fa5';
export const LETTER = 'A-Za-z';
/** Middle dots used in transliterated names: U+00B7 · and U+2022 •. */
export const DOT = '\\u00b7\\u2022';

/** Chinese, letters, spaces and middle dots, starting and ending with Chinese or a letter (validateName's `latinOrChinese`, lengths apart). */
export const NAME_LATIN_OR_CHINESE_SOURCE = `^[${CN}${LETTER}](?:[${CN}${LETTER} ${DOT}]*[${CN}${LETTER}])?$`;

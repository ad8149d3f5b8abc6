/**
 * Characters that change how a line is shown without being seen: the
 * bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069), which reorder the text after them (an RTL override turns
 * 张三 来自 into 自来 三张), and the zero-width characters (U+200B–U+200D,
 * U+2060, U+FEFF), which make two different strings look the same. Person and
 * school names refuse them (the name message); other free text displayed
 * (classes, addresses) is isolated where shown (docs/security.md).
 */
export const HIDDEN_FORMAT_CHARACTERS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/u;

/** Whether `text` holds a bidirectional control or a zero-width character. */
export function hasHiddenFormatCharacters(text: string): boolean {
  return HIDDEN_FORMAT_CHARACTERS.test(text);
}

const HIDDEN_FORMAT_CHARACTERS_ALL = new RegExp(HIDDEN_FORMAT_CHARACTERS.source, 'gu');

/** `text` without its bidirectional controls and zero-width characters (what a masked name shows). */
export function stripHiddenFormatCharacters(text: string): string {
  return text.replace(HIDDEN_FORMAT_CHARACTERS_ALL, '');
}

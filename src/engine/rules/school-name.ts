/**
 * School names as parents type them: what is a plausible name, and the key
 * two spellings of one school share (for de-duplication of added schools).
 */
import { hasHiddenFormatCharacters } from './hidden-format';

/** 2–60 characters of Chinese, letters, digits, brackets, middle dot or hyphen, not only digits. */
const SCHOOL_NAME = /^[\u4e00-\u9fa5A-Za-z0-9()（）·\-\s]{2,60}$/u;

export function isValidSchoolName(name: string): boolean {
  // `\s` takes U+FEFF: refused by name, with the other hidden format characters.
  if (hasHiddenFormatCharacters(name)) return false;
  const trimmed = name.trim();
  return SCHOOL_NAME.test(trimmed) && !/^[0-9\s-]+$/.test(trimmed) && Array.from(trimmed.replace(/\s/g, '')).length >= 2;
}

/** The name as stored: trimmed, inner runs of spaces collapsed, ASCII brackets made full-width (the Chinese style). */
export function tidySchoolName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').replace(/\(/g, '（').replace(/\)/g, '）');
}

/**
 * De-duplication key: no spaces, full-width characters folded to ASCII,
 * brackets unified, letters lower-cased. 「实验小学（北校区）」 and
 * 「实验小学 (北校区)」 share a key.
 */
export function schoolNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[（]/g, '(')
    .replace(/[）]/g, ')')
    .toLowerCase();
}

/**
 * Masks of whole texts and of personal data found in free text (a URL, a log message, a recorded page):
 * each value found is masked by its own rule of masking.ts. Apart from masking.ts so that a screen which
 * masks known fields does not download what only the logs and the sale recorder use.
 */
import { MASK_CHARACTER, maskEmail, maskIdNumber, maskPhone } from './masking';
import { phonesInText } from './phone';

/** Every character becomes `*`, whitespace too (code points, so an astral character is one star): a typed value hidden whole but for its length. */
export function maskWhole(text: string): string {
  return MASK_CHARACTER.repeat(Array.from(text).length);
}

/** Every character but whitespace becomes `*` (code points, so an astral character is one star): the layout of a hidden text stays, none of its letters. */
export function maskEveryCharacter(text: string): string {
  return text.replace(/\S/gu, MASK_CHARACTER);
}

/** An 18-character mainland ID number standing alone in free text (not inside a longer code of letters and digits). */
function idNumbersInText(): RegExp {
  return /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g;
}

/** Free text with every ID number masked by {@link maskIdNumber} and every mobile number by {@link maskPhone}. */
export function maskNumbersInText(text: string): string {
  return text.replace(idNumbersInText(), (m) => maskIdNumber(m)).replace(phonesInText(), (m) => maskPhone(m));
}

/** Free text with every e-mail address masked by {@link maskEmail}. */
export function maskEmailsInText(text: string): string {
  return text.replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+/g, (m) => maskEmail(m));
}

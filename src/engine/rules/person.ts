/**
 * One person, one identity: what the rules read of a person
 * whatever document carries them.
 *
 * - A number shaped like a mainland resident ID number (17 digits and a digit
 *   or X) is one under any document type: 户口本, 临时身份证, 驾驶证 and 其他 all
 *   carry the resident number, so it is checked (region, birth date, check
 *   digit) and gives the birthday, sex and age as under 身份证. Type 0 is
 *   always read as a mainland number. The Hong Kong / Macau / Taiwan permits
 *   have their own format, which never has 18 digits.
 * - Any other document carries no birth date: the birthday and sex the form
 *   gives are required, checked for plausibility and used for the age rules
 *   and age-band pricing.
 */
import { ID_TYPE_ID_CARD } from './enums.ts';
import { ageInFullYears, parseIdCard } from './id-card.ts';
import { ID_CARD_SHAPE as MAINLAND_SHAPE } from './patterns.ts';
import { MSG_BIRTHDAY_FUTURE, MSG_BIRTHDAY_INVALID } from './messages.ts';
import { shanghaiDate } from '../time/shanghai-time.ts';

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Earliest birth year accepted, as for ID numbers. */
const MIN_YEAR = 1900;

/** A person's document and, for documents without a birth date, the birthday and sex the form gives. */
export interface PersonDocument {
  licenceType: string;
  licenceNo: string;
  birthday?: string | undefined;
  sex?: string | undefined;
}

/** Whether the number is read as a mainland resident ID number (type 0, or its 18-character shape under any type). */
export function isMainlandNumber(licenceType: string, licenceNo: string): boolean {
  return licenceType === ID_TYPE_ID_CARD || MAINLAND_SHAPE.test(licenceNo.trim());
}

/**
 * Checks a birthday typed for a document without one: a real YYYY-MM-DD
 * date from 1900 on, not after today in Beijing.
 *
 * @returns null when plausible, else the message
 */
export function validateBirthday(value: string, now: Date): string | null {
  const match = YMD.exec(value);
  if (!match) return MSG_BIRTHDAY_INVALID;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < MIN_YEAR || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return MSG_BIRTHDAY_INVALID;
  const today = shanghaiDate(now);
  return value > today ? MSG_BIRTHDAY_FUTURE : null;
}

/** What the rules know of a person: the mainland number when there is one, the birthday and sex. */
export interface PersonFacts {
  /** The mainland ID number (upper-case X) when the document is one and valid, else null. */
  mainlandNo: string | null;
  /** YYYY-MM-DD: from the mainland number, else the plausible birthday given; null when neither. */
  birthday: string | null;
  sex: '0' | '1' | null;
}

/**
 * The facts of a person: from a valid mainland number (whatever the type; a
 * birthday or sex sent beside it is ignored), else from the birthday and sex
 * given when they are plausible.
 */
export function personFacts(person: PersonDocument, now: Date): PersonFacts {
  if (isMainlandNumber(person.licenceType, person.licenceNo)) {
    const parsed = parseIdCard(person.licenceNo.trim().toUpperCase(), now);
    return parsed.ok
      ? { mainlandNo: person.licenceNo.trim().toUpperCase(), birthday: parsed.birthday, sex: parsed.sex }
      : { mainlandNo: null, birthday: null, sex: null };
  }
  const birthday = person.birthday && validateBirthday(person.birthday, now) === null ? person.birthday : null;
  const sex = person.sex === '0' || person.sex === '1' ? person.sex : null;
  return { mainlandNo: null, birthday, sex };
}

/** Age in full years on `on` (Beijing calendar), from the mainland number or the birthday given; null when unknown. */
export function personAge(person: PersonDocument, on: Date, now: Date = on): number | null {
  const { birthday } = personFacts(person, now);
  return birthday === null ? null : ageInFullYears(birthday, on);
}

/**
 * The document as one key for comparing people: a mainland number is the
 * same person under any type (`0|<number>`); other documents are their type
 * and number. Null when either is blank.
 */
export function documentIdentity(person: { licenceType: string; licenceNo: string }): string | null {
  const type = person.licenceType.trim();
  const no = person.licenceNo.trim().toUpperCase();
  if (type === '' || no === '') return null;
  return isMainlandNumber(type, no) ? `${ID_TYPE_ID_CARD}|${no}` : `${type}|${no}`;
}

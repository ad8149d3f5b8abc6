import type { HolderInput, InsuredInput, WardInput } from '../../contract/order.ts';
import { ID_TYPE_ID_CARD } from '../../engine/rules/enums.ts';
import { parseIdCard } from '../../engine/rules/index.ts';

/** What the database keeps of a person: the input plus what the ID card tells. */
export type StoredPerson<T> = T & { birthday?: string; sex?: '0' | '1' };

/**
 * Normalises the document number (ID cards: upper-case check character, so
 * 'x' and 'X' are one person to the repeat check) and derives birthday and
 * sex from a mainland ID card, as spec §5 says the form does.
 */
export function toStoredPerson<T extends HolderInput | InsuredInput | WardInput>(person: T, now: Date): StoredPerson<T> {
  if (person.licenceType !== ID_TYPE_ID_CARD) return person;
  const licenceNo = normaliseLicenceNo(person.licenceType, person.licenceNo);
  const parsed = parseIdCard(licenceNo, now);
  const derived = parsed.ok ? { birthday: parsed.birthday, sex: parsed.sex } : {};
  // TypeScript cannot see that a spread of T with extra keys is still a StoredPerson<T>.
  return { ...person, licenceNo, ...derived } as StoredPerson<T>;
}

export function normaliseLicenceNo(licenceType: string, licenceNo: string): string {
  return licenceType === ID_TYPE_ID_CARD ? licenceNo.toUpperCase() : licenceNo;
}

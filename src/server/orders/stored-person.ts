import type { HolderInput, InsuredInput, WardInput } from '../../contract/order.ts';
import { isMainlandNumber, personFacts } from '../../engine/rules/person.ts';

/** What the database keeps of a person: the input plus what the ID card tells. */
export type StoredPerson<T> = T & { birthday?: string; sex?: '0' | '1' };

/**
 * Normalises the document number (a mainland number, under any type:
 * upper-case check character, so 'x' and 'X' are one person to the repeat
 * check) and takes birthday and sex from a mainland number as spec §5 says the
 * form does, whatever the client sent beside it. Other documents keep the
 * birthday and sex given (required and checked by checkApplication).
 */
export function toStoredPerson<T extends HolderInput | InsuredInput | WardInput>(person: T, now: Date): StoredPerson<T> {
  if (!isMainlandNumber(person.licenceType, person.licenceNo)) return person;
  const licenceNo = normaliseLicenceNo(person.licenceType, person.licenceNo);
  const facts = personFacts(person, now);
  const derived = facts.birthday !== null && facts.sex !== null ? { birthday: facts.birthday, sex: facts.sex } : {};
  // TypeScript cannot see that a spread of T with extra keys is still a StoredPerson<T>.
  return { ...person, licenceNo, ...derived } as StoredPerson<T>;
}

export function normaliseLicenceNo(licenceType: string, licenceNo: string): string {
  return isMainlandNumber(licenceType, licenceNo) ? licenceNo.toUpperCase() : licenceNo;
}

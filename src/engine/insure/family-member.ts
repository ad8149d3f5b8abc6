/**
 * A saved family member (常用被保人): the fields a parent keeps to fill an
 * insure form's insured in one tap, and the check both the management
 * screen and the server run on them. The insure form checks the filled
 * person again under the product's own rules (age, school, relation).
 */
import { enumLabel, GENDERS, ID_TYPES } from '../rules/enums.ts';
import { validateIdCard } from '../rules/id-card.ts';
import { MSG_BIRTHDAY_REQUIRED, MSG_REQUIRED, MSG_SEX_REQUIRED } from '../rules/messages.ts';
import { isMainlandNumber, validateBirthday } from '../rules/person.ts';
import { HK_MO_TW_TYPES, validateHkMoTwCard, validateName, validatePhone, validateSchoolNameText } from '../rules/validators.ts';

/** Saving a family member without the parent's consent to keep their data (our wording). */
export const MSG_FAMILY_CONSENT = '请阅读并勾选同意保存该成员的个人信息';
/** A family member whose document is already saved (our wording). */
export const MSG_FAMILY_DUPLICATE = '该证件号码的常用被保人已保存，无需重复添加';
/** More family members than one account keeps (our wording). */
export const msgFamilyLimit = (max: number) => `最多可保存${max}位常用被保人，请先删除不再需要的成员`;
/** A family member saved without a document number (our wording). */
export const MSG_FAMILY_ID_NO_REQUIRED = '请输入证件号码';

/** How many people one account keeps. */
export const FAMILY_MEMBERS_MAX = 20;

/** Longest texts kept (the insure form's own limits, so a filled person fits the form). */
export const FAMILY_MEMBER_LENGTHS = { name: 40, idNo: 32, schoolName: 60, className: 20 } as const;

/** A person as the parent types them; optional fields are '' or absent when not given. */
export interface FamilyMemberFields {
  name: string;
  idType: string;
  /** Absent on an edit that keeps the stored number (the screen shows it masked). */
  idNo?: string | undefined;
  birthday?: string | undefined;
  sex?: string | undefined;
  phone?: string | undefined;
  schoolName?: string | undefined;
  className?: string | undefined;
}

/** One problem of a person: the field and the message shown at it. */
export interface FamilyMemberProblem {
  field: keyof FamilyMemberFields | 'consent';
  message: string;
}

const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * Checks a person before saving: name, document type and number (a mainland
 * number by its check digit, a Hong Kong, Macau or Taiwan permit by its
 * format), the birthday and sex a document without a birth date needs, the
 * phone when given, and the parent's consent.
 *
 * @param storedIdNo true on an edit that keeps the number already saved (the
 *   server checks with that number filled in; the screen, which sees it masked,
 *   checks the rest)
 * @returns the first problem in screen order, or null
 */
export function checkFamilyMember(person: FamilyMemberFields, consent: boolean, now: Date, storedIdNo = false): FamilyMemberProblem | null {
  const nameProblem = validateName(person.name.trim());
  if (nameProblem) return { field: 'name', message: nameProblem };
  if (enumLabel(ID_TYPES, person.idType) === undefined) return { field: 'idType', message: MSG_REQUIRED };
  if (given(person.idNo)) {
    const idNo = person.idNo.trim().toUpperCase();
    const idProblem = isMainlandNumber(person.idType, idNo)
      ? validateIdCard(idNo, 'insured', now)
      : HK_MO_TW_TYPES.has(person.idType)
        ? validateHkMoTwCard(idNo)
        : null;
    if (idProblem) return { field: 'idNo', message: idProblem };
  } else if (!storedIdNo) return { field: 'idNo', message: MSG_FAMILY_ID_NO_REQUIRED };
  // A document without a birth date needs the birthday and sex; unknown on an edit that keeps a number it does not see.
  const mainland = given(person.idNo) && isMainlandNumber(person.idType, person.idNo.trim());
  const needsBirthday = !mainland && given(person.idNo);
  if (needsBirthday && !given(person.birthday)) return { field: 'birthday', message: MSG_BIRTHDAY_REQUIRED };
  if (!mainland && given(person.birthday)) {
    const birthdayProblem = validateBirthday(person.birthday, now);
    if (birthdayProblem) return { field: 'birthday', message: birthdayProblem };
  }
  if (needsBirthday && (!given(person.sex) || enumLabel(GENDERS, person.sex) === undefined)) return { field: 'sex', message: MSG_SEX_REQUIRED };
  if (given(person.phone)) {
    const phoneProblem = validatePhone(person.phone.trim());
    if (phoneProblem) return { field: 'phone', message: phoneProblem };
  }
  if (given(person.schoolName)) {
    const schoolProblem = validateSchoolNameText(person.schoolName);
    if (schoolProblem) return { field: 'schoolName', message: schoolProblem };
  }
  const classProblem = given(person.className) ? validateSchoolNameText(person.className) : null;
  if (classProblem) return { field: 'className', message: classProblem };
  if (!consent) return { field: 'consent', message: MSG_FAMILY_CONSENT };
  return null;
}

/**
 * 选择常用被保人: a saved person put into the insure form through the form's
 * own data path (form data of the draft → the person's fields → the form's
 * normalisation → the draft), so the form shows and checks them as if typed:
 * the product's rules (ID number, age, name, school) run on them as on any
 * value, here at once and again at 下一步, and the server checks the order.
 */
import type { FamilyMemberFill } from '../../../../../contract/family.ts';
import {
  draftFromFormData,
  formDataFromDraft,
  formFieldId,
  insuredExtraFields,
  insuredRelations,
  normaliseFormData,
  type InsureDraftData,
  type InsureDraftLike,
  type InsuredFormData,
  type PlanChoice,
  type WardFormData,
} from '../../../../../engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { isMainlandNumber } from '../../../../../engine/rules/person.ts';
import { insureFormProblems } from './insure-validation.ts';

/** The fields a fill always writes (the document's birthday and sex follow from it). */
const FILLED_FIELDS: ReadonlySet<string> = new Set(['name', 'licenceType', 'licenceNo', 'birthday', 'sex']);

/** Relation code of the holder themself: a saved person is someone else. */
export const SELF_RELATION = '00';

/** Where a saved person goes: the guardian template's ward, else an insured. */
const listOf = (manifest: ProductManifest): 'wards' | 'insureds' => (manifest.insure.template === 'guardian' ? 'wards' : 'insureds');

/** The person the fill replaces: the first one not yet started, else the first; `filled` when it holds a name or number. */
export function fillTarget(manifest: ProductManifest, draft: InsureDraftLike | null): { index: number; filled: boolean } {
  const people: readonly { name?: string | undefined; licenceNo?: string | undefined }[] = (draft?.[listOf(manifest)] ?? []);
  const empty = people.findIndex((p) => !p.name && !p.licenceNo);
  if (empty >= 0 || people.length === 0) return { index: Math.max(empty, 0), filled: false };
  return { index: 0, filled: true };
}

/** The outcome of a fill: the new draft and the first problem the form's rules find in the person filled, if any. */
export interface FilledDraft {
  draft: InsureDraftData;
  problem: { id: string; message: string } | null;
}

/**
 * The draft with `member` as the person at `index`: name and document, the
 * birthday and sex a document without a birth date needs, and the phone,
 * school and class where the product's form asks for them. An insured whose
 * relation was 本人 takes the first other relation offered (a saved person is
 * not the holder); null when the product insures only the holder.
 */
export function fillFromMember(
  manifest: ProductManifest,
  draft: InsureDraftLike | null,
  member: FamilyMemberFill,
  index: number,
  plan: PlanChoice,
  now: Date = new Date(),
): FilledDraft | null {
  const data = formDataFromDraft(manifest, draft, now, plan.factors);
  const key = listOf(manifest);
  const people = (data[key] ?? []) as (InsuredFormData & WardFormData)[];
  const before = people[index] ?? {};
  const person: InsuredFormData & WardFormData = { ...before, name: member.name, licenceType: member.idType, licenceNo: member.idNo };
  delete person.birthday;
  delete person.sex;
  if (!isMainlandNumber(member.idType, member.idNo)) {
    if (member.birthday) person.birthday = member.birthday;
    if (member.sex === '0' || member.sex === '1') person.sex = member.sex;
  }
  if (key === 'insureds') {
    if (person.relaToHolder === SELF_RELATION || person.relaToHolder === undefined) {
      const other = insuredRelations(manifest).find((code) => code !== SELF_RELATION);
      if (!other) return null;
      person.relaToHolder = other;
    }
    if ((manifest.insure.insured.phone ?? 'optional') !== 'hidden' && member.phone) person.phone = member.phone;
    const asked = new Set<string>(insuredExtraFields(manifest));
    if (asked.has('schoolName') && member.schoolName) person.schoolName = member.schoolName;
    if (asked.has('classAndGrade') && member.className) person.classAndGrade = member.className;
  }
  const next = [...people];
  next[index] = person;
  const filled = normaliseFormData(manifest, { ...data, [key]: next }, now);
  // The problems of what the fill wrote, as leaving those fields would show them; the rest waits for 下一步.
  const written = new Set(Object.keys(person).filter((field) => person[field as keyof typeof person] !== before[field as keyof typeof before] || FILLED_FIELDS.has(field)));
  const at = (path: string[] | null) => path !== null && path[0] === key && path[1] === String(index) && written.has(path[2] ?? '');
  const found = insureFormProblems(manifest, filled, plan, now).find((p) => at(p.path));
  return { draft: draftFromFormData(filled), problem: found?.path ? { id: formFieldId(found.path), message: found.message } : null };
}

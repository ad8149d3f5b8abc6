/**
 * What the confirm page shows, worked out from the manifest, the stored
 * draft and the plan choice. Pure: no React, no storage.
 */
import { priceApplication } from '../../../../../engine/pricing/price-application.ts';
import { coverPeriod, paymentCoverNotes, pickWindow } from '../../../../../engine/cover/cover-period.ts';
import { checkApplication } from '../../../../../engine/insure/check-application.ts';
import type { HolderLike, InsuredLike, WardLike } from '../../../../../engine/insure/application-types.ts';
import {
  applicationFromDraft,
  FIELD_TITLES,
  SECTION_TITLES,
  YES_NO_OPTIONS,
  type ApplicationData,
  type InsureDraftLike,
  type PlanChoice,
} from '../../../../../engine/insure/form-schema.ts';
import type { Plan, ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { guaranteeYearsOf, offersGuaranteeYears, resolveGuaranteeYears } from '../../../../../engine/pricing/premium.ts';
import {
  enumLabel,
  GENDERS,
  GRADES,
  ID_TYPES,
  RELATIONS,
  SCHOOL_NATURES,
  SCHOOL_TYPES,
} from '../../../../../engine/rules/enums.ts';
import { personFacts, type PersonDocument } from '../../../../../engine/rules/person.ts';
import { maskIdNumber, maskPhone } from '../../../../../engine/rules/masking.ts';
import { MSG_CONFIRM_FIRST, MSG_CONFIRM_INSURED_ID } from '../../../../../engine/rules/messages.ts';
import type { HealthOutcome } from '../../../../../engine/health/health-notice.ts';
import type { HealthNotice } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { regionText } from '../../../../form-theme/region-data.ts';

export interface ConfirmRow {
  label: string;
  value: string;
}

export interface ConfirmPerson {
  title: string;
  rows: ConfirmRow[];
}

export interface ConfirmModel {
  productName: string;
  plan: Plan;
  holder: ConfirmPerson;
  insureds: ConfirmPerson[];
  wards: ConfirmPerson[];
  /** Spec §2: fixed as the statutory beneficiary. */
  beneficiary: string;
  /** 'YYYY-MM-DD 00:00:00' and the end as the manifest says, after cover.months × the guarantee years. */
  startDate: string;
  endDate: string;
  /**
   * A cover whose dates the payment fixes: what 保险起期 and 保险止期 say
   * instead (支付成功次日零时起保, 自起保日起1年); null when the dates stand.
   */
  coverNotes: { start: string; end: string } | null;
  /** A product whose parent picks the start: the window ('YYYY-MM-DD', Beijing) and the day picked; else null. */
  pick: { first: string; last: string; day: string } | null;
  /** Guarantee years (保障年限) shown as a row; null for a product that offers one term only (no row, as before). */
  years: number | null;
  copies: number;
  premium: number | null;
  /** The application to order. */
  application: ApplicationData;
  /** The health notice and its answers, or null for a product without one (the card is health-review.tsx, loaded with it). */
  health: { notice: HealthNotice; answers: Readonly<Record<string, string>> } | null;
  /**
   * What the answers lead to, as the page sends it (the server decides again): filled in with the
   * health card's blocker once the card, which evaluates the answers, has loaded; null until then.
   */
  healthOutcome: HealthOutcome['kind'] | null;
  /** Why the order cannot be placed yet (spec §5 confirm messages), or null. */
  blocker: string | null;
}

/** Beneficiary option 01 of spec §9: the statutory heirs. */
export const STATUTORY_BENEFICIARY = '法定';

function label(labels: Readonly<Record<string, string>>, code: string | undefined): string {
  return code ? (enumLabel(labels, code) ?? code) : '';
}

/** Rows with an empty value are left out: a field the product does not ask is not shown. */
function rows(list: [string, string | undefined][]): ConfirmRow[] {
  return list.filter((r): r is [string, string] => Boolean(r[1])).map(([l, value]) => ({ label: l, value }));
}

/** Sex and birth date: from a mainland ID number under any type (spec §5), else as the form asked for them. */
function identityRows(person: PersonDocument, now: Date): [string, string | undefined][] {
  const facts = personFacts(person, now);
  return [
    [FIELD_TITLES.sex, facts.sex !== null ? label(GENDERS, facts.sex) : undefined],
    [FIELD_TITLES.birthday, facts.birthday ?? undefined],
  ];
}

function documentRows(person: { name: string; licenceType: string; licenceNo: string }): [string, string | undefined][] {
  return [
    [FIELD_TITLES.name, person.name],
    [FIELD_TITLES.licenceType, label(ID_TYPES, person.licenceType)],
    [FIELD_TITLES.licenceNo, person.licenceNo ? maskIdNumber(person.licenceNo) : undefined],
  ];
}

function holderRows(holder: HolderLike, now: Date): ConfirmRow[] {
  return rows([
    ...documentRows(holder),
    [FIELD_TITLES.phone, holder.phone ? maskPhone(holder.phone) : undefined],
    ...identityRows(holder, now),
    [FIELD_TITLES.email, holder.email],
  ]);
}

function insuredRows(manifest: ProductManifest, insured: InsuredLike, now: Date): ConfirmRow[] {
  const showMobile = !manifest.confirm?.hideInsuredMobile;
  return rows([
    [FIELD_TITLES.relaToHolder, label(RELATIONS, insured.relaToHolder)],
    ...documentRows(insured),
    [FIELD_TITLES.phone, showMobile && insured.phone ? maskPhone(insured.phone) : undefined],
    ...identityRows(insured, now),
    [FIELD_TITLES.email, insured.email],
    [FIELD_TITLES.schoolName, insured.schoolName],
    [FIELD_TITLES.schoolKind, label(SCHOOL_TYPES, insured.schoolKind)],
    [FIELD_TITLES.schoolNature, label(SCHOOL_NATURES, insured.schoolNature)],
    [FIELD_TITLES.collegeName, insured.collegeName],
    [FIELD_TITLES.grade, label(GRADES, insured.grade)],
    [FIELD_TITLES.classAndGrade, insured.classAndGrade],
    [FIELD_TITLES.socialMedicalInsurance, YES_NO_OPTIONS.find((o) => o.value === insured.socialMedicalInsurance)?.label],
    [FIELD_TITLES.region, regionText(insured)],
  ]);
}

function wardRows(ward: WardLike, now: Date): ConfirmRow[] {
  return rows([
    [FIELD_TITLES.relaToHolder, label(RELATIONS, ward.relaToHolder)],
    ...documentRows(ward),
    [FIELD_TITLES.phone, ward.phone ? maskPhone(ward.phone) : undefined],
    ...identityRows(ward, now),
  ]);
}

/** Numbered titles when a list has several people: 被保人信息, or 被保人信息（1） … */
function titled(title: string, count: number, index: number): string {
  return count > 1 ? `${title}（${index + 1}）` : title;
}

/**
 * Spec §5: nothing stored (or nobody insured) → 请您先确认投保信息!; an
 * insured without an ID number → 请您先确认被保人证件号信息!; any other
 * problem of the application → 请您先确认投保信息!.
 */
export function confirmBlocker(
  manifest: ProductManifest,
  draft: InsureDraftLike | null,
  application: ApplicationData,
  now: Date,
  pickedDay?: string,
): string | null {
  if (!draft) return MSG_CONFIRM_FIRST;
  if (application.insureds.length === 0) return MSG_CONFIRM_FIRST;
  if (application.insureds.some((i) => i.licenceNo.trim() === '')) return MSG_CONFIRM_INSURED_ID;
  // Ages on the start the order will have: a picked day when the parent picks it.
  const { start } = coverPeriod(manifest, now, 1, pickedDay);
  return checkApplication(manifest, application, now, start).length > 0 ? MSG_CONFIRM_FIRST : null;
}

/** The day picked, kept inside the window of `now` (a page left open past midnight moves it to the first day). */
function pickOf(manifest: ProductManifest, now: Date, pickedDay: string | undefined): ConfirmModel['pick'] {
  const window = pickWindow(manifest, now);
  if (!window) return null;
  const inside = pickedDay !== undefined && pickedDay >= window.first && pickedDay <= window.last;
  return { ...window, day: inside ? pickedDay : window.first };
}

/** The confirm page of an order placed at `now`, starting on `pickedDay` ('YYYY-MM-DD') when the product lets the parent pick it. */
export function buildConfirmModel(
  manifest: ProductManifest,
  draft: InsureDraftLike | null,
  choice: PlanChoice,
  premium: number | null,
  now: Date,
  pickedDay?: string,
): ConfirmModel {
  const pick = pickOf(manifest, now, pickedDay);
  const application = applicationFromDraft(manifest, draft, choice);
  const plan = manifest.plans.find((p) => p.code === choice.planCode) ?? manifest.plans[0];
  // Years the product does not allow (a tampered planMsg) are a blocker below; the dates then show the default term.
  const years = resolveGuaranteeYears(manifest, application.insureYear) ?? guaranteeYearsOf(manifest)[0]!;
  const cover = coverPeriod(manifest, now, years, pick?.day);
  const priced = priceApplication(manifest, application, cover.start);
  const insureds = application.insureds;
  const wards = application.wards ?? [];
  return {
    productName: manifest.productName,
    plan,
    holder: { title: SECTION_TITLES.policyHolder, rows: holderRows(application.policyHolder, now) },
    insureds: insureds.map((insured, i) => ({
      title: titled(SECTION_TITLES.insureds, insureds.length, i),
      rows: insuredRows(manifest, insured, now),
    })),
    wards: wards.map((ward, i) => ({ title: titled(SECTION_TITLES.wards, wards.length, i), rows: wardRows(ward, now) })),
    beneficiary: STATUTORY_BENEFICIARY,
    startDate: cover.startDate,
    endDate: cover.endDate,
    coverNotes: paymentCoverNotes(manifest, years),
    pick,
    years: offersGuaranteeYears(manifest) ? years : null,
    copies: application.copies ?? 1,
    // The engine prices the application exactly as the server will charge it
    // (each insured's own answers to bound factors); the quote is the fallback.
    premium: priced.ok ? priced.totalPremium : premium,
    application,
    health: manifest.healthNotice ? { notice: manifest.healthNotice, answers: application.healthAnswers ?? {} } : null,
    healthOutcome: null,
    blocker: confirmBlocker(manifest, draft, application, now, pick?.day),
  };
}

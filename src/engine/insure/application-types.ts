/**
 * Structural types of an application form as the insurance engine sees it
 * (spec §3 "Application form", "Insured").
 *
 * The engine must not import `src/contract` (it stays free of TypeBox and of
 * the HTTP layer), so these types restate the shape it reads. They are kept
 * loose on purpose (plain `string` for codes, readonly arrays, every field
 * the engine does not need left out) so that the contract's
 * `ApplicationFormInput` and a half-filled draft from the insure page are both
 * assignable to {@link ApplicationLike}. Values are not trusted: an empty
 * string or an unknown code is reported, never assumed away.
 */

/** Yes/no flag as sent on orders. */
export type YesNoLike = 'Y' | 'N';

/** The policyholder (投保人). */
export interface HolderLike {
  name: string;
  /** Order-set ID type code (spec §3 "ID types (order set)"), '0' = mainland ID card. */
  licenceType: string;
  licenceNo: string;
  /** YYYY-MM-DD; required for a document without a mainland number, derived from one otherwise. */
  birthday?: string;
  /** '0' male, '1' female; required for a document without a mainland number, derived from one otherwise. */
  sex?: '0' | '1';
  phone: string;
  email?: string;
}

/** One insured person (被保人). */
export interface InsuredLike {
  /** Relation to the holder (spec §3 full relation set), '00' = self. */
  relaToHolder: string;
  isHolder?: YesNoLike;
  name: string;
  licenceType: string;
  licenceNo: string;
  /** As for the holder. */
  birthday?: string;
  sex?: '0' | '1';
  phone?: string;
  /** Only read when the manifest asks the insured for an e-mail (`insure.insured.fields` contains 'email'). */
  email?: string;
  schoolName?: string;
  /** School type code (edu_XX). */
  schoolKind?: string;
  schoolNature?: string;
  collegeName?: string;
  grade?: string;
  classAndGrade?: string;
  provinceCode?: string;
  cityCode?: string;
  countyCode?: string;
  socialMedicalInsurance?: YesNoLike;
}

/** Guardian template: the child under guardianship (监护对象). */
export interface WardLike {
  relaToHolder: string;
  name: string;
  licenceType: string;
  licenceNo: string;
  /** As for the holder. */
  birthday?: string;
  sex?: '0' | '1';
  /** Never verified (spec §5: ward phone need not be verified). */
  phone?: string;
}

/** One application form, as far as {@link checkApplication} reads it. */
export interface ApplicationLike {
  /** Code of the chosen plan, one of `manifest.plans[].code`. */
  planCode: string;
  /** Copies bought; absent means 1. */
  copies?: number;
  /** Pricing factor code → chosen option value; absent factors take the manifest default. */
  factors?: Readonly<Record<string, string>>;
  /**
   * Guarantee years (保障年限, spec §3 Insured.insureYear), one of
   * `pricing.guaranteeYears`; absent means the first allowed value.
   */
  insureYear?: number;
  policyHolder: HolderLike;
  insureds: readonly InsuredLike[];
  /** Guardian template only. */
  wards?: readonly WardLike[];
  /** The health notice answers (question id → answer), for a product with a healthNotice (src/engine/health/health-notice.ts). */
  healthAnswers?: Readonly<Record<string, string>>;
}

/** One problem found in an application. */
export interface ApplicationProblem {
  /**
   * Dotted path of the offending field in {@link ApplicationLike}, array
   * indexes as numbers: 'policyHolder.licenceNo', 'insureds.0.name',
   * 'wards.0.relaToHolder', 'factors.socialSecurity'. A whole list is
   * addressed by its name ('insureds', 'wards').
   */
  path: string;
  /** Exact user-facing Chinese message. */
  message: string;
}

import type { ComponentType } from 'react';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { BannerSection } from './sections/banner-section.tsx';
import { ClaimProcessSection } from './sections/claim-process-section.tsx';
import { CopiesSection } from './sections/copies-section.tsx';
import { FactorsSection } from './sections/factors-section.tsx';
import { FaqSection } from './sections/faq-section.tsx';
import { FeaturesSection } from './sections/features-section.tsx';
import { GuaranteeSection } from './sections/guarantee-section.tsx';
import { GuaranteeYearsSection } from './sections/guarantee-years-section.tsx';
import { InfoSection } from './sections/info-section.tsx';
import { InsurersSection } from './sections/insurers-section.tsx';
import { NoticeSection } from './sections/notice-section.tsx';
import { RatingSection } from './sections/rating-section.tsx';
import { PlanPickerSection } from './sections/plan-picker-section.tsx';
import { ServiceSection } from './sections/service-section.tsx';
import { TitlePageSection } from './sections/title-page-section.tsx';
import type { DetailSectionProps, DetailSectionType } from './types.ts';

/** Section type → component. The renderer knows section types, never product codes. */
export const DETAIL_SECTIONS: Readonly<Record<DetailSectionType, ComponentType<DetailSectionProps>>> = {
  titlePage: TitlePageSection,
  banner: BannerSection,
  features: FeaturesSection,
  planPicker: PlanPickerSection,
  factors: FactorsSection,
  copies: CopiesSection,
  years: GuaranteeYearsSection,
  guarantee: GuaranteeSection,
  info: InfoSection,
  insurers: InsurersSection,
  notice: NoticeSection,
  faq: FaqSection,
  claimProcess: ClaimProcessSection,
  service: ServiceSection,
  rating: RatingSection,
};

/** Section order of each page template. */
export const DETAIL_LAYOUTS: Readonly<Record<NonNullable<ProductManifest['pageTemplate']>, readonly DetailSectionType[]>> = {
  standard: ['titlePage', 'banner', 'features', 'planPicker', 'factors', 'copies', 'years', 'guarantee', 'info', 'insurers', 'rating', 'notice', 'faq', 'claimProcess', 'service'],
  'banner-first': ['titlePage', 'banner', 'planPicker', 'guarantee', 'factors', 'copies', 'years', 'features', 'info', 'rating', 'notice', 'claimProcess', 'faq', 'insurers', 'service'],
};

export function layoutOf(manifest: ProductManifest): readonly DetailSectionType[] {
  return DETAIL_LAYOUTS[manifest.pageTemplate ?? 'standard'];
}

/**
 * Shared test data of the confirm and order tests: the real manifests and
 * complete drafts of valid applications, with ID numbers built by makeIdCard.
 */
import { readFileSync } from 'node:fs';
import type { InsureDraftLike } from '../../../src/engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { resolveManifest } from '../../../src/engine/manifest/references.ts';
import { makeIdCard } from '../../../src/engine/rules/id-card.ts';

export function loadManifest(
  id: 'xuzhou-student-accident-2025' | 'jining-student-accident' | 'guanaibao-guardian' | 'huatai-serious-illness',
): ProductManifest {
  return resolveManifest(JSON.parse(readFileSync(new URL(`../../../manifests/${id}.json`, import.meta.url), 'utf8')) as ProductManifest);
}

export const xuzhou = loadManifest('xuzhou-student-accident-2025');
export const jining = loadManifest('jining-student-accident');
export const guardian = loadManifest('guanaibao-guardian');
/** Guarantee years [1, 2, 3], cover 12 months ending 00:00:00. */
export const seriousIllness = loadManifest('huatai-serious-illness');

/** 10:00 on 1 June 2025 in Beijing, whatever the zone the tests run in. */
export const NOW = new Date('2025-06-01T02:00:00Z');
/** Cover start of an order placed at NOW (start offset 1 day). */
export const START_DATE = '2025-06-02 00:00:00';

/** A man born 1985-03-12 in Xuzhou: 320302198503120312. */
export const HOLDER_ID = makeIdCard('320302', '1985-03-12', '031');
/** A girl born 2014-06-20 in Xuzhou: 32030220140620042X. */
export const CHILD_ID = makeIdCard('320302', '2014-06-20', '042');
/** A man born 1988-11-05 in Jining: 370811198811051534. */
export const JINING_HOLDER_ID = makeIdCard('370811', '1988-11-05', '153');
/** A girl born 2016-02-29 in Jining: 370811201602290648. */
export const JINING_CHILD_ID = makeIdCard('370811', '2016-02-29', '064');

export const HOLDER_PHONE = '13812345678';
export const CHILD_PHONE = '13912345678';

/** A parent insuring a primary-school daughter without social insurance (Xuzhou 2025). */
export function xuzhouDraft(socialMedicalInsurance: 'Y' | 'N' = 'N'): InsureDraftLike {
  return {
    policyHolder: { name: '张伟', licenceType: '0', licenceNo: HOLDER_ID, phone: HOLDER_PHONE },
    insureds: [
      {
        relaToHolder: '03',
        name: '张小雨',
        licenceType: '0',
        licenceNo: CHILD_ID,
        phone: CHILD_PHONE,
        schoolKind: 'edu_07',
        schoolName: '徐州市青年路小学',
        grade: 'P5',
        classAndGrade: '3班',
        provinceCode: '320000',
        cityCode: '320300',
        countyCode: '320302',
        socialMedicalInsurance,
      },
    ],
    wards: [],
  };
}

/** A parent insuring a daughter at a Jining primary school. */
export function jiningDraft(): InsureDraftLike {
  return {
    policyHolder: { name: '李强', licenceType: '0', licenceNo: JINING_HOLDER_ID, phone: HOLDER_PHONE },
    insureds: [
      {
        relaToHolder: '03',
        name: '李小花',
        licenceType: '0',
        licenceNo: JINING_CHILD_ID,
        schoolName: '济宁市实验小学',
        grade: 'P3',
        classAndGrade: '1班',
        provinceCode: '370000',
        cityCode: '370800',
        countyCode: '370811',
      },
    ],
    wards: [],
  };
}

/** A parent buying 关爱宝 for themself, with their daughter as the ward. */
export function guardianDraft(holderId: string = HOLDER_ID): InsureDraftLike {
  return {
    policyHolder: { name: '张伟', licenceType: '0', licenceNo: holderId, phone: HOLDER_PHONE },
    insureds: [],
    wards: [{ relaToHolder: '03', name: '张小雨', licenceType: '0', licenceNo: CHILD_ID, phone: CHILD_PHONE }],
  };
}

/** A parent insuring their spouse (huatai-serious-illness: adult template, the insured's e-mail asked). */
export function seriousIllnessDraft(): InsureDraftLike {
  return {
    policyHolder: { name: '张伟', licenceType: '0', licenceNo: HOLDER_ID, phone: HOLDER_PHONE },
    insureds: [{ relaToHolder: '01', name: '李芳', licenceType: '0', licenceNo: makeIdCard('320302', '1987-08-15', '062'), email: 'lifang@example.com' }],
    wards: [],
    healthAnswers: { disease: 'N', hypertension: 'N', hospital: 'N' },
  };
}

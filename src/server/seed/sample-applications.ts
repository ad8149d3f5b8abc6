import type { ApplicationFormInput } from '../../contract/order.ts';
import { makeIdCard } from '../../engine/rules/index.ts';

let sequence = 0;

/** A valid ID number of someone `age` years old today, different on every call (up to 1000 per birthday). */
function idCardOfAge(age: number, region: string, now: Date): string {
  sequence = (sequence + 1) % 1000;
  // Born on 1 January: the age in full years is exact for the whole year.
  const birthday = `${now.getFullYear() - age}-01-01`;
  return makeIdCard(region, birthday, String(sequence).padStart(3, '0'));
}

export const SAMPLE_PRODUCT_CODES = { xuzhou: '25PR320300', jining: '22PR370800', guardian: '21PR000316' } as const;

/**
 * An application form the engine accepts for each product of the sample
 * catalogue, with fresh ID numbers so that repeated calls do not collide in
 * the repeat-insurance check. For tests and benchmarks, never for real data.
 * The pupils are at the bottom of their grade's ages (四年级 8, 三年级 7), so a
 * test that moves its clock on by up to three years still has a plausible grade.
 */
export function sampleApplication(productCode: string, now: Date = new Date()): ApplicationFormInput {
  const holder = { name: '王建国', licenceType: '0', licenceNo: idCardOfAge(40, '320302', now), phone: '13800001111' };
  switch (productCode) {
    case SAMPLE_PRODUCT_CODES.xuzhou:
      return {
        productCode,
        planCode: 'XZ25-JC',
        factors: { socialSecurity: 'Y' },
        policyHolder: holder,
        insureds: [
          {
            relaToHolder: '03',
            name: '王小明',
            licenceType: '0',
            licenceNo: idCardOfAge(8, '320302', now),
            schoolName: '徐州市第一实验小学',
            schoolKind: 'edu_07',
            grade: 'P4',
            classAndGrade: '3班',
            provinceCode: '320000',
            cityCode: '320300',
            countyCode: '320302',
            socialMedicalInsurance: 'Y',
          },
        ],
      };
    case SAMPLE_PRODUCT_CODES.jining:
      return {
        productCode,
        planCode: 'JN-A',
        policyHolder: { ...holder, licenceNo: idCardOfAge(40, '370811', now) },
        insureds: [
          {
            relaToHolder: '03',
            name: '王小红',
            licenceType: '0',
            licenceNo: idCardOfAge(7, '370811', now),
            schoolName: '济宁市实验小学',
            grade: 'P3',
            classAndGrade: '1班',
            provinceCode: '370000',
            cityCode: '370800',
            countyCode: '370811',
          },
        ],
      };
    case SAMPLE_PRODUCT_CODES.guardian:
      return {
        productCode,
        planCode: 'GAB-A',
        policyHolder: holder,
        insureds: [{ relaToHolder: '00', isHolder: 'Y', name: holder.name, licenceType: '0', licenceNo: holder.licenceNo }],
        wards: [{ relaToHolder: '03', name: '王小宝', licenceType: '0', licenceNo: idCardOfAge(8, '320302', now) }],
      };
    default:
      throw new Error(`no sample application for product ${productCode}`);
  }
}

import { describe, expect, it } from 'vitest';
import * as rules from '../../../src/engine/rules';

describe('rules index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'PROVINCES',
      'regionLevel',
      'provinceOf',
      'cityOf',
      'idCardCheckDigit',
      'parseIdCard',
      'validateIdCard',
      'ageInFullYears',
      'makeIdCard',
      'validatePhone',
      'validateHkMoTwCard',
      'validateName',
      'validateEmail',
      'validatePassword',
      'validateRequired',
      'maskIdNumber',
      'maskName',
      'maskPhone',
      'maskSchool',
      'maskEmail',
      'ID_TYPES',
      'RELATIONS',
      'SCHOOL_TYPES',
      'GENDERS',
      'GRADES',
      'SCHOOL_NATURES',
      'CHANNEL_NO',
      'SYS_CODE',
      'MSG_PHONE',
      'MSG_ID_CHECKSUM',
      'MSG_REQUIRED',
    ]) {
      expect(rules, name).toHaveProperty(name);
    }
  });
});

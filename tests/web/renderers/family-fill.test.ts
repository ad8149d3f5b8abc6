import { describe, expect, it } from 'vitest';
import type { FamilyMemberFill } from '../../../src/contract/family.ts';
import { makeIdCard } from '../../../src/engine/rules/id-card.ts';
import { fillFromMember, fillTarget } from '../../../src/web/features/insure/renderers/insure/family-fill.ts';
import { CHILD_ID, guardian, NOW, xuzhou, xuzhouDraft } from './fixtures.ts';

const plan = { planCode: xuzhou.plans?.[0]?.code ?? '', factors: {} };
const child: FamilyMemberFill = {
  id: '1',
  name: '王小雨',
  idType: '0',
  idNo: CHILD_ID,
  birthday: '2014-06-20',
  sex: '1',
  phone: '13912345678',
  schoolName: '徐州市青年路小学',
  className: '3班',
};

describe('选择常用被保人 fills the form through its data path', () => {
  it('puts the saved child into the first insured not yet started, with the school fields the product asks', () => {
    const draft = { policyHolder: { name: '张伟' }, insureds: [{ relaToHolder: '03' }], wards: [] };
    expect(fillTarget(xuzhou, draft)).toEqual({ index: 0, filled: false });
    const filled = fillFromMember(xuzhou, draft, child, 0, plan, NOW)!;
    expect(filled.problem).toBeNull();
    expect(filled.draft.insureds[0]).toMatchObject({ relaToHolder: '03', name: '王小雨', licenceType: '0', licenceNo: CHILD_ID, phone: '13912345678', schoolName: '徐州市青年路小学', classAndGrade: '3班' });
    // A mainland number gives sex and birthday: the draft keeps only what is typed.
    expect(filled.draft.insureds[0]).not.toHaveProperty('birthday');
    expect(filled.draft.policyHolder).toMatchObject({ name: '张伟' });
  });

  it('says when the insured is already filled in, and replaces them on request', () => {
    const draft = xuzhouDraft();
    expect(fillTarget(xuzhou, draft)).toEqual({ index: 0, filled: true });
    expect(fillFromMember(xuzhou, draft, child, 0, plan, NOW)!.draft.insureds[0]).toMatchObject({ name: '王小雨', licenceNo: CHILD_ID });
  });

  it('runs the product’s rules on the person filled: an adult is outside a student product’s ages', () => {
    const adult = { ...child, idNo: makeIdCard('320302', '1980-01-01', '111') };
    const filled = fillFromMember(xuzhou, null, adult, 0, plan, NOW)!;
    expect(filled.problem).toMatchObject({ id: 'root_insureds_0_licenceNo' });
    expect(filled.problem!.message).toMatch(/被保/);
  });

  it('fills the ward of a guardian product and leaves its insured (the holder) alone', () => {
    const filled = fillFromMember(guardian, null, child, 0, { planCode: guardian.plans?.[0]?.code ?? '' }, NOW)!;
    expect(filled.draft.wards[0]).toMatchObject({ name: '王小雨', licenceNo: CHILD_ID });
    expect(filled.draft.insureds).toEqual([]);
  });
});

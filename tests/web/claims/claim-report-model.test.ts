import { describe, expect, it } from 'vitest';
import type { ClaimOptions } from '../../../src/contract/claims.ts';
import { beijingToday, blank, draftProblem } from '../../../src/web/features/claims/screens/claim-report/claim-report-model.ts';
import { fitScale, MAX_SIDE_PX, reducedName } from '../../../src/web/features/claims/components/photo-reduction.ts';

const OPTIONS: ClaimOptions = {
  policyNo: 'P1',
  productName: '济宁市学生平安保险',
  holderName: '*伟',
  insureds: [{ index: 0, name: '*小明' }],
  kinds: [{ kind: 'accidentOutpatient', name: '意外门诊', documents: [{ code: 'invoice', name: '医疗费用发票', required: true }] }],
  coverStart: '2026-01-01',
  coverEnd: '2099-12-31',
  hotline: '95585',
};
const complete = {
  ...blank,
  insuredIndex: 0,
  kind: 'accidentOutpatient' as const,
  accidentDate: beijingToday(),
  accidentPlace: '学校操场',
  description: '课间活动时摔倒，右手腕擦伤',
  accountName: '张伟',
  bankName: '中国工商银行',
  accountNo: '6222 0212 3456 7890',
};

describe('the claim report form', () => {
  it('asks for each field in turn, with the words the parent reads', () => {
    expect(draftProblem(blank, OPTIONS)).toBe('请选择出险人');
    expect(draftProblem({ ...complete, kind: undefined }, OPTIONS)).toBe('请选择报案类型');
    expect(draftProblem({ ...complete, accidentDate: '2025-12-31' }, OPTIONS)).toBe('出险日期须在保障期间内且不晚于今天');
    expect(draftProblem({ ...complete, description: '摔倒' }, OPTIONS)).toBe('请简要描述事故经过（至少5个字）');
    expect(draftProblem({ ...complete, accountNo: '6222-0212' }, OPTIONS)).toBe('请填写正确的银行卡号');
    expect(draftProblem(complete, OPTIONS)).toBeNull();
  });
});

describe('claim photo reduction', () => {
  it('fits a 4000 × 3000 photo within 2048 px on its long side and never enlarges a small one', () => {
    expect(Math.round(4000 * fitScale(4000, 3000))).toBe(MAX_SIDE_PX);
    expect(Math.round(4000 * fitScale(3000, 4000))).toBe(MAX_SIDE_PX);
    expect(fitScale(800, 600)).toBe(1);
  });
  it('names the upload as a JPEG', () => {
    expect(reducedName('IMG_0001.PNG')).toBe('IMG_0001.jpg');
    expect(reducedName('receipt')).toBe('receipt.jpg');
  });
});

// @vitest-environment happy-dom
/**
 * One claim's page as the parent reads it: the status and what it means, the
 * insurer's words, the documents with their photos and the upload while the
 * claim can be sent, the amount once closed, and the timeline.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimCalls, type ClaimDetail } from '../../../src/contract/claims.ts';
import { fillPath, GW } from '../../../src/contract/define-call.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import ClaimDetailScreen from '../../../src/web/features/claims/screens/claim-detail/claim-detail-screen.tsx';
import { saveUser } from '../../../src/web/shared/state/session.ts';
import { declareReactActEnvironment, renderInApp } from './harness.tsx';

declareReactActEnvironment();

const CLAIM: ClaimDetail = {
  claimNo: 'CL202612060000000001',
  policyNo: 'P22PR930618202612060000000001',
  productName: '疫苗接种意外保险',
  insuredName: '**宝',
  kind: 'accidentOutpatient',
  kindName: '意外门诊',
  accidentDate: '2026-12-05',
  status: 'needMore',
  statusName: '需补充资料',
  amount: null,
  createdAt: '2026-12-05 10:00:00',
  accidentPlace: '小区楼下',
  description: '下楼时摔倒，膝盖擦伤',
  bank: { accountName: '李*', bankName: '中国工商银行', accountNo: '************0123' },
  insurerNote: '请补充门诊病历首页照片',
  canSend: true,
  sent: true,
  documents: [
    { code: 'record', name: '门诊病历', required: true },
    { code: 'invoice', name: '医疗费用发票', required: true },
  ],
  files: [{ id: 'f1', document: 'invoice', documentName: '医疗费用发票', contentType: 'image/jpeg', bytes: 412_000 }],
  history: [
    { status: 'reported', statusName: '已报案', at: '2026-12-05 10:00:00', note: null },
    { status: 'reviewing', statusName: '资料审核中', at: '2026-12-05 10:05:00', note: null },
    { status: 'needMore', statusName: '需补充资料', at: '2026-12-05 11:00:00', note: '请补充门诊病历首页照片' },
  ],
};

function gateway(claim: ClaimDetail) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = url.pathname.slice(GW.length);
    const data = path === fillPath(claimCalls.claimDetail.path, { claimNo: claim.claimNo }) ? claim : null;
    return new Response(JSON.stringify(data ? { code: '0000', msg: '', data } : { code: '5000', msg: path, data: null }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

beforeAll(() => {
  setUpAntdMobileForReact19();
  saveUser({ token: 't', refreshToken: 'r', expiresIn: 3600, userId: 'u1', userCode: 'U1', phone: '138****1111' } as never);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/claimDetail', () => {
  it('asks for the supplement in the insurer’s words, with an upload per document and 提交补充资料', async () => {
    vi.stubGlobal('fetch', gateway(CLAIM));
    renderInApp(<ClaimDetailScreen />, { at: `/claimDetail?claimNo=${CLAIM.claimNo}` });
    await waitFor(() => expect(screen.getByTestId('claim-status').getAttribute('data-status')).toBe('needMore'));
    expect(screen.getByText('保险公司说明：请补充门诊病历首页照片')).toBeTruthy();
    expect(screen.getByLabelText('上传门诊病历')).toBeTruthy();
    expect(screen.getByLabelText('上传医疗费用发票')).toBeTruthy();
    expect(screen.getByTestId('claim-document-record').textContent).toContain('尚未上传');
    expect(screen.getByTestId('claim-document-invoice').textContent).toContain('第1张 · 402 KB');
    expect(screen.getByRole('button', { name: '提交补充资料' })).toBeTruthy();
    expect(screen.getByTestId('claim-timeline').textContent).toContain('需补充资料：请补充门诊病历首页照片');
  });

  it('shows a closed claim’s amount and offers no upload', async () => {
    vi.stubGlobal('fetch', gateway({ ...CLAIM, status: 'closed', statusName: '已结案', amount: 326.5, insurerNote: null, canSend: false }));
    renderInApp(<ClaimDetailScreen />, { at: `/claimDetail?claimNo=${CLAIM.claimNo}` });
    await waitFor(() => expect(screen.getByText('赔付金额 ¥326.50')).toBeTruthy());
    expect(screen.queryByLabelText('上传门诊病历')).toBeNull();
    expect(screen.queryByRole('button', { name: '提交补充资料' })).toBeNull();
  });
});

/** Typed calls of claims (理赔报案, src/contract/claims.ts). */
import { claimCalls, type ReportClaimBody } from '../../../../contract/claims.ts';
import { fillPath, GW } from '../../../../contract/define-call.ts';
import { call } from '../../../shared/api/client.ts';
import { documentHeaders } from '../../../shared/state/session.ts';

export const claimApi = {
  options: (policyNo: string) => call(claimCalls.claimOptions, { query: { policyNo } }, { thing: '报案信息', silent: true }),
  report: (body: ReportClaimBody) => call(claimCalls.reportClaim, { body }, { thing: '报案' }),
  addFile: (claimNo: string, document: string, file: Blob, filename: string) => {
    const form = new FormData();
    form.append('document', document);
    form.append('file', file, filename);
    return call(claimCalls.addClaimFile, { params: { claimNo }, body: form }, { thing: '上传图片' });
  },
  /** A photo's bytes as stored (an image answer, not an envelope, so fetched directly with the user's token). */
  async photo(claimNo: string, fileId: string): Promise<Blob> {
    const res = await fetch(GW + fillPath(claimCalls.claimFile.path, { claimNo, fileId }), { headers: documentHeaders(), cache: 'no-store' });
    if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) throw new Error('photo unavailable');
    return res.blob();
  },
  removeFile: (claimNo: string, fileId: string) => call(claimCalls.removeClaimFile, { params: { claimNo, fileId } }, { thing: '删除图片' }),
  send: (claimNo: string) => call(claimCalls.sendClaim, { params: { claimNo } }, { thing: '提交理赔' }),
  list: () => call(claimCalls.claimList, {}, { thing: '理赔记录', silent: true }),
  detail: (claimNo: string) => call(claimCalls.claimDetail, { params: { claimNo } }, { thing: '理赔详情', silent: true }),
};

/** Typed calls of the policy pages, the lifecycle, renewal and drafts (src/contract/policy.ts). */
import {
  fillPath,
  paths,
  RESUB_HEADER,
  type AppDetail,
  type DraftForm,
  type EndorsResult,
  type InsuredExtend,
  type LiabilityDetail,
  type OrderCharge,
  type PolicyList,
  type PolicyListBody,
  type RenewalList,
  type RenewalListBody,
  type RenewalProducts,
  type StatusCounts,
  type TempFormList,
} from '../../contract/index.ts';
import { callPath, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/** Spec §8: the draft calls' failure messages. */
export const MSG_DRAFT_CALL_FAILED = '接口调用失败';
export const MSG_DRAFT_DELETE_FAILED = '删除失败';

export const policyApi = {
  countByStatus: (o?: Silent) => callPath<StatusCounts>('GET', paths.countAppNumByStatus, { thing: '保单数量', ...o }),
  applications: (body: PolicyListBody, o?: Silent) =>
    callPath<PolicyList>('POST', paths.searchWxbAppList, { body, thing: '投保单列表', ...o }),
  orderCharge: (orderCode: string, o?: Silent) =>
    callPath<OrderCharge>('POST', paths.searchOrderCharge, { body: { orderCode }, thing: '订单费用', ...o }),
  cancelOrder: (orderCode: string) =>
    callPath<{ status: string }>('POST', paths.cancelOrder, { body: { orderCode }, thing: '取消订单' }),
  deleteOrder: (orderCode: string) => callPath<null>('POST', paths.deleteOrder, { body: { orderCode }, thing: '删除订单' }),
  appDetail: (applicationFormCode: string, o?: Silent) =>
    callPath<AppDetail>('POST', paths.searchAppDetailPro, { body: { applicationFormCode }, thing: '保单详情', ...o }),
  insuredExtend: (applicationFormCode: string, o?: Silent) =>
    callPath<InsuredExtend>('POST', paths.insuredExtend, { body: { applicationFormCode }, thing: '被保人信息', ...o }),
  liability: (policyNo: string, o?: Silent) =>
    callPath<LiabilityDetail>('GET', paths.liabilityPolDetail, { query: { policyNo }, thing: '保障责任', ...o }),
  surrender: (policyNo: string, resubToken: string, reason?: string) =>
    callPath<EndorsResult>('POST', paths.submitEndors, {
      body: { policyNo, endorType: 'surrender', ...(reason ? { reason } : {}) },
      headers: { [RESUB_HEADER]: resubToken },
      thing: '退保',
    }),
  renewalList: (body: RenewalListBody, o?: Silent) =>
    callPath<RenewalList>('POST', paths.selectRenewalList, { body, thing: '续保列表', ...o }),
  renewalProducts: (o?: Silent) => callPath<RenewalProducts>('GET', paths.renewalProducts, { thing: '续保产品', ...o }),
  saveDraft: (body: { tempSerialNo?: string; productCode: string; form: DraftForm }) =>
    callPath<{ tempSerialNo: string; updatedAt: string }>('POST', paths.saveTempForm, { body, thing: MSG_DRAFT_CALL_FAILED, silent: true }),
  drafts: (body: { tempSerialNo?: string; productCode?: string } = {}) =>
    callPath<TempFormList>('POST', paths.selectTempForm, { body, silent: true }),
  deleteDraft: (serial: string) => callPath<null>('POST', fillPath(paths.deleteTempForm, { serial }), { body: {}, silent: true }),
};

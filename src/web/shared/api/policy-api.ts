/** Typed calls of the policy pages, the lifecycle, renewal and drafts (src/contract/policy.ts). */
import { RESUB_HEADER } from '../../../contract/define-call.ts';
import { policyCalls, type DraftForm, type PolicyListBody, type RenewalListBody } from '../../../contract/index.ts';
import { otherCalls } from '../../../contract/other-calls.ts';
import { call, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/** Spec §8: the draft calls' failure messages. */
export const MSG_DRAFT_CALL_FAILED = '接口调用失败';
export const MSG_DRAFT_DELETE_FAILED = '删除失败';

export const policyApi = {
  countByStatus: (o?: Silent) => call(policyCalls.countAppNumByStatus, {}, { thing: '保单数量', ...o }),
  applications: (body: PolicyListBody, o?: Silent) => call(policyCalls.searchWxbAppList, { body }, { thing: '投保单列表', ...o }),
  orderCharge: (orderCode: string, o?: Silent) => call(policyCalls.searchOrderCharge, { body: { orderCode } }, { thing: '订单费用', ...o }),
  cancelOrder: (orderCode: string) => call(policyCalls.cancelOrder, { body: { orderCode } }, { thing: '取消订单' }),
  deleteOrder: (orderCode: string) => call(policyCalls.deleteOrder, { body: { orderCode } }, { thing: '删除订单' }),
  appDetail: (applicationFormCode: string, o?: Silent) =>
    call(policyCalls.searchAppDetailPro, { body: { applicationFormCode } }, { thing: '保单详情', ...o }),
  insuredExtend: (applicationFormCode: string, o?: Silent) =>
    call(policyCalls.insuredExtend, { body: { applicationFormCode } }, { thing: '被保人信息', ...o }),
  /** Mails the e-policy PDF of an issued policy (5 an hour per user, 3 a day per policy). */
  mailEPolicy: (policyNo: string, email: string) => call(otherCalls.sendEmail, { query: { type: '99' }, body: { policyNo, email } }, { thing: '发送电子保单' }),
  liability: (policyNo: string, o?: Silent) => call(policyCalls.liabilityPolDetail, { query: { policyNo } }, { thing: '保障责任', ...o }),
  surrender: (policyNo: string, resubToken: string, reason?: string) =>
    call(
      policyCalls.submitEndors,
      { body: { policyNo, endorType: 'surrender', ...(reason ? { reason } : {}) } },
      { headers: { [RESUB_HEADER]: resubToken }, thing: '退保' },
    ),
  renewalList: (body: RenewalListBody, o?: Silent) => call(policyCalls.selectRenewalList, { body }, { thing: '续保列表', ...o }),
  renewalForm: (applicationFormCode: string) => call(policyCalls.renewalForm, { body: { applicationFormCode } }, { silent: true }),
  renewalProducts: (o?: Silent) => call(policyCalls.renewalProducts, {}, { thing: '续保产品', ...o }),
  saveDraft: (body: { tempSerialNo?: string; productCode: string; form: DraftForm }) =>
    call(policyCalls.saveTempForm, { body }, { thing: MSG_DRAFT_CALL_FAILED, silent: true }),
  drafts: (body: { tempSerialNo?: string; productCode?: string } = {}) => call(policyCalls.selectTempForm, { body }, { silent: true }),
  deleteDraft: (serial: string) => call(policyCalls.deleteTempForm, { params: { serial } }, { silent: true }),
};

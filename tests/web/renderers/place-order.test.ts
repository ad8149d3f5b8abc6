/**
 * Placing the order (spec §4 "Confirm and order flow" steps 2-4, spec §8
 * messages), with the calls faked. The serial is kept by the real
 * orderSerialFor over an in-memory local storage, as on the page.
 */
import { memoryStorage } from '../state/memory-storage.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RepeatInsuranceBody, SavePayOutBody, SubmitOrderBody, SubmitOrderResult } from '../../../src/contract/order.ts';
import type { InsureDraftLike, PlanChoice } from '../../../src/engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { makeIdCard } from '../../../src/engine/rules/id-card.ts';
import { ApiError } from '../../../src/web/shared/api/client.ts';
import { buildConfirmModel } from '../../../src/web/features/insure/renderers/confirm/confirm-model.ts';
import {
  applicationForm,
  duplicateMessage,
  paymentPath,
  placeOrder,
  renewalTerms,
  type OrderInput,
  type PlaceOrderDeps,
} from '../../../src/web/features/insure/renderers/confirm/place-order.ts';
import { clearAfterOrder, orderSerialFor } from '../../../src/web/features/insure/state/insure-flow.ts';
import { guardian, guardianDraft, jining, jiningDraft, NOW, seriousIllness, seriousIllnessDraft, START_DATE, xuzhou, xuzhouDraft } from './fixtures.ts';

const ORDER_FAILED = '投保失败未生成订单,请稍后重试!';

function created(code = 'ORD0001', formCode = 'AF0001', amount = 30): SubmitOrderResult {
  return { body: { order: { code, amount }, applicationForms: [{ information: { applicationFormCode: formCode } }] } };
}

/** The confirm page's order input for a product and draft. */
function orderInput(manifest: ProductManifest, model = buildConfirmModel(manifest, draftOf(manifest), choiceOf(manifest), null, NOW)): OrderInput {
  return { manifest, application: model.application, startDate: model.startDate, endDate: model.endDate, promoCode: '', premium: model.premium, now: NOW };
}

const USER = { userCode: 'U0001', branchCode: 'JT0132', branchName: '江苏分公司', schanelCode: '05' };

function draftOf(manifest: ProductManifest): InsureDraftLike {
  if (manifest === guardian) return guardianDraft();
  if (manifest === jining) return jiningDraft();
  return xuzhouDraft('N');
}

function choiceOf(manifest: ProductManifest): PlanChoice {
  if (manifest === xuzhou) return { planCode: 'XZ25-SJ', copies: 1, factors: { socialSecurity: 'Y' } };
  return { planCode: manifest.plans[0].code, copies: 1, factors: {} };
}

/** Fake calls that record what the flow sent, in order. */
function fakeDeps(options: { repeat?: (body: RepeatInsuranceBody) => boolean | null; submit?: () => Promise<SubmitOrderResult | null> } = {}) {
  const log: string[] = [];
  const repeatBodies: RepeatInsuranceBody[] = [];
  const submitted: { body: SubmitOrderBody; token: string }[] = [];
  const payOuts: SavePayOutBody[] = [];
  let serials = 0;
  let tokens = 0;
  const fetchSerial = vi.fn(async () => `SERIAL-${String(++serials).padStart(4, '0')}`);
  const deps: PlaceOrderDeps = {
    repeatInsurance: async (body) => {
      log.push('repeatInsurance');
      repeatBodies.push(body);
      const repeat = options.repeat ? options.repeat(body) : false;
      return repeat === null ? null : { repeat };
    },
    serialFor: (fingerprint) => {
      log.push('serial');
      return orderSerialFor(fingerprint, fetchSerial);
    },
    resubToken: async () => {
      log.push('resubToken');
      return `TOKEN-${++tokens}`;
    },
    submitOrder: async (body, token) => {
      log.push('submitOrder');
      submitted.push({ body, token });
      return options.submit ? options.submit() : created();
    },
    savePayOut: async (body) => {
      log.push('savePayOut');
      payOuts.push(body);
      return null;
    },
    onSubmitting: () => log.push('onSubmitting'),
  };
  return { deps, log, repeatBodies, submitted, payOuts, fetchSerial };
}

beforeEach(() => {
  memoryStorage.clear();
});

describe('placeOrder: repeat insurance (spec §4.2)', () => {
  it('checks every insured of a product that does not skip the check, with the cover start day, bound to the serial and form it orders', async () => {
    const fake = fakeDeps();
    const outcome = await placeOrder(orderInput(jining), fake.deps);
    expect(outcome.kind).toBe('created');
    const form = fake.submitted[0]?.body.applicationForms[0];
    expect(fake.repeatBodies).toEqual([
      {
        cardId: '370811201602290648',
        cardType: '0',
        productCode: '22PR370800',
        channelCode: 'edu',
        startDate: '2025-06-02',
        idempotentSerialNo: fake.submitted[0]?.body.idempotentSerialNo,
        applicationForm: form,
      },
    ]);
    expect(fake.log.indexOf('serial')).toBeLessThan(fake.log.indexOf('repeatInsurance'));
    expect(fake.log.indexOf('repeatInsurance')).toBeLessThan(fake.log.indexOf('submitOrder'));
  });

  it('stops at a duplicate insured, names them, and orders nothing', async () => {
    const fake = fakeDeps({ repeat: () => true });
    const outcome = await placeOrder(orderInput(xuzhou), fake.deps);
    expect(outcome).toEqual({ kind: 'duplicate', name: '张小雨' });
    if (outcome.kind !== 'duplicate') throw new Error('expected a duplicate');
    expect(duplicateMessage(outcome.name)).toBe(
      '被保险人：张小雨 已投保该产品，请您到个人中心查看是否有未支付、待起保或保障中的投保单。',
    );
    expect(fake.log).toEqual(['serial', 'repeatInsurance']);
    expect(fake.submitted).toEqual([]);
    expect(fake.payOuts).toEqual([]);
  });

  it('names the insured who is already insured when there are several', async () => {
    const input = orderInput(xuzhou);
    const first = input.application.insureds[0];
    if (!first) throw new Error('fixture has an insured');
    const second = { ...first, name: '张小雪', licenceNo: makeIdCard('320302', '2016-09-01', '028') };
    const fake = fakeDeps({ repeat: (body) => body.cardId === second.licenceNo });
    const outcome = await placeOrder({ ...input, application: { ...input.application, insureds: [first, second] } }, fake.deps);
    expect(outcome).toEqual({ kind: 'duplicate', name: '张小雪' });
    expect(fake.repeatBodies.map((b) => b.cardId)).toEqual(['32030220140620042X', second.licenceNo]);
  });

  it('goes on when the check answers nothing', async () => {
    const fake = fakeDeps({ repeat: () => null });
    expect((await placeOrder(orderInput(xuzhou), fake.deps)).kind).toBe('created');
  });

  it('skips the check for a product whose manifest says skipRepeatCheck (关爱宝)', async () => {
    expect(guardian.order.skipRepeatCheck).toBe(true);
    const fake = fakeDeps({ repeat: () => true });
    const outcome = await placeOrder(orderInput(guardian), fake.deps);
    expect(outcome.kind).toBe('created');
    expect(fake.repeatBodies).toEqual([]);
  });
});

describe('placeOrder: submitting (spec §4.3)', () => {
  it('takes a serial and a resubmit token, announces the submission, then submits once', async () => {
    const fake = fakeDeps();
    await placeOrder(orderInput(guardian), fake.deps);
    expect(fake.log).toEqual(['serial', 'resubToken', 'onSubmitting', 'submitOrder', 'savePayOut']);
    expect(fake.submitted).toHaveLength(1);
    expect(fake.submitted[0]?.token).toBe('TOKEN-1');
    expect(fake.submitted[0]?.body.idempotentSerialNo).toBe('SERIAL-0001');
  });

  it('sends source 01, entry type 00 and the whole application form of spec §3 (guardian product, renewing)', async () => {
    const fake = fakeDeps();
    await placeOrder({ ...orderInput(guardian), promoCode: 'P001', user: USER, renewal: { renewalTimes: 2, policyNo: 'P21PR0003160001' } }, fake.deps);
    expect(fake.submitted[0]?.body).toEqual({
      source: '01',
      entryType: '00',
      idempotentSerialNo: 'SERIAL-0001',
      applicationForms: [{
        "productCode": "21PR000316",
        "planCode": "GAB-A",
        "copies": 1,
        "factors": {},
        "policyHolder": {
          "name": "张伟",
          "licenceType": "0",
          "licenceNo": "320302198503120312",
          "phone": "13812345678",
          "sex": "0",
          "birthday": "1985-03-12",
          "type": "01",
          "holderCode": "U0001"
        },
        "insureds": [
          {
            "relaToHolder": "00",
            "isHolder": "Y",
            "name": "张伟",
            "licenceType": "0",
            "licenceNo": "320302198503120312",
            "sex": "0",
            "birthday": "1985-03-12",
            "bnfyOption": "01"
          }
        ],
        "applicationType": "00",
        "startDate": "2025-06-02 00:00:00",
        "endDate": "2026-06-01 23:59:59",
        "projectCode": "GAB2025",
        "projectName": "关爱宝监护人保障项目",
        "productName": "关爱宝监护人责任保险",
        "branchCode": "JT0132",
        "branchName": "江苏分公司",
        "channelType": "02",
        "channalCode": "edu",
        "productType": "00",
        "policyKind": "00",
        "isRenewal": "Y",
        "renewalTimes": 3,
        "renewalLastPolicyNo": "P21PR0003160001",
        "term": "1",
        "insuranceCompanies": [
          {
            "name": "中华联合财产保险股份有限公司",
            "partyRole": 1
          }
        ],
        "schanelCode": "05",
        "risk": [
          {
            "riskCode": "3101",
            "riskName": "监护人责任保险"
          },
          {
            "riskCode": "3102",
            "riskName": "附加监护人意外伤害保险"
          }
        ],
        "agents": [],
        "plan": [
          {
            "code": "GAB-A",
            "quantity": 1,
            "name": "关爱宝",
            "prem": 30
          }
        ],
        "wards": [
          {
            "relaToHolder": "03",
            "name": "张小雨",
            "licenceType": "0",
            "licenceNo": "32030220140620042X",
            "phone": "13912345678"
          }
        ],
        "promoCode": "P001",
        "totalPremium": 30
      }],
    });
    expect(fake.payOuts).toEqual([
      { applicationFormCode: 'AF0001', productCode: '21PR000316', startTime: START_DATE, holderCode: 'U0001', isRenewal: 'Y' },
    ]);
  });

  it("puts the product's fixed agent on the form, with the default branch when the user has none", async () => {
    const withAgent: ProductManifest = { ...guardian, order: { ...guardian.order, fixedAgent: { agentCode: 'JT0137080026', agentName: '孔祥瑞' } } };
    const form = applicationForm({ ...orderInput(guardian), manifest: withAgent, user: null });
    expect(form).toMatchObject({
      branchCode: 'JT0144001',
      agents: [{ agentCode: 'JT0137080026', agentName: '孔祥瑞', branchCode: 'JT0144001', portion: 1 }],
      isRenewal: 'N',
    });
    expect(form).not.toHaveProperty('branchName');
    expect(form).not.toHaveProperty('renewalTimes');
  });

  it('sends the guarantee years the parent chose, and none for a product with one term', async () => {
    const fake = fakeDeps();
    const model = buildConfirmModel(seriousIllness, seriousIllnessDraft(), { planCode: 'HTZJ-20', copies: 1, factors: {}, insureYear: 3 }, null, NOW);
    await placeOrder(orderInput(seriousIllness, model), fake.deps);
    expect(fake.submitted[0]?.body.applicationForms[0]).toMatchObject({ productCode: '20PR416508', insureYear: 3, totalPremium: 648 });
    const oneTerm = fakeDeps();
    await placeOrder(orderInput(xuzhou), oneTerm.deps);
    expect(oneTerm.submitted[0]?.body.applicationForms[0]).not.toHaveProperty('insureYear');
  });

  it('sends the premium the page showed (Xuzhou 升级版 without social insurance: 120)', async () => {
    const fake = fakeDeps();
    await placeOrder(orderInput(xuzhou), fake.deps);
    const form = fake.submitted[0]?.body.applicationForms[0];
    expect(form?.totalPremium).toBe(120);
    expect(form?.planCode).toBe('XZ25-SJ');
    expect(form?.insureds[0]?.socialMedicalInsurance).toBe('N');
    expect(form?.wards).toBeUndefined();
  });

  it('creates the order and saves the pay-out record of its application form', async () => {
    const fake = fakeDeps({ submit: async () => created('ORD20250601', 'AF20250601', 120) });
    const outcome = await placeOrder(orderInput(xuzhou), fake.deps);
    expect(outcome).toEqual({ kind: 'created', orderCode: 'ORD20250601', applicationFormCode: 'AF20250601', amount: 120 });
    expect(fake.payOuts).toEqual([
      { applicationFormCode: 'AF20250601', productCode: '25PR320300', startTime: START_DATE, isRenewal: 'N' },
    ]);
  });

  it('keeps the order when saving the pay-out record fails', async () => {
    const fake = fakeDeps();
    fake.deps.savePayOut = async () => {
      throw new ApiError('5000', '服务异常');
    };
    const outcome = await placeOrder(orderInput(guardian), fake.deps);
    expect(outcome).toEqual({ kind: 'created', orderCode: 'ORD0001', applicationFormCode: 'AF0001', amount: 30 });
  });
});

describe('placeOrder: a refused order (spec §8)', () => {
  it('shows the server message of a business refusal', async () => {
    const fake = fakeDeps({
      submit: async () => {
        throw new ApiError('4001', '被保人年龄须在3-25周岁之间');
      },
    });
    expect(await placeOrder(orderInput(xuzhou), fake.deps)).toEqual({ kind: 'failed', message: '被保人年龄须在3-25周岁之间' });
    expect(fake.payOuts).toEqual([]);
  });

  it('shows 投保失败未生成订单,请稍后重试! when the server said nothing useful', async () => {
    const failures: unknown[] = [
      new ApiError('HTTP_502', 'Failed to get data'),
      new ApiError('4001', 'Failed to get order'),
      new ApiError('4001', ''),
      new ApiError('NETWORK', '网络异常，请稍后重试'),
      new ApiError('TIMEOUT', '网络请求超时，请检查网络连接后重试'),
      new TypeError('fetch failed'),
    ];
    for (const failure of failures) {
      const fake = fakeDeps({ submit: () => Promise.reject(failure) });
      expect(await placeOrder(orderInput(xuzhou), fake.deps)).toEqual({ kind: 'failed', message: ORDER_FAILED });
    }
  });

  it('shows 投保失败未生成订单,请稍后重试! when the answer has no order or no application form', async () => {
    const answers: (SubmitOrderResult | null)[] = [
      null,
      { body: { order: { code: 'ORD1', amount: 30 }, applicationForms: [] } },
    ];
    for (const answer of answers) {
      const fake = fakeDeps({ submit: async () => answer });
      expect(await placeOrder(orderInput(guardian), fake.deps)).toEqual({ kind: 'failed', message: ORDER_FAILED });
      expect(fake.payOuts).toEqual([]);
    }
  });

  it('retries with the same serial and a fresh resubmit token, so the server creates the order at most once', async () => {
    let attempt = 0;
    const fake = fakeDeps({
      submit: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError('HTTP_502', 'Failed to get data');
        return created();
      },
    });
    const input = orderInput(guardian);
    expect((await placeOrder(input, fake.deps)).kind).toBe('failed');
    expect((await placeOrder(input, fake.deps)).kind).toBe('created');

    expect(fake.submitted.map((s) => s.body.idempotentSerialNo)).toEqual(['SERIAL-0001', 'SERIAL-0001']);
    expect(fake.submitted.map((s) => s.token)).toEqual(['TOKEN-1', 'TOKEN-2']);
    expect(fake.fetchSerial).toHaveBeenCalledTimes(1);
  });

  it('takes a new serial when the application changed between attempts', async () => {
    const fake = fakeDeps({ submit: () => Promise.reject(new ApiError('4001', '请完善投保信息!')) });
    const input = orderInput(guardian);
    await placeOrder(input, fake.deps);
    await placeOrder({ ...input, application: { ...input.application, copies: 2 } }, fake.deps);
    expect(fake.submitted.map((s) => s.body.idempotentSerialNo)).toEqual(['SERIAL-0001', 'SERIAL-0002']);
  });

  it('takes a new serial for the next order once the previous one was created and cleared', async () => {
    const fake = fakeDeps();
    const input = orderInput(guardian);
    await placeOrder(input, fake.deps);
    clearAfterOrder();
    await placeOrder(input, fake.deps);
    expect(fake.submitted.map((s) => s.body.idempotentSerialNo)).toEqual(['SERIAL-0001', 'SERIAL-0002']);
  });

  it('rejects without submitting when the serial or the token cannot be had (the API client toasted why)', async () => {
    const noSerial = fakeDeps();
    noSerial.deps.serialFor = () => Promise.reject(new ApiError('5000', '服务异常'));
    await expect(placeOrder(orderInput(guardian), noSerial.deps)).rejects.toThrow('服务异常');
    expect(noSerial.submitted).toEqual([]);

    const noToken = fakeDeps();
    noToken.deps.resubToken = () => Promise.reject(new ApiError('5000', '服务异常'));
    await expect(placeOrder(orderInput(guardian), noToken.deps)).rejects.toThrow('服务异常');
    expect(noToken.submitted).toEqual([]);
    expect(noToken.log).not.toContain('onSubmitting');
  });
});

describe('renewalTerms (spec §4 Renewal)', () => {
  it('is not a renewal without stored renewal data', () => {
    expect(renewalTerms(null)).toEqual({ isRenewal: 'N' });
  });
  it('counts the prior renewals plus one, 1 when none, and carries the last policy number', () => {
    expect(renewalTerms({ policyNo: 'P1' })).toEqual({ isRenewal: 'Y', renewalTimes: 1, renewalLastPolicyNo: 'P1' });
    expect(renewalTerms({ renewalTimes: 0, policyNo: 'P1' })).toEqual({ isRenewal: 'Y', renewalTimes: 1, renewalLastPolicyNo: 'P1' });
    expect(renewalTerms({ renewalTimes: '4', renewalLastPolicyNo: 'P9' })).toEqual({ isRenewal: 'Y', renewalTimes: 5, renewalLastPolicyNo: 'P9' });
    expect(renewalTerms({ renewalTimes: 'x' })).toEqual({ isRenewal: 'Y', renewalTimes: 1 });
  });
});

describe('applicationForm', () => {
  it('leaves out an empty promo code and an unknown premium', () => {
    const form = applicationForm({ ...orderInput(guardian), promoCode: '', premium: null });
    expect(form).not.toHaveProperty('promoCode');
    expect(form).not.toHaveProperty('totalPremium');
  });
});

describe('paymentPath (spec §4.4)', () => {
  const order = { orderCode: 'ORD20250601', applicationFormCode: 'AF20250601', amount: 30 };

  function parse(path: string) {
    const [pathname, query = ''] = path.split('?');
    return { pathname, query: Object.fromEntries(new URLSearchParams(query)) };
  }

  it('sends a fee-collected product to /payoff with the order, form, product and amount in yuan', () => {
    expect(guardian.order.feeCollection).toBe('Y');
    expect(parse(paymentPath(guardian, order))).toEqual({
      pathname: '/payoff',
      query: { orderCode: 'ORD20250601', applicationFormCode: 'AF20250601', productCode: '21PR000316', amount: '30.00' },
    });
    expect(parse(paymentPath(xuzhou, { ...order, amount: 120 })).query.amount).toBe('120.00');
    expect(parse(paymentPath(xuzhou, { ...order, amount: 99.5 })).query.amount).toBe('99.50');
  });

  it('sends a product that is not fee-collected straight to /paySuccess', () => {
    const free: ProductManifest = { ...guardian, order: { ...guardian.order, feeCollection: 'N' } };
    expect(parse(paymentPath(free, order))).toEqual({
      pathname: '/paySuccess',
      query: { orderCode: 'ORD20250601', productCode: '21PR000316', applicationFormCode: 'AF20250601' },
    });
  });
});

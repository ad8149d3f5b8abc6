import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, TokenPair, UserRecord } from '../../src/contract/auth.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { OrderDetail, PayUrl, PolicyList, RepeatInsuranceResult, ResubToken, Serial, SubmitOrderResult, orderCalls } from '../../src/contract/order.ts';
import { ProductDisplay, ProductList, QuoteResult } from '../../src/contract/product.ts';
import { productCalls } from '../../src/contract/product-calls.ts';
import { call, getSerial, login, makeTestApp, payUrlOf, postOrder, repeatCheck, type TestApp, validApplication, XUZHOU } from './helpers.ts';
import { paymentCalls } from '../../src/contract/payment.ts';

/** Every success answer must be the contract's envelope around the contract's data schema. */
function expectShape(schema: TSchema, body: unknown): void {
  const envelope = Envelope(schema);
  const errors = [...Value.Errors(envelope, body)].map((e) => `${e.path} ${e.message}`);
  expect(errors).toEqual([]);
  expect((body as { code: string }).code).toBe('0000');
}

describe('responses follow the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('for log-in and refresh', async () => {
    const phone = '13700001234';
    await call(t.app, { method: 'GET', url: `${authCalls.regMsg.path}?phoneNum=${phone}` });
    const { body: sms } = await call<{ code: string }>(t.app, { method: 'GET', url: `${authCalls.devSmsLatest.path}?phoneNum=${phone}` });
    const { body } = await call<{ refreshToken: string }>(t.app, {
      method: 'POST',
      url: authCalls.registerAndLogin.path,
      payload: { phoneNum: phone, smsVerificationCode: sms.data?.code },
    });
    expectShape(UserRecord, body);
    const refreshed = await call(t.app, { method: 'POST', url: authCalls.refreshToken.path, payload: { refreshToken: body.data?.refreshToken } });
    expectShape(TokenPair, refreshed.body);
  });

  it('for the catalogue', async () => {
    expectShape(ProductList, (await call(t.app, { method: 'POST', url: productCalls.productList.path, payload: {} })).body);
    expectShape(ProductDisplay, (await call(t.app, { method: 'GET', url: `${productCalls.productDisplay.path}?productCode=${XUZHOU}` })).body);
    const quote = await call(t.app, { method: 'POST', url: productCalls.calPremiums.path, payload: [{ productCode: XUZHOU, insuranceVOS: [{ programCode: 'XZ25-JC' }] }] });
    expectShape(QuoteResult, quote.body);
  });

  it('for the order flow', async () => {
    const { token } = await login(t.app);
    expectShape(Serial, (await call(t.app, { method: 'GET', url: orderCalls.serial.path, token })).body);
    expectShape(ResubToken, (await call(t.app, { method: 'GET', url: orderCalls.resubToken.path, token })).body);
    const form = validApplication(XUZHOU);
    const repeat = await repeatCheck(t.app, token, form);
    expectShape(RepeatInsuranceResult, repeat.body);
    const submitted = await postOrder(t.app, token, { serial: await getSerial(t.app, token), form });
    expectShape(SubmitOrderResult, submitted.body);
    const orderCode = submitted.body.data!.body.order.code;
    const formCode = submitted.body.data!.body.applicationForms[0]!.information.applicationFormCode;
    expectShape(OrderDetail, (await call(t.app, { method: 'POST', url: orderCalls.orderDetail.path, token, payload: { orderCode } })).body);
    expectShape(PayUrl, (await call(t.app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${formCode}`, token })).body);
    expect(await payUrlOf(t.app, token, formCode)).toContain('tradeNo=');
    expectShape(PolicyList, (await call(t.app, { method: 'POST', url: orderCalls.policyList.path, token, payload: {} })).body);
  });
});

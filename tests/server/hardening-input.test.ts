/**
 * Input the database cannot take never reaches it: every case here would be a
 * database error (HTTP 500) without the central guard (src/server/http/validation.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, call, getResubToken, getSerial, login, makeTestApp, postOrder, type TestApp, validApplication, XUZHOU } from './helpers.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { schoolCalls } from '../../src/contract/school.ts';
import { productCalls } from '../../src/contract/product-calls.ts';
import { authCalls } from '../../src/contract/auth.ts';
import { isDataError } from '../../src/server/http/error-handler.ts';

describe.each(backends)('hostile input never reaches the database (%s)', (backend) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await makeTestApp({ backend });
    token = (await login(t.app)).token;
  });
  afterAll(() => t.close());

  const expect4000 = (result: { status: number; body: { code: string; msg: string } }, field: RegExp) => {
    expect({ status: result.status, code: result.body.code }).toEqual({ status: 400, code: '4000' });
    expect(result.body.msg).toMatch(field);
  };

  it('refuses a NUL byte in a body string, naming the field (searchOrderDetailForPro {"orderCode":"ED\\u0000"})', async () => {
    const result = await call(t.app, { method: 'POST', url: orderCalls.orderDetail.path, token, payload: { orderCode: 'ED\u0000' } });
    expect4000(result, /body\/orderCode/);
  });

  it('refuses an unpaired surrogate in a body string', async () => {
    const payload = `{"orderCode":"ED\\ud800x"}`;
    const result = await call(t.app, { method: 'POST', url: orderCalls.orderDetail.path, token, payload, headers: { 'content-type': 'application/json' } });
    expect4000(result, /body\/orderCode/);
  });

  it('refuses a NUL byte in a query string', async () => {
    const result = await call(t.app, { method: 'GET', url: `${schoolCalls.search.path}?areaCode=320300&name=a%00b` });
    expect4000(result, /querystring\/name/);
  });

  it('bounds an integer to its column (selectSchoolCollege?schoolId=99999999999999999999)', async () => {
    const result = await call(t.app, { method: 'GET', url: `${schoolCalls.colleges.path}?schoolId=99999999999999999999` });
    expect4000(result, /querystring\/schoolId/);
  });

  it('refuses Infinity, NaN and exponent forms in a query string', async () => {
    for (const value of ['Infinity', '-Infinity', 'NaN', '1e3', '0x10']) {
      const result = await call(t.app, { method: 'GET', url: `${schoolCalls.colleges.path}?schoolId=${value}` });
      expect4000(result, /querystring\/schoolId/);
    }
  });

  it('refuses exponent forms and overflowing numbers in a JSON body', async () => {
    for (const copies of ['1e0', '1E0', '1e400', '2.5e-1']) {
      const payload = `[{"productCode":"${XUZHOU}","buyCopies":${copies}}]`;
      const result = await call(t.app, { method: 'POST', url: productCalls.calPremiums.path, payload, headers: { 'content-type': 'application/json' } });
      expect({ copies, status: result.status, code: result.body.code }).toEqual({ copies, status: 400, code: '4000' });
      expect(result.body.msg).toMatch(/指数|Infinity/);
    }
  });

  it('refuses a NUL byte deep inside an order without spending the anti-resubmit token', async () => {
    const serial = await getSerial(t.app, token);
    const resubToken = await getResubToken(t.app, token);
    const form = validApplication(XUZHOU);
    const hostile = { ...form, insureds: form.insureds.map((p) => ({ ...p, name: `${p.name}\u0000` })) };
    const refused = await postOrder(t.app, token, { serial, form: hostile, resubToken });
    expect4000(refused, /body\/applicationForms\/0\/insureds\/0\/name/);
    const accepted = await postOrder(t.app, token, { serial, form, resubToken });
    expect({ status: accepted.status, code: accepted.body.code, msg: accepted.body.msg }).toMatchObject({ status: 200, code: '0000' });
  });

  it('does not spend the anti-resubmit token on a business refusal before the order step', async () => {
    const serial = await getSerial(t.app, token);
    const resubToken = await getResubToken(t.app, token);
    const form = validApplication(XUZHOU);
    const refused = await postOrder(t.app, token, { serial, form: { ...form, planCode: 'NOPLAN' }, resubToken });
    expect(refused.body.code).toBe('4001');
    const accepted = await postOrder(t.app, token, { serial, form, resubToken });
    expect(accepted.body.code).toBe('0000');
    // Spent now: the same token again is refused.
    const again = await postOrder(t.app, token, { serial: await getSerial(t.app, token), form: validApplication(XUZHOU), resubToken });
    expect(again.body.code).toBe('4009');
  });

  it('bounds a string the contract gives no maxLength (the imgcode header)', async () => {
    const result = await call(t.app, { method: 'GET', url: `${authCalls.vrifyKaptcha.path}?signcode=abcd`, headers: { imgcode: 'a'.repeat(2001) } });
    expect4000(result, /headers\/imgcode must NOT have more than 2000 characters/);
  });

  it('answers a malformed or overlong path with the 4000 envelope, not the router\'s own answer', async () => {
    for (const url of ['/_gw/edu-svc/resNew/productFile/%E0%A4%A/1', `/_gw/edu-svc/resNew/productFile/${'x'.repeat(600)}/1`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ status: response.statusCode, code: response.json<{ code: string }>().code }).toEqual({ status: 400, code: '4000' });
      expect(response.body).not.toContain('xxxxxxxx');
    }
  });

  it('answers 4000 when the database still refuses a value (a data error is the request, not the server)', () => {
    const pgError = Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    expect(isDataError(Object.assign(new Error('Failed query'), { cause: pgError }))).toBe(true);
    expect(isDataError(Object.assign(new Error('value too long for index'), { code: '54000' }))).toBe(true);
    expect(isDataError(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
  });
});

import * as Type from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineCall } from '../../src/contract/define-call.ts';
import { productCalls } from '../../src/contract/product-calls.ts';
import { maxJsonBytes } from '../../src/server/http/answer-size.ts';
import { answersStaySmall } from '../../src/server/http/route.ts';

const call = (data: Type.TSchema) => defineCall({ method: 'POST', path: '/x', summary: 'x', auth: 'public', data });

describe('answers known to stay below the compression threshold', () => {
  it('bounds what the serializer can write, never below a real answer', () => {
    const schema = Type.Object({ n: Type.Number(), s: Type.String({ maxLength: 3 }), b: Type.Boolean(), e: Type.Union([Type.Literal('甲'), Type.Null()]) });
    const longest = { n: -1.7976931348623157e308, s: '\u0001\u0002\u0003', b: false, e: '甲' };
    expect(maxJsonBytes(schema)).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(longest)));
  });

  it('leaves compression on wherever an answer may grow: open strings, unbounded lists, open objects, references', () => {
    for (const data of [
      Type.Object({ name: Type.String() }),
      Type.Array(Type.Number()),
      Type.Array(Type.String({ maxLength: 10 }), { maxItems: 100 }),
      Type.Record(Type.String(), Type.Number()),
      Type.Object({ page: Type.Object({ rows: Type.Array(Type.Object({ id: Type.Number() })) }) }),
      Type.Unsafe({ $ref: 'Other' }),
    ]) {
      expect(answersStaySmall(call(data))).toBe(false);
    }
    expect(answersStaySmall({ ...call(Type.Null()), raw: { 'text/html': Type.String() } })).toBe(false);
  });

  it('skips it for the quote, whose answer is one number', () => {
    expect(answersStaySmall(productCalls.calPremiums)).toBe(true);
    expect(answersStaySmall(call(Type.Object({ ok: Type.Boolean() })))).toBe(true);
  });
});

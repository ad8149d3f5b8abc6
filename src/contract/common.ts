import * as Type from '@sinclair/typebox';

/** 11-digit mainland mobile number; the engine's validatePhone gives the message. */
export const PhoneNum = Type.String({ minLength: 11, maxLength: 11, pattern: '^[0-9]{11}$' });
export const ProductCode = Type.String({ pattern: '^[0-9A-Z]{6,16}$' });
export const YesNo = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
export const DateString = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });
export const Empty = Type.Null();

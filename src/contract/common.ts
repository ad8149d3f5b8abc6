import * as Type from '@sinclair/typebox';
import { PHONE_LENGTH, PHONE_SHAPE_PATTERN } from '../engine/rules/phone.ts';

/** 11-digit mainland mobile number; the engine's validatePhone gives the message. */
export const PhoneNum = Type.String({ minLength: PHONE_LENGTH, maxLength: PHONE_LENGTH, pattern: PHONE_SHAPE_PATTERN });
export const ProductCode = Type.String({ pattern: '^[0-9A-Z]{6,16}$' });
export const YesNo = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
export const DateString = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });
export const Empty = Type.Null();

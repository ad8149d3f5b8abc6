import * as Type from '@sinclair/typebox';
import { defineCall } from './define-call.ts';

/** Calls about the API itself. */
export const metaCalls = {
  openapi: defineCall({
    method: 'GET',
    path: '/openapi.json',
    summary: 'This document: every /_gw call as OpenAPI 3.1, generated from the declarations in src/contract',
    auth: 'public',
    tag: 'meta',
    data: Type.Null(),
    raw: { 'application/json': Type.Object({ openapi: Type.String() }, { additionalProperties: true }) },
  }),
};

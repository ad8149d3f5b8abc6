import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ProductCode } from './common.ts';
import { defineCall } from './define-call.ts';

/**
 * Traceable sales (可回溯, issue 13): the recording of a sale is uploaded in
 * chunks, each compressed with pako and chained to the one before by SHA-256,
 * and the sale's key steps are tracked beside it. The compliance replay calls
 * are declared in compliance.ts.
 */

/** The serial of one recorded sale: 32 lowercase hex characters, random (knowing it is what lets a client append). */
export const RecordingSerial = Type.String({ pattern: '^[0-9a-f]{32}$' });
/** A SHA-256 in lowercase hex. */
export const Sha256Hex = Type.String({ pattern: '^[0-9a-f]{64}$' });
/** The hash the first chunk chains to. */
export const CHAIN_GENESIS = '0'.repeat(64);

/** The version of one page as the buyer saw it (issue 13 part 3). */
export const PageVersion = Type.Object(
  {
    /** The route shown, without personal query values (`/insure`, `/newProductDetail`). */
    route: Type.String({ minLength: 1, maxLength: 200 }),
    /** The web app's build id. */
    build: Type.String({ minLength: 1, maxLength: 64 }),
    productCode: Type.Optional(ProductCode),
    /** The content hash of the product's manifest as served at that moment. */
    manifestHash: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    /** Epoch milliseconds when the page was shown. */
    at: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type PageVersion = Static<typeof PageVersion>;

/** POST res-svc/res/v3/recording/start: opens a recording for a sale. */
export const RecordingStartBody = Type.Object(
  {
    productCode: Type.Optional(ProductCode),
    /** The route the sale started on. */
    entryRoute: Type.String({ minLength: 1, maxLength: 200 }),
    build: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type RecordingStartBody = Static<typeof RecordingStartBody>;
export const RecordingStarted = Type.Object({ serial: RecordingSerial });
export type RecordingStarted = Static<typeof RecordingStarted>;

/**
 * POST res-svc/res/v3/batchupload: one chunk of rrweb events. `data` is the
 * base64 of pako's deflate of the JSON array of events; `hash` is the
 * SHA-256 (hex) of the UTF-8 text `${prevHash}:${seq}:${data}`, and the
 * first chunk (seq 0) chains to CHAIN_GENESIS.
 */
export const RecordingChunkBody = Type.Object(
  {
    serial: RecordingSerial,
    seq: Type.Integer({ minimum: 0, maximum: 100_000 }),
    prevHash: Sha256Hex,
    hash: Sha256Hex,
    data: Type.String({ minLength: 1, maxLength: 1_000_000 }),
    eventCount: Type.Integer({ minimum: 0, maximum: 100_000 }),
    /** Epoch milliseconds of the chunk's first and last event. */
    firstAt: Type.Integer({ minimum: 0 }),
    lastAt: Type.Integer({ minimum: 0 }),
    /** Pages shown since the previous chunk, with their versions. */
    pages: Type.Array(PageVersion, { maxItems: 50 }),
    /** The recording's last chunk (the payment result was shown). */
    final: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RecordingChunkBody = Static<typeof RecordingChunkBody>;

export const ChunkReceipt = Type.Object({
  serial: RecordingSerial,
  seq: Type.Integer(),
  /** `stored` the first time, `duplicate` when the same chunk came again (nothing changed). */
  result: Type.Union([Type.Literal('stored'), Type.Literal('duplicate')]),
});
export type ChunkReceipt = Static<typeof ChunkReceipt>;

/** The key steps of a sale a reviewer sees beside the replay (issue 13 part 5). */
export const SALE_STEPS = ['pageEnter', 'clauseOpen', 'clauseReadEnd', 'allClausesRead', 'confirm', 'orderCreated', 'payResult'] as const;
export type SaleStep = (typeof SALE_STEPS)[number];

/** POST op-log/api/v1/op/ins: one key step of a recorded sale. */
export const SaleStepBody = Type.Object(
  {
    serial: RecordingSerial,
    step: Type.Union(SALE_STEPS.map((s) => Type.Literal(s))),
    /** Epoch milliseconds when it happened on the client. */
    at: Type.Integer({ minimum: 0 }),
    route: Type.String({ minLength: 1, maxLength: 200 }),
    productCode: Type.Optional(ProductCode),
    /** The clause opened or read (clause steps). */
    clauseName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** The order created (orderCreated, payResult): links the recording to the order; must be the caller's. */
    orderCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    /** payResult: 'success' | 'failure'. */
    result: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('failure')])),
  },
  { additionalProperties: false },
);
export type SaleStepBody = Static<typeof SaleStepBody>;

export const recordingCalls = {
  start: defineCall({
    method: 'POST',
    path: '/res-svc/res/v3/recording/start',
    summary: 'Opens the recording of a sale and returns its serial',
    auth: 'optional',
    body: RecordingStartBody,
    data: RecordingStarted,
  }),
  upload: defineCall({
    method: 'POST',
    path: '/res-svc/res/v3/batchupload',
    summary: 'Stores one hash-chained chunk of a sale’s recording (idempotent on serial and sequence)',
    auth: 'optional',
    body: RecordingChunkBody,
    data: ChunkReceipt,
  }),
  step: defineCall({
    method: 'POST',
    path: '/op-log/api/v1/op/ins',
    summary: 'Tracks one key step of a recorded sale',
    auth: 'optional',
    body: SaleStepBody,
    data: Type.Null(),
  }),
};

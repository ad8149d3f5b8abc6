import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ProductCode } from './common.ts';
import { defineCall } from './define-call.ts';

/**
 * Traceable sales (可回溯): the recording of a sale is uploaded in
 * chunks, each compressed with pako and chained to the one before by SHA-256,
 * and the sale's key steps are tracked beside it. The compliance replay calls
 * (complianceCalls) are declared below; the web app's buyer side imports only
 * recordingCalls.
 */

/** The serial of one recorded sale: 32 lowercase hex characters, random (knowing it is what lets a client append). */
// Owned by its user (policy.ts OWNED_KEYWORD, written out: importing policy.ts here would split chunks of the web app).
export const RecordingSerial = Type.String({ pattern: '^[0-9a-f]{32}$', 'x-owned': 'recording' });
/** A time in epoch milliseconds (beyond the 32-bit bound every undeclared integer gets). */
const EpochMs = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });
/** A SHA-256 in lowercase hex. */
export const Sha256Hex = Type.String({ pattern: '^[0-9a-f]{64}$' });
/** Upper bound of one chunk's base64 data (the recorder sends at about a tenth of it). */
export const CHUNK_MAX_BASE64 = 192 * 1024;
/** Upper bound of one chunk's events once inflated. */
export const CHUNK_MAX_INFLATED = 4 * 1024 * 1024;
/** The hash the first chunk chains to. */
export const CHAIN_GENESIS = '0'.repeat(64);

/** The version of one page as the buyer saw it. */
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
    at: EpochMs,
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
    data: Type.String({ minLength: 4, maxLength: 250_000 }),
    eventCount: Type.Integer({ minimum: 0, maximum: 100_000 }),
    /** Epoch milliseconds of the chunk's first and last event. */
    firstAt: EpochMs,
    lastAt: EpochMs,
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

/** The key steps of a sale a reviewer sees beside the replay. */
export const SALE_STEPS = ['pageEnter', 'clauseOpen', 'clauseReadEnd', 'allClausesRead', 'confirm', 'orderCreated', 'payResult'] as const;
export type SaleStep = (typeof SALE_STEPS)[number];

/** POST op-log/api/v1/op/ins: one key step of a recorded sale. */
export const SaleStepBody = Type.Object(
  {
    serial: RecordingSerial,
    // An enum over the list itself (no `.map` at module level: the web bundle drops this schema).
    step: Type.Unsafe<SaleStep>({ type: 'string', enum: SALE_STEPS }),
    /** Epoch milliseconds when it happened on the client. */
    at: EpochMs,
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

/**
 * The recorder's paths, also as plain constants: the web recorder posts with
 * `fetch` (no toasts, keepalive on page hide) and importing these keeps the
 * schemas out of its chunk.
 */
export const RECORDING_PATHS = {
  start: '/res-svc/res/v3/recording/start',
  upload: '/res-svc/res/v3/batchupload',
  step: '/op-log/api/v1/op/ins',
} as const;

export const recordingCalls = {
  start: defineCall({
    method: 'POST',
    path: RECORDING_PATHS.start,
    summary: 'Opens the recording of a sale and returns its serial',
    auth: 'optional',
    body: RecordingStartBody,
    data: RecordingStarted,
  }),
  upload: defineCall({
    method: 'POST',
    path: RECORDING_PATHS.upload,
    summary: 'Stores one hash-chained chunk of a sale’s recording (idempotent on serial and sequence)',
    auth: 'optional',
    body: RecordingChunkBody,
    data: ChunkReceipt,
  }),
  step: defineCall({
    method: 'POST',
    path: RECORDING_PATHS.step,
    summary: 'Tracks one key step of a recorded sale',
    auth: 'optional',
    body: SaleStepBody,
    data: Type.Null(),
  }),
};

/** How whole a recording's chain is: every hash checks and no chunk is missing up to the final one. */
export const ChainStatus = Type.Union([Type.Literal('intact'), Type.Literal('broken'), Type.Literal('incomplete')]);
export type ChainStatus = Static<typeof ChainStatus>;

/** One recorded sale as a compliance reviewer finds it (personal data masked). */
export const RecordingSummary = Type.Object({
  serial: RecordingSerial,
  orderCode: Type.Union([Type.String(), Type.Null()]),
  policyNos: Type.Array(Type.String()),
  productCode: Type.Union([Type.String(), Type.Null()]),
  /** The buyer's account, masked (138****8000); null for a sale never logged in. */
  buyer: Type.Union([Type.String(), Type.Null()]),
  entryRoute: Type.String(),
  build: Type.String(),
  /** ISO date-times. */
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  chunkCount: Type.Number(),
});
export type RecordingSummary = Static<typeof RecordingSummary>;

export const RecordedStep = Type.Object({
  step: Type.String(),
  /** Epoch milliseconds on the client, and when the server received it. */
  at: Type.Number(),
  receivedAt: Type.Number(),
  route: Type.String(),
  clauseName: Type.Union([Type.String(), Type.Null()]),
  orderCode: Type.Union([Type.String(), Type.Null()]),
  result: Type.Union([Type.String(), Type.Null()]),
});
export type RecordedStep = Static<typeof RecordedStep>;

export const StoredChunk = Type.Object({
  seq: Type.Number(),
  /** base64 of the deflated JSON array of rrweb events, as stored. */
  data: Type.String(),
  hash: Type.String(),
  prevHash: Type.String(),
  /** The stored hash matches the data and the chunk before (recomputed on every read). */
  valid: Type.Boolean(),
  eventCount: Type.Number(),
  size: Type.Number(),
  firstAt: Type.Number(),
  lastAt: Type.Number(),
  receivedAt: Type.Number(),
  final: Type.Boolean(),
});
export type StoredChunk = Static<typeof StoredChunk>;

/** A page version as stored (the manifest hash is the server's; numbers as JSON numbers: this schema only describes answers). */
export const StoredPage = Type.Object({
  route: Type.String(),
  build: Type.String(),
  productCode: Type.Optional(Type.String()),
  manifestHash: Type.Optional(Type.String()),
  at: Type.Number(),
});

export const RecordingDetail = Type.Object({
  summary: RecordingSummary,
  chain: ChainStatus,
  /** Sequence numbers missing below the highest stored one. */
  gaps: Type.Array(Type.Number()),
  /** The page versions ({@link PageVersion}) of every chunk, in order. */
  pages: Type.Array(StoredPage),
  steps: Type.Array(RecordedStep),
  chunks: Type.Array(StoredChunk),
});
export type RecordingDetail = Static<typeof RecordingDetail>;

export const RecordingSearch = Type.Object(
  {
    orderCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z_-]+$' })),
    policyNo: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[0-9A-Za-z_-]+$' })),
  },
  { additionalProperties: false },
);

/** Sale replay for staff with the compliance role. */
export const complianceCalls = {
  findRecordings: defineCall({
    method: 'GET',
    path: '/res-svc/res/v3/compliance/recordings',
    summary: 'Finds the recorded sales of an order or a policy (compliance staff only)',
    auth: 'user',
    query: RecordingSearch,
    data: Type.Array(RecordingSummary),
  }),
  recording: defineCall({
    method: 'GET',
    path: '/res-svc/res/v3/compliance/recordings/:serial',
    summary: 'One recorded sale with its chunks, key steps, page versions and chain status (compliance staff only)',
    auth: 'user',
    params: Type.Object({ serial: RecordingSerial }),
    data: RecordingDetail,
  }),
  devTamperChunk: defineCall({
    method: 'POST',
    path: '/__dev/recording/tamper',
    summary: 'Alters one stored chunk behind the append-only trigger, to test the chain badge (development and test only; compliance staff)',
    auth: 'dev',
    body: Type.Object({ serial: RecordingSerial, seq: Type.Number({ minimum: 0, multipleOf: 1 }) }, { additionalProperties: false }),
    data: Type.Null(),
  }),
  devRecording: defineCall({
    method: 'GET',
    path: '/__dev/recording/:serial/events',
    summary: 'Every stored event of a recording, inflated, for the e2e PII scan and size figures (development and test only; compliance staff)',
    auth: 'dev',
    params: Type.Object({ serial: RecordingSerial }),
    data: Type.Object({ events: Type.String(), compressedBytes: Type.Number(), firstAt: Type.Number(), lastAt: Type.Number() }),
  }),
};

/**
 * Claims (理赔报案, docs/claims.md): a parent reports a claim from a policy in
 * force, adds photos of receipts and records, sends it to the insurer and
 * follows it: 已报案 → 资料审核中 → 需补充资料 → 已结案 (with the amount) or
 * 不予赔付 (with the reason). The kinds a product allows and the documents each
 * kind needs are its manifest's `claims` property; the state machine is the
 * one table below.
 */
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './define-call.ts';
import { Owned } from './policy.ts';

// ------------------------------------------------------------------ kinds and states

/** The kinds of claim a manifest may allow (its `claims.kinds[].kind`). */
export const CLAIM_KINDS = ['accidentOutpatient', 'accidentInpatient', 'accidentDeathDisability', 'illnessInpatient'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
export const CLAIM_KIND_NAMES: Readonly<Record<ClaimKind, string>> = {
  accidentOutpatient: '意外门诊',
  accidentInpatient: '意外住院',
  accidentDeathDisability: '意外身故伤残',
  illnessInpatient: '疾病住院',
};

export const CLAIM_STATUSES = ['reported', 'reviewing', 'needMore', 'closed', 'declined'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_NAMES: Readonly<Record<ClaimStatus, string>> = {
  reported: '已报案',
  reviewing: '资料审核中',
  needMore: '需补充资料',
  closed: '已结案',
  declined: '不予赔付',
};

/** What moves a claim: the parent sends it (or the supplement), the insurer accepts, asks for more, pays or declines. */
export const CLAIM_EVENTS = ['accept', 'askMore', 'supplement', 'close', 'decline'] as const;
export type ClaimEvent = (typeof CLAIM_EVENTS)[number];

/** The claim state machine, the one table every change goes through (docs/claims.md). */
export const CLAIM_TRANSITIONS: readonly { event: ClaimEvent; from: readonly ClaimStatus[]; to: ClaimStatus }[] = [
  { event: 'accept', from: ['reported'], to: 'reviewing' },
  { event: 'askMore', from: ['reviewing'], to: 'needMore' },
  { event: 'supplement', from: ['needMore'], to: 'reviewing' },
  { event: 'close', from: ['reviewing'], to: 'closed' },
  { event: 'decline', from: ['reported', 'reviewing'], to: 'declined' },
];

/** The status `event` moves a claim in `from` to, or undefined when the table does not allow it. */
export function claimTransition(from: ClaimStatus, event: ClaimEvent): ClaimStatus | undefined {
  return CLAIM_TRANSITIONS.find((t) => t.event === event && t.from.includes(from))?.to;
}

/** A claim nothing moves any more. */
export const FINAL_CLAIM_STATUSES: readonly ClaimStatus[] = CLAIM_STATUSES.filter((status) => !CLAIM_TRANSITIONS.some((t) => t.from.includes(status)));

/** Photos of one claim, at most. */
export const MAX_CLAIM_FILES = 9;
/** One photo, at most (before the browser reduced it, the parent's file is refused above this). */
export const MAX_CLAIM_FILE_BYTES = 10 * 1024 * 1024;
/** Image types a photo may be, recognised by its bytes. */
export const CLAIM_FILE_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;

export const CLAIM_NO_PATTERN = '^CL[0-9]{8,30}$';
const ClaimNo = Owned('claim', Type.String({ pattern: CLAIM_NO_PATTERN, maxLength: 40 }));
const PolicyNo = Owned('policy', Type.String({ minLength: 1, maxLength: 40 }));
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD (Beijing)' });

// ------------------------------------------------------------------ bodies and answers

export const ClaimOptionsQuery = Type.Object({ policyNo: PolicyNo }, { additionalProperties: false });
/** What the report form of one policy offers: its insureds, the kinds its product allows with their documents, the cover period. */
export const ClaimOptions = Type.Object({
  policyNo: Type.String(),
  productName: Type.String(),
  /** Masked. */
  holderName: Type.String(),
  insureds: Type.Array(Type.Object({ index: Type.Integer(), name: Type.String({ description: 'masked' }) })),
  kinds: Type.Array(
    Type.Object({
      kind: Type.Union(CLAIM_KINDS.map((k) => Type.Literal(k))),
      name: Type.String(),
      documents: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), required: Type.Boolean() })),
    }),
  ),
  /** YYYY-MM-DD, Beijing: the accident must fall within. */
  coverStart: Type.String(),
  coverEnd: Type.String(),
  /** The insurer's claims line, when the registry has one. */
  hotline: Type.Union([Type.String(), Type.Null()]),
});
export type ClaimOptions = Static<typeof ClaimOptions>;

export const ReportClaimBody = Type.Object(
  {
    policyNo: PolicyNo,
    insuredIndex: Type.Integer({ minimum: 0, maximum: 20 }),
    kind: Type.Union(CLAIM_KINDS.map((k) => Type.Literal(k))),
    accidentDate: Day,
    accidentPlace: Type.String({ minLength: 2, maxLength: 100 }),
    description: Type.String({ minLength: 5, maxLength: 500 }),
    /** The payee: the holder or the insured's guardian (the holder); the account is stored encrypted and answered masked. */
    bank: Type.Object(
      {
        accountName: Type.String({ minLength: 1, maxLength: 40 }),
        bankName: Type.String({ minLength: 2, maxLength: 60 }),
        accountNo: Type.String({ pattern: '^[0-9]{12,30}$' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ReportClaimBody = Static<typeof ReportClaimBody>;

export const ClaimParams = Type.Object({ claimNo: ClaimNo }, { additionalProperties: false });
/** One photo of a claim: the claim, and the photo's id (ClaimFile.id). */
export const ClaimFileParams = Type.Object({ claimNo: ClaimNo, fileId: Type.String({ pattern: '^[A-Za-z0-9_-]{16}$' }) }, { additionalProperties: false });
const PhotoBytes = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });
/** The multipart form of a photo: the field `document` (a document code of the claim's kind), then the file `file`. */
export const ClaimFileForm = Type.Unsafe<FormData>({ description: 'multipart/form-data: document (a document code of the claim’s kind), then file (JPEG, PNG or HEIC of at most 10 MB)' });

export const ClaimFile = Type.Object({ id: Type.String(), document: Type.String(), documentName: Type.String(), contentType: Type.String(), bytes: Type.Integer() });
export type ClaimFile = Static<typeof ClaimFile>;

export const ClaimSummary = Type.Object({
  claimNo: Type.String(),
  policyNo: Type.String(),
  productName: Type.String(),
  /** Masked. */
  insuredName: Type.String(),
  kind: Type.String(),
  kindName: Type.String(),
  accidentDate: Type.String(),
  status: Type.Union(CLAIM_STATUSES.map((s) => Type.Literal(s))),
  statusName: Type.String(),
  /** Yuan, once closed. */
  amount: Type.Union([Type.Number(), Type.Null()]),
  createdAt: Type.String(),
});
export type ClaimSummary = Static<typeof ClaimSummary>;
export const ClaimList = Type.Object({ list: Type.Array(ClaimSummary) });
export type ClaimList = Static<typeof ClaimList>;

export const ClaimDetail = Type.Object({
  ...ClaimSummary.properties,
  accidentPlace: Type.String(),
  description: Type.String(),
  /** The payee, account masked. */
  bank: Type.Object({ accountName: Type.String(), bankName: Type.String(), accountNo: Type.String() }),
  /** What the insurer asked for (需补充资料), or why it declined. */
  insurerNote: Type.Union([Type.String(), Type.Null()]),
  /** Whether photos can be added and the claim sent now (已报案 not yet sent, 需补充资料). */
  canSend: Type.Boolean(),
  /** Whether it was sent to the insurer at least once. */
  sent: Type.Boolean(),
  documents: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), required: Type.Boolean() })),
  files: Type.Array(ClaimFile),
  history: Type.Array(Type.Object({ status: Type.String(), statusName: Type.String(), at: Type.String(), note: Type.Union([Type.String(), Type.Null()]) })),
});
export type ClaimDetail = Static<typeof ClaimDetail>;

export const SentClaim = Type.Object({ claimNo: Type.String(), status: Type.String() });

export const DevClaimDecisionBody = Type.Object(
  {
    claimNo: Type.String({ pattern: CLAIM_NO_PATTERN }),
    action: Type.Union([Type.Literal('askMore'), Type.Literal('close'), Type.Literal('decline')]),
    amountFen: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

// ------------------------------------------------------------------ calls

export const claimCalls = {
  claimOptions: defineCall({
    method: 'GET',
    path: '/clm-svc/api/v1/claims/options',
    summary: 'What a claim of the caller’s policy in force may be: its insureds, the kinds its manifest allows and their documents, the cover period',
    auth: 'user',
    query: ClaimOptionsQuery,
    data: ClaimOptions,
  }),
  reportClaim: defineCall({
    method: 'POST',
    path: '/clm-svc/api/v1/claims',
    summary: 'Reports a claim of the caller’s policy in force (已报案; photos are added, then it is sent)',
    auth: 'user',
    body: ReportClaimBody,
    data: SentClaim,
  }),
  addClaimFile: defineCall({
    method: 'POST',
    path: '/clm-svc/api/v1/claims/:claimNo/files',
    summary: 'Adds one photo to the caller’s claim (multipart; JPEG, PNG or HEIC by its bytes, at most 10 MB, 9 a claim)',
    auth: 'user',
    params: ClaimParams,
    body: ClaimFileForm,
    data: ClaimFile,
  }),
  claimFile: defineCall({
    method: 'GET',
    path: '/clm-svc/api/v1/claims/:claimNo/files/:fileId',
    summary: 'One photo of a claim as stored (the reduced JPEG or PNG, or the HEIC as sent): to the claim’s reporter and compliance staff',
    auth: 'user',
    params: ClaimFileParams,
    data: Type.Null(),
    raw: { 'image/jpeg': PhotoBytes, 'image/png': PhotoBytes, 'image/heic': PhotoBytes },
  }),
  removeClaimFile: defineCall({
    method: 'POST',
    path: '/clm-svc/api/v1/claims/:claimNo/files/:fileId/delete',
    summary: 'Deletes one photo of the caller’s claim while it can be sent (a wrong picture), its bytes too',
    auth: 'user',
    params: ClaimFileParams,
    data: Type.Null(),
  }),
  sendClaim: defineCall({
    method: 'POST',
    path: '/clm-svc/api/v1/claims/:claimNo/send',
    summary: 'Sends the caller’s claim (or its supplement) to the insurer, once its required documents have photos',
    auth: 'user',
    params: ClaimParams,
    data: SentClaim,
  }),
  claimList: defineCall({
    method: 'GET',
    path: '/clm-svc/api/v1/claims',
    summary: 'The caller’s claims, newest first',
    auth: 'user',
    data: ClaimList,
  }),
  claimDetail: defineCall({
    method: 'GET',
    path: '/clm-svc/api/v1/claims/:claimNo',
    summary: 'One claim of the caller (or, masked, of a promoter’s customer or for compliance) with its timeline',
    auth: 'user',
    params: ClaimParams,
    data: ClaimDetail,
  }),
  staffClaims: defineCall({
    method: 'GET',
    path: '/clm-svc/api/v1/staff/claims',
    summary: 'Claims of the promoter’s customers (compliance: every claim), people masked',
    auth: 'user',
    data: ClaimList,
  }),
  devClaimDecision: defineCall({
    method: 'POST',
    path: '/__dev/insurer/claim',
    summary: 'Development and test only: the insurer sandbox decides a claim (asks for more, pays or declines) and calls back',
    auth: 'dev',
    body: DevClaimDecisionBody,
    data: SentClaim,
  }),
};

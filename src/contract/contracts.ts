/**
 * Electronic contracts (docs/contracts.md): the contract-mode
 * screens' calls (spec §7 "Contract signing"), the signed-agreement list, the
 * e-sign platform's callback and the offline products' roster
 * (`offline/insInfo/*`). Every property naming a contract carries `x-owned`
 * (the ownership matrix test finds it).
 */
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { SignedDocument, UserCodeQuery } from './accounts.ts';
import { ProductCode } from './common.ts';
import { defineCall } from './define-call.ts';
import type { OwnedKind } from './policy.ts';

/** Spec §6: contract mode without a manager. */
export const NO_MANAGER = '未配置客户经理';

/** Our business number of an agreement, owned by its signer (`x-owned`; written here rather than with policy.ts's `Owned`, which would pull the policy contract into the web's shared chunks). */
export const CONTRACT_NO_PATTERN = '^HT[0-9A-Z]{8,30}$';
export const ContractNo = Type.Unsafe<string>({
  ...Type.String({ pattern: CONTRACT_NO_PATTERN, description: 'Our business number of the agreement' }),
  'x-owned': 'contract' satisfies OwnedKind,
});

/** GET api/contract_site?route|productCode: the signing screen of a contract route. */
export const ContractSiteQuery = Type.Object(
  {
    route: Type.Optional(Type.String({ pattern: '^/[A-Za-z][A-Za-z0-9]{0,60}$' })),
    productCode: Type.Optional(ProductCode),
  },
  { additionalProperties: false },
);
export const ContractSite = Type.Object({
  productCode: Type.String(),
  productName: Type.String(),
  title: Type.String(),
  /** The agreement's paragraphs with the fields still in braces (the screen previews them). */
  template: Type.Array(Type.String()),
  signers: Type.Array(Type.String()),
  /** The insured must be on the school roster (verifyInsuredCardNo). */
  roster: Type.Boolean(),
  /** Contract mode applies (the manifest's `contract.enabled`). */
  enabled: Type.Boolean(),
});
export type ContractSite = Static<typeof ContractSite>;

export const ManagerQuery = Type.Object({ productCode: ProductCode }, { additionalProperties: false });
/** The product's manager, or null: the screen then says 未配置客户经理. */
export const ContractManager = Type.Union([Type.Object({ managerUserCode: Type.String(), managerName: Type.String() }), Type.Null()]);
export type ContractManager = Static<typeof ContractManager>;

/** The multipart form of cloudCertiPerInfo: fields name and idNo, then the file idPhoto (PNG or JPEG, at most 2 MB). */
export const CertifyForm = Type.Unsafe<FormData>({ description: 'multipart/form-data: name, idNo, then idPhoto (PNG or JPEG of at most 2 MB)' });
export const Certified = Type.Object({ certified: Type.Boolean(), name: Type.String({ description: 'Masked' }) });
export type Certified = Static<typeof Certified>;

/** POST jzq/api/agreement: create the agreement and its signing task (the caller must be certified). */
export const AgreementBody = Type.Object(
  {
    productCode: ProductCode,
    insuredName: Type.String({ minLength: 2, maxLength: 30, pattern: '^[\\u4e00-\\u9fa5·A-Za-z ]+$' }),
    insuredIdNo: Type.String({ pattern: '^[0-9]{17}[0-9Xx]$' }),
    schoolName: Type.String({ minLength: 2, maxLength: 60, pattern: '^[^<>{}\\u0000-\\u001f]+$' }),
  },
  { additionalProperties: false },
);
export type AgreementBody = Static<typeof AgreementBody>;
export const AgreementCreated = Type.Object({ contractNo: Type.String(), signUrl: Type.String() });
export type AgreementCreated = Static<typeof AgreementCreated>;

export const ContractStatus = Type.Union([Type.Literal('signing'), Type.Literal('signed'), Type.Literal('expired'), Type.Literal('rejected')]);
export const ContractItem = Type.Object({
  contractNo: Type.String(),
  productCode: Type.String(),
  productName: Type.String(),
  title: Type.String(),
  status: ContractStatus,
  insuredName: Type.String({ description: 'Masked' }),
  createdAt: Type.String(),
  signedAt: Type.Union([Type.String(), Type.Null()]),
  /** Address of the PDF under /_gw (the signed one once signed). */
  contractUrl: Type.String(),
  /** Where to continue signing while `signing`. */
  signUrl: Type.Union([Type.String(), Type.Null()]),
});
export type ContractItem = Static<typeof ContractItem>;
export const ContractList = Type.Object({ list: Type.Array(ContractItem) });
export type ContractList = Static<typeof ContractList>;

export const ContractNoQuery = Type.Object({ contractNo: ContractNo }, { additionalProperties: false });
/** The files of an agreement: signed, and as sent to signing. */
export const CONTRACT_FILES = ['agreement.pdf', 'draft.pdf'] as const;
/** POST offline/insInfo/updateInsStatus: the caller's agreement whose insured's roster entry is recomputed. */
export const ContractNoBody = ContractNoQuery;
export const ContractFileParams = Type.Object(
  { contractNo: ContractNo, file: Type.Union([Type.Literal(CONTRACT_FILES[0]), Type.Literal(CONTRACT_FILES[1])]) },
  { additionalProperties: false },
);
const Bytes = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

export const SignList = Type.Object({ list: Type.Array(SignedDocument) });
export type SignList = Static<typeof SignList>;

export const EsignNotifyParams = Type.Object({ provider: Type.String({ pattern: '^[a-z]{2,20}$' }) }, { additionalProperties: false });

/** Roster row as a parent sees it (masked). */
export const RosterCheck = Type.Object({
  found: Type.Boolean(),
  name: Type.String({ description: 'Masked' }),
  schoolName: Type.String(),
  className: Type.String(),
  status: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Literal('')], { description: '0 not yet, 1 agreement signed, 2 insured' }),
});
export type RosterCheck = Static<typeof RosterCheck>;
/**
 * The parent's roster check (verifyInsuredCardNo): whether the ID number is on
 * the product's roster and its status, nothing about the child (no name,
 * school or class: the parent types them, and an ID number must not find a
 * child). Limited per user and product (docs/security.md).
 */
export const RosterCardCheck = Type.Object({
  found: Type.Boolean(),
  status: RosterCheck.properties.status,
});
export type RosterCardCheck = Static<typeof RosterCardCheck>;
export const VerifyCardQuery = Type.Object({ productCode: ProductCode, cardNo: Type.String({ pattern: '^[0-9]{17}[0-9Xx]$' }) }, { additionalProperties: false });
export const RosterIdParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) }, { additionalProperties: false });
export const RosterUpdateBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.Optional(Type.String({ minLength: 2, maxLength: 30, pattern: '^[\\u4e00-\\u9fa5·A-Za-z ]+$' })),
    schoolName: Type.Optional(Type.String({ minLength: 2, maxLength: 60, pattern: '^[^<>{}\\u0000-\\u001f]+$' })),
    className: Type.Optional(Type.String({ maxLength: 30, pattern: '^[^<>{}\\u0000-\\u001f]*$' })),
  },
  { additionalProperties: false },
);
export const RosterRow = Type.Object({
  id: Type.Integer(),
  productCode: Type.String(),
  name: Type.String({ description: 'Masked' }),
  schoolName: Type.String(),
  className: Type.String(),
  status: Type.String(),
  orderCode: Type.Union([Type.String(), Type.Null()], { description: 'The paid order that insured this entry (status 2)' }),
});

/** Development and test: load a roster CSV (the operator's `loadRoster`, without a shell). */
export const DevRosterBody = Type.Object({ productCode: ProductCode, csv: Type.String({ maxLength: 200_000 }) }, { additionalProperties: false });
export const DevRosterLoaded = Type.Object({ loaded: Type.Integer(), problems: Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() })) });

export const contractCalls = {
  contractSite: defineCall({
    method: 'GET',
    path: '/edu-svc/api/contract_site',
    summary: 'The signing screen of a contract route (or product): title, template, signers, roster check',
    auth: 'public',
    query: ContractSiteQuery,
    data: ContractSite,
  }),
  manager: defineCall({
    method: 'GET',
    path: '/edu-svc/contract/template/queryContractManagerUser',
    summary: 'The product’s contract manager, or null (未配置客户经理)',
    auth: 'public',
    query: ManagerQuery,
    data: ContractManager,
  }),
  certify: defineCall({
    method: 'POST',
    path: '/edu-svc/jzq/api/_bai/cloudCertiPerInfo',
    summary: 'Certifies the caller as a signer with the e-sign platform (multipart: name, idNo, idPhoto)',
    auth: 'user',
    body: CertifyForm,
    data: Certified,
  }),
  agreement: defineCall({
    method: 'POST',
    path: '/edu-svc/jzq/api/agreement',
    summary: 'Creates the agreement PDF and its signing task (idempotent per caller, product and insured while signing)',
    auth: 'user',
    body: AgreementBody,
    data: AgreementCreated,
  }),
  contractList: defineCall({
    method: 'GET',
    path: '/edu-svc/contract_list',
    summary: 'The caller’s agreements, every status (polls the e-sign platform for those waiting on a callback)',
    auth: 'user',
    data: ContractList,
  }),
  signatureImage: defineCall({
    method: 'GET',
    path: '/edu-svc/get_img',
    summary: 'The signature image of a signed agreement (its signer or permitted staff)',
    auth: 'user',
    query: ContractNoQuery,
    data: Type.Null(),
    raw: { 'image/png': Bytes },
  }),
  contractFile: defineCall({
    method: 'GET',
    path: '/edu-svc/logged/:contractNo/:file',
    summary: 'An agreement’s PDF, signed (agreement.pdf) or as sent to signing (draft.pdf); its signer or permitted staff',
    auth: 'user',
    params: ContractFileParams,
    data: Type.Null(),
    raw: { 'application/pdf': Bytes },
  }),
  signList: defineCall({
    method: 'GET',
    path: '/edu-svc/jzq/api/sign_list',
    summary: 'The caller’s signed agreements (spec §3 Signed agreement), newest first',
    auth: 'user',
    query: UserCodeQuery,
    data: SignList,
  }),
  esignNotify: defineCall({
    method: 'POST',
    path: '/edu-svc/jzq/api/notify/:provider',
    summary: 'The e-sign platform’s signed callback (HMAC-SHA256 over timestamp and body), applied exactly once',
    auth: 'server',
    params: EsignNotifyParams,
    data: Type.Null(),
  }),
  verifyInsuredCardNo: defineCall({
    method: 'GET',
    path: '/edu-svc/offline/insInfo/verifyInsuredCardNo',
    summary: 'Whether an ID number is on the offline product’s school roster, and its status (10 a day per user and product)',
    auth: 'user',
    query: VerifyCardQuery,
    data: RosterCardCheck,
  }),
  // The spec (§7) lists updateInsStatus and resetStatus as GET; both write the roster, so they are POST here
  // (docs/contracts.md, "Offline roster"): no GET changes state.
  updateInsStatus: defineCall({
    method: 'POST',
    path: '/edu-svc/offline/insInfo/updateInsStatus',
    summary: 'Recomputes the roster status of the caller’s agreement’s insured from the agreement and its paid orders',
    auth: 'user',
    body: ContractNoBody,
    data: RosterCheck,
  }),
  resetStatus: defineCall({
    method: 'POST',
    path: '/edu-svc/offline/insInfo/resetStatus/:id',
    summary: 'Roster staff of the row’s product or market: puts a roster row back to 0 (not insured)',
    auth: 'user',
    params: RosterIdParams,
    data: RosterRow,
  }),
  updateOfflineInsInfo: defineCall({
    method: 'POST',
    path: '/edu-svc/offline/insInfo/updateOfflineInsInfo',
    summary: 'Roster staff of the row’s product or market: corrects a roster row (name, school, class)',
    auth: 'user',
    body: RosterUpdateBody,
    data: RosterRow,
  }),
  devRoster: defineCall({
    method: 'POST',
    path: '/__dev/offline-roster',
    summary: 'Development and test only: loads a school roster CSV for an offline product; bad rows by line',
    auth: 'dev',
    body: DevRosterBody,
    data: DevRosterLoaded,
  }),
};

/**
 * Electronic signing (腾讯电子签, e签宝, 法大大 and the like). A real adapter
 * implements this with the platform's API (tencent-ess-provider.ts: 腾讯电子签);
 * the sandbox (sandbox-esign-provider.ts) behaves like one: idempotent tasks
 * on our business number, signer certification with an ID photo, its own
 * signing page, HMAC-SHA256-signed callbacks retried with backoff (sometimes
 * twice, sometimes out of order), expiring signing links and download
 * addresses, and a status query.
 */
export interface EsignSigner {
  name: string;
  idNo: string;
  /** The signer's mobile (the account's log-in phone): platforms that verify the signer themselves text it, or match it on their page. */
  phone?: string;
}

export interface CreateTaskInput {
  /** Our business number (the contract number): creating twice returns the same task. */
  businessNo: string;
  title: string;
  /** The document to sign (PDF). */
  document: Uint8Array;
  /** Its text, for platforms (and the sandbox) that show it on their signing page. */
  preview: readonly string[];
  signer: EsignSigner;
  /** Where the platform sends the browser after signing. */
  returnUrl: string;
  /**
   * Where the signer signs (1-based page; points from the page's top-left
   * corner), for platforms that place the signature field themselves.
   */
  signatureField: SignatureField;
}

export interface SignatureField {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EsignTask {
  taskId: string;
  /** The signer's page; expires. */
  signUrl: string;
  expiresAt: Date;
}

/**
 * What a signed task's download address gives: the drawn signature, which
 * the server stamps on its own draft (the sandbox), or the platform's signed
 * PDF, kept as it is (腾讯电子签, whose PDF carries the signature and the
 * platform's certificate). `signedAt` of a document may come with the
 * download address instead ({@link DownloadLink.signedAt}).
 */
export type SignedEvidence = { png: Uint8Array; signedAt: Date } | { pdf: Uint8Array; signedAt?: Date };

/** A download address that works for a few minutes. */
export interface DownloadLink {
  url: string;
  expiresAt: Date;
  /** When the platform says the task was signed, for platforms whose download gives the document only. */
  signedAt?: Date;
}

export type EsignTaskStatus = 'signing' | 'signed' | 'expired' | 'rejected';

/** A verified callback. `seq` orders a task's events: an older one arriving later is stale. */
export interface EsignEvent {
  eventId: string;
  type: string;
  taskId: string;
  businessNo: string;
  seq: number;
  occurredAt: string;
}

export interface EsignProvider {
  readonly name: string;
  /**
   * Checks the signer (name, ID number, ID photo) before any agreement; the
   * reason is in the user's language. A platform that verifies the signer
   * itself on its signing page (腾讯电子签: real-name verification by face
   * or SMS against the name, ID number and phone the task was created with)
   * has nothing to call here: its adapter checks the ID number's form only
   * and sends the photo nowhere.
   */
  certify(input: EsignSigner & { photo: Uint8Array; contentType: string }): Promise<{ passed: boolean; reason: string }>;
  createTask(input: CreateTaskInput): Promise<EsignTask>;
  /** The platform's own view of a task (polled when no callback came). */
  queryTask(taskId: string): Promise<{ status: EsignTaskStatus; seq: number }>;
  /**
   * Where a signed task's evidence (the drawn signature and the signing
   * time, or the platform's signed PDF) can be downloaded: an address that
   * works for a few minutes, as the platforms give; undefined while the task
   * is not signed.
   */
  signedDownload(taskId: string): Promise<DownloadLink | undefined>;
  /** Fetches a download address: the evidence, or why not (the address expired, or is not this platform's). */
  download(url: string): Promise<SignedEvidence | { problem: 'expired' | 'invalid' }>;
  /**
   * The event of a callback, or undefined when it is not the platform's: its
   * signature or timestamp not valid (the sandbox: forged or replayed late),
   * or its body not decrypting under the callback key (腾讯电子签).
   */
  verifyCallback(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): EsignEvent | undefined;
}

/** Event types the server acts on; any other type is acknowledged and ignored. */
export const ESIGN_EVENTS = {
  /** The platform started the task (腾讯电子签's 合同发起 callback). */
  started: 'task.started',
  viewed: 'task.viewed',
  signed: 'task.signed',
  expired: 'task.expired',
  rejected: 'task.rejected',
} as const;

/**
 * The platform refused a task for what was asked (the signer's name, ID
 * number or phone, the document): `message` says so in the user's language;
 * `vendorCode` is the platform's code, for the log.
 */
export class EsignRefused extends Error {
  constructor(
    message: string,
    readonly vendorCode: string,
  ) {
    super(message);
    this.name = 'EsignRefused';
  }
}

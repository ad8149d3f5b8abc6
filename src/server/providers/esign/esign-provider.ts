/**
 * Electronic signing (君子签, e签宝, 法大大 and the like). A real adapter
 * implements this with the platform's API; the sandbox
 * (sandbox-esign-provider.ts) behaves like one: idempotent tasks on our
 * business number, signer certification with an ID photo, its own signing
 * page, HMAC-SHA256-signed callbacks retried with backoff (sometimes twice,
 * sometimes out of order), expiring signing links and download addresses, and a status query.
 */
export interface EsignSigner {
  name: string;
  idNo: string;
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
}

export interface EsignTask {
  taskId: string;
  /** The signer's page; expires. */
  signUrl: string;
  expiresAt: Date;
}

/** What a signed task's download address gives. */
export interface SignedEvidence {
  png: Uint8Array;
  signedAt: Date;
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
  /** Checks the signer (name, ID number, ID photo); the reason is in the user's language. */
  certify(input: EsignSigner & { photo: Uint8Array; contentType: string }): Promise<{ passed: boolean; reason: string }>;
  createTask(input: CreateTaskInput): Promise<EsignTask>;
  /** The platform's own view of a task (polled when no callback came). */
  queryTask(taskId: string): Promise<{ status: EsignTaskStatus; seq: number }>;
  /**
   * Where a signed task's evidence (the drawn signature and the signing time)
   * can be downloaded: an address that works for a few minutes, as the
   * platforms give; undefined while the task is not signed.
   */
  signedDownload(taskId: string): Promise<{ url: string; expiresAt: Date } | undefined>;
  /** Fetches a download address: the evidence, or why not (the address expired, or is not this platform's). */
  download(url: string): Promise<SignedEvidence | { problem: 'expired' | 'invalid' }>;
  /** The event of a callback, or undefined when its signature or timestamp is not valid (forged or replayed late). */
  verifyCallback(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): EsignEvent | undefined;
}

/** Event types the server acts on; any other type is acknowledged and ignored. */
export const ESIGN_EVENTS = { viewed: 'task.viewed', signed: 'task.signed', expired: 'task.expired', rejected: 'task.rejected' } as const;

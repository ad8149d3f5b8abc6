import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { esignSandboxTasks } from '../../db/schema.ts';
import { parseIdCard } from '../../../engine/rules/index.ts';
import type { RawNotificationPost } from '../payment/notification-delivery.ts';
import type { ProviderLog } from '../payment/payment-channel.ts';
import { ESIGN_EVENTS, type CreateTaskInput, type EsignEvent, type EsignProvider, type EsignTask, type EsignTaskStatus } from './esign-provider.ts';

/** What the sandbox's download gives: the drawn signature and its time. */
export interface SandboxEvidence {
  png: Uint8Array;
  signedAt: Date;
}
import { SandboxScheduler } from '../sandbox-scheduler.ts';

export const SANDBOX_ESIGN_PATH = '/_sandbox/esign/sign';
/** Where the signing page's 拒绝签署 posts. */
export const SANDBOX_ESIGN_REJECT_PATH = '/_sandbox/esign/reject';
/** The sandbox's download address of a signed task's evidence. */
export const SANDBOX_ESIGN_DOWNLOAD_PATH = '/_sandbox/esign/download';
/** The signing time, as the download answers it (ISO 8601). */
export const SIGNED_AT_HEADER = 'x-esign-signed-at';
export const ESIGN_TIMESTAMP_HEADER = 'x-esign-timestamp';
export const ESIGN_SIGNATURE_HEADER = 'x-esign-signature';
/** A callback older (or newer) than this is refused: a replay of a captured one fails once it is stale. */
export const CALLBACK_WINDOW_MS = 5 * 60_000;
/** A signing link works this long. */
export const SIGN_LINK_TTL_MS = 30 * 60_000;
/** A download address works this long (the platforms give 5 to 30 minutes). */
export const DOWNLOAD_TTL_MS = 5 * 60_000;

/** A task as the sandbox keeps it (a row of esign_sandbox_tasks). */
export interface SandboxTask {
  taskId: string;
  businessNo: string;
  title: string;
  preview: string[];
  signer: { name: string; idNo: string };
  returnUrl: string;
  status: EsignTaskStatus;
  seq: number;
  expiresAt: Date;
}

function taskOf(row: typeof esignSandboxTasks.$inferSelect): SandboxTask {
  return {
    taskId: row.taskId,
    businessNo: row.businessNo,
    title: row.title,
    preview: row.preview,
    signer: { name: row.signerName, idNo: row.signerIdNo },
    returnUrl: row.returnUrl,
    status: row.status as EsignTaskStatus,
    seq: row.seq,
    expiresAt: row.expiresAt,
  };
}

export interface SandboxEsignOptions {
  /** Where the sandbox keeps its tasks (as a platform keeps them on its side): they outlive a restart and are shared by every server process. */
  db: Db;
  /** The HMAC key of callbacks and links. */
  secret: string;
  /** Origin put before the signing page ('' for same-origin relative addresses). */
  baseUrl: string;
  notifyPath: string;
  post: RawNotificationPost;
  notifyDelayMs: number;
  retryBaseMs?: number;
  maxAttempts?: number;
  /** How often a callback is delivered twice, and a stale 'viewed' sent after 'signed' (0..1). */
  duplicateRate?: number;
  staleRate?: number;
  random?: () => number;
  now: () => Date;
  log?: ProviderLog;
}

/** The HMAC-SHA256 (hex) of a callback: over `timestamp.body`. */
export function signEsignCallback(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * The e-sign sandbox: tasks kept in the database (table esign_sandbox_tasks,
 * so a restart or a second server process sees them), its own signing page,
 * callbacks like a real platform's. Every change of a task is one conditional
 * UPDATE, so two processes never sign or number events twice.
 */
export class SandboxEsignProvider implements EsignProvider {
  readonly name = 'sandbox';
  private readonly deliveries = new SandboxScheduler();

  constructor(private readonly options: SandboxEsignOptions) {}

  private get db(): Db {
    return this.options.db;
  }

  async certify(input: { name: string; idNo: string; photo: Uint8Array; contentType: string }) {
    if (!startsWith(input.photo, PNG) && !startsWith(input.photo, JPEG)) return { passed: false, reason: '证件照片须为 PNG 或 JPEG 图片' };
    if (input.photo.length < 64) return { passed: false, reason: '证件照片无法识别，请重新拍摄' };
    if (!parseIdCard(input.idNo, this.options.now()).ok) return { passed: false, reason: '身份证号码与照片不符，请核对' };
    return { passed: true, reason: '' };
  }

  private async find(where: SQL): Promise<SandboxTask | undefined> {
    const [row] = await this.db.select().from(esignSandboxTasks).where(where).limit(1);
    return row ? taskOf(row) : undefined;
  }

  async createTask(input: CreateTaskInput): Promise<EsignTask> {
    const now = this.options.now();
    const fresh = new Date(now.getTime() + SIGN_LINK_TTL_MS);
    // Idempotent on our business number: of two concurrent creations one row wins, both answer it.
    await this.db
      .insert(esignSandboxTasks)
      .values({
        taskId: `T${randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase()}`,
        businessNo: input.businessNo,
        title: input.title,
        preview: [...input.preview],
        signerName: input.signer.name,
        signerIdNo: input.signer.idNo,
        returnUrl: input.returnUrl,
        expiresAt: fresh,
        createdAt: now,
      })
      .onConflictDoNothing({ target: esignSandboxTasks.businessNo });
    // A task past its link's life gets a fresh link, like the platforms' "re-issue signing URL".
    const [renewed] = await this.db
      .update(esignSandboxTasks)
      .set({ expiresAt: fresh })
      .where(and(eq(esignSandboxTasks.businessNo, input.businessNo), eq(esignSandboxTasks.status, 'signing'), lte(esignSandboxTasks.expiresAt, now)))
      .returning();
    const task = renewed ? taskOf(renewed) : await this.find(eq(esignSandboxTasks.businessNo, input.businessNo));
    if (!task) throw new Error(`e-sign sandbox: task of ${input.businessNo} missing`);
    return { taskId: task.taskId, signUrl: this.signUrl(task), expiresAt: task.expiresAt };
  }

  private linkMac(taskId: string, expires: number): string {
    return createHmac('sha256', this.options.secret).update(`link.${taskId}.${expires}`).digest('hex').slice(0, 32);
  }

  private signUrl(task: SandboxTask): string {
    const expires = task.expiresAt.getTime();
    const query = new URLSearchParams({ task: task.taskId, expires: String(expires), s: this.linkMac(task.taskId, expires) });
    return `${this.options.baseUrl}${SANDBOX_ESIGN_PATH}?${query}`;
  }

  /** The task behind a signing link, or why the link does not work. */
  async taskOfLink(taskId: string, expires: string, mac: string): Promise<{ task: SandboxTask } | { problem: string }> {
    const at = Number(expires);
    if (!Number.isSafeInteger(at) || !sameHex(this.linkMac(taskId, at), mac)) return { problem: '签署链接无效' };
    const task = await this.find(eq(esignSandboxTasks.taskId, taskId));
    if (!task) return { problem: '签署链接无效' };
    if (task.status === 'signed') return { problem: '该协议已签署完成' };
    if (at <= this.options.now().getTime() || task.status !== 'signing') return { problem: '签署链接已过期，请返回重新发起签署' };
    return { task };
  }

  /** Numbers the task's next event, once: answers the new sequence, or undefined when `when` no longer holds. */
  private async nextSeq(taskId: string, when: SQL | undefined, set: Partial<typeof esignSandboxTasks.$inferInsert> = {}): Promise<number | undefined> {
    const [row] = await this.db
      .update(esignSandboxTasks)
      .set({ ...set, seq: sql`${esignSandboxTasks.seq} + 1` })
      .where(and(eq(esignSandboxTasks.taskId, taskId), when))
      .returning({ seq: esignSandboxTasks.seq });
    return row?.seq;
  }

  /** The signing page was opened (the first time only: one 'viewed' event). */
  async viewed(task: SandboxTask): Promise<void> {
    const seq = await this.nextSeq(task.taskId, eq(esignSandboxTasks.seq, 0));
    if (seq !== undefined) this.emit(task, ESIGN_EVENTS.viewed, seq);
  }

  /**
   * The signer drew and confirmed: recorded once (a second submission, from
   * this process or another, finds the task signed and changes nothing), then
   * called back, maybe twice, maybe with a stale 'viewed' after.
   */
  async sign(task: SandboxTask, png: Uint8Array): Promise<boolean> {
    const seq = await this.nextSeq(task.taskId, eq(esignSandboxTasks.status, 'signing'), {
      status: 'signed',
      signature: Buffer.from(png).toString('base64'),
      signedAt: this.options.now(),
    });
    if (seq === undefined) return false;
    const random = this.options.random ?? Math.random;
    const signed = this.emit(task, ESIGN_EVENTS.signed, seq);
    if (random() < (this.options.duplicateRate ?? 0.3)) this.deliveries.schedule(() => this.deliver(signed, 1), this.options.notifyDelayMs * 2);
    if (random() < (this.options.staleRate ?? 0.3)) {
      const stale: EsignEvent = { ...signed, eventId: randomUUID(), type: ESIGN_EVENTS.viewed, seq: signed.seq - 1 };
      this.deliveries.schedule(() => this.deliver(stale, 1), this.options.notifyDelayMs * 3);
    }
    return true;
  }

  /** The signer pressed 拒绝签署: recorded once (a task already signed or refused changes nothing), then called back. */
  async reject(task: SandboxTask): Promise<boolean> {
    const seq = await this.nextSeq(task.taskId, eq(esignSandboxTasks.status, 'signing'), { status: 'rejected' });
    if (seq === undefined) return false;
    this.emit(task, ESIGN_EVENTS.rejected, seq);
    return true;
  }

  async queryTask(taskId: string) {
    const task = await this.find(eq(esignSandboxTasks.taskId, taskId));
    if (!task) return { status: 'expired' as const, seq: 0 };
    return { status: task.status, seq: task.seq };
  }

  private downloadMac(taskId: string, expires: number): string {
    return createHmac('sha256', this.options.secret).update(`download.${taskId}.${expires}`).digest('hex').slice(0, 32);
  }

  async signedDownload(taskId: string) {
    const task = await this.find(eq(esignSandboxTasks.taskId, taskId));
    if (task?.status !== 'signed') return undefined;
    const expiresAt = new Date(this.options.now().getTime() + DOWNLOAD_TTL_MS);
    const expires = expiresAt.getTime();
    const query = new URLSearchParams({ task: taskId, expires: String(expires), s: this.downloadMac(taskId, expires) });
    return { url: `${this.options.baseUrl}${SANDBOX_ESIGN_DOWNLOAD_PATH}?${query}`, expiresAt };
  }

  /** The evidence behind a download link's parameters (served by the sandbox's download route, and read by download()). */
  async evidenceOfLink(taskId: string, expires: string, mac: string): Promise<SandboxEvidence | { problem: 'expired' | 'invalid' }> {
    const at = Number(expires);
    if (!/^T[0-9A-F]{20}$/.test(taskId) || !Number.isSafeInteger(at) || !sameHex(this.downloadMac(taskId, at), mac)) return { problem: 'invalid' };
    if (at <= this.options.now().getTime()) return { problem: 'expired' };
    const [row] = await this.db
      .select({ signature: esignSandboxTasks.signature, signedAt: esignSandboxTasks.signedAt })
      .from(esignSandboxTasks)
      .where(eq(esignSandboxTasks.taskId, taskId))
      .limit(1);
    if (!row?.signature || !row.signedAt) return { problem: 'invalid' };
    return { png: new Uint8Array(Buffer.from(row.signature, 'base64')), signedAt: row.signedAt };
  }

  /** Reads a download address the way a client of the platform would, without a request to itself. */
  async download(url: string) {
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://sandbox.invalid');
    } catch {
      return { problem: 'invalid' as const };
    }
    if (parsed.pathname !== SANDBOX_ESIGN_DOWNLOAD_PATH) return { problem: 'invalid' as const };
    const q = parsed.searchParams;
    return this.evidenceOfLink(q.get('task') ?? '', q.get('expires') ?? '', q.get('s') ?? '');
  }

  verifyCallback(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): EsignEvent | undefined {
    const timestamp = first(headers[ESIGN_TIMESTAMP_HEADER]);
    const signature = first(headers[ESIGN_SIGNATURE_HEADER]);
    if (!/^[0-9]{10,13}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return undefined;
    if (!sameHex(signEsignCallback(this.options.secret, timestamp, rawBody), signature)) return undefined;
    if (Math.abs(this.options.now().getTime() - Number(timestamp)) > CALLBACK_WINDOW_MS) return undefined;
    try {
      const event = JSON.parse(rawBody) as Partial<EsignEvent>;
      if (typeof event.eventId !== 'string' || typeof event.type !== 'string' || typeof event.taskId !== 'string') return undefined;
      if (typeof event.businessNo !== 'string' || !Number.isSafeInteger(event.seq) || typeof event.occurredAt !== 'string') return undefined;
      return event as EsignEvent;
    } catch {
      return undefined;
    }
  }

  /** A signed callback as this sandbox sends it (tests forge and replay with it). */
  signedCallback(event: EsignEvent, at: Date = this.options.now()): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify(event);
    const timestamp = String(at.getTime());
    return { body, headers: { [ESIGN_TIMESTAMP_HEADER]: timestamp, [ESIGN_SIGNATURE_HEADER]: signEsignCallback(this.options.secret, timestamp, body) } };
  }

  private emit(task: SandboxTask, type: string, seq: number): EsignEvent {
    const event: EsignEvent = { eventId: randomUUID(), type, taskId: task.taskId, businessNo: task.businessNo, seq, occurredAt: this.options.now().toISOString() };
    this.deliveries.schedule(() => this.deliver(event, 1), this.options.notifyDelayMs);
    return event;
  }


  private async deliver(event: EsignEvent, attempt: number): Promise<void> {
    let acknowledged = false;
    try {
      const { body, headers } = this.signedCallback(event);
      const answer = await this.options.post({ path: this.options.notifyPath, body, contentType: 'application/json', headers });
      acknowledged = answer.status === 200 && (JSON.parse(answer.text) as { code?: unknown }).code === '0000';
    } catch (error) {
      this.options.log?.warn({ taskId: event.taskId, attempt, err: error }, 'e-sign callback delivery failed');
    }
    if (acknowledged) return;
    if (attempt >= (this.options.maxAttempts ?? 6)) {
      this.options.log?.warn({ taskId: event.taskId, attempt }, 'e-sign callback abandoned');
      return;
    }
    this.deliveries.schedule(() => this.deliver(event, attempt + 1), (this.options.retryBaseMs ?? 500) * 2 ** (attempt - 1));
  }

  settled(): Promise<void> {
    return this.deliveries.settled();
  }

  stop(): void {
    this.deliveries.stop();
  }
}

/** The sandbox's callback key: derived from PAY_SANDBOX_SECRET (one sandbox secret to configure). */
export function esignSandboxSecret(paySandboxSecret: string): string {
  return createHash('sha256').update(`esign-sandbox:${paySandboxSecret}`).digest('hex');
}

import { CompactSign, compactVerify, errors as joseErrors } from 'jose';
import { NotificationRejected, type VerifiedNotification } from './payment-provider.ts';

/** Content type of a sandbox notification body: a compact JWS. */
export const SANDBOX_NOTIFY_CONTENT_TYPE = 'application/jose';
const TYP = 'sandbox-pay-notify';

export interface SandboxNotificationPayload {
  notifyId: string;
  tradeNo: string;
  amountFen: number;
  status: 'SUCCESS' | 'FAIL';
  /** ISO 8601 instant. */
  paidAt: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a notification as the sandbox provider does (HS256 compact JWS). Tests use it to forge variants. */
export async function signSandboxNotification(secret: string, payload: SandboxNotificationPayload): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'HS256', typ: TYP })
    .sign(key(secret));
}

function parsePayload(bytes: Uint8Array): VerifiedNotification {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new NotificationRejected('payload is not JSON');
  }
  const p = data as Partial<SandboxNotificationPayload> | null;
  const paidAt = typeof p?.paidAt === 'string' ? new Date(p.paidAt) : new Date(Number.NaN);
  if (
    !p ||
    typeof p.notifyId !== 'string' ||
    p.notifyId.length === 0 ||
    p.notifyId.length > 64 ||
    typeof p.tradeNo !== 'string' ||
    p.tradeNo.length === 0 ||
    p.tradeNo.length > 64 ||
    !Number.isSafeInteger(p.amountFen) ||
    (p.status !== 'SUCCESS' && p.status !== 'FAIL') ||
    Number.isNaN(paidAt.getTime())
  ) {
    throw new NotificationRejected('payload has the wrong shape');
  }
  return { notifyId: p.notifyId, tradeNo: p.tradeNo, amountFen: p.amountFen as number, status: p.status, paidAt };
}

/** Verifies signature, algorithm and type, then the payload shape. */
export async function verifySandboxNotification(secret: string, raw: string): Promise<VerifiedNotification> {
  try {
    const { payload, protectedHeader } = await compactVerify(raw.trim(), key(secret), { algorithms: ['HS256'] });
    if (protectedHeader.typ !== TYP) throw new NotificationRejected('unexpected JWS type');
    return parsePayload(payload);
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new NotificationRejected(`bad signature: ${error.code}`);
    throw error;
  }
}

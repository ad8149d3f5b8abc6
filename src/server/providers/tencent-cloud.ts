/**
 * Tencent Cloud API 3.0 calls as every Tencent adapter makes them, through a
 * client of the vendor's SDK (a product client or `CommonClient`, which sign
 * TC3-HMAC-SHA256): the answer, or the platform's error code, or an
 * OutboundError when there is neither (HTTP status, socket, timeout).
 */
import { OutboundError } from './outbound.ts';

/** What the SDK's clients have in common. */
export interface TencentClient {
  request(action: string, request: object, options: { signal: AbortSignal }): Promise<unknown>;
}

export type TencentAnswer<T> = { ok: true; answer: T } | { ok: false; code: string };

/** A failure of the platform itself (InternalError.*, RequestLimitExceeded, ResourceUnavailable.*): transient. */
export const TENCENT_TRANSIENT = /^(InternalError|RequestLimitExceeded|ResourceUnavailable)/;

/**
 * One action. The error's message is the vendor's and may quote the request,
 * so only its code is kept.
 */
export async function requestTencent<T>(client: TencentClient, action: string, request: object, signal: AbortSignal): Promise<TencentAnswer<T>> {
  try {
    return { ok: true, answer: (await client.request(action, request, { signal })) as T };
  } catch (error) {
    // TencentCloudSDKHttpException: `code` is the platform's error code, `httpCode` a non-200 status; neither for a socket error.
    const { code, httpCode } = error as { code?: unknown; httpCode?: unknown };
    if (typeof httpCode === 'number') throw new OutboundError(`${action}: HTTP ${httpCode}`, httpCode >= 500, `http-${httpCode}`);
    if (typeof code !== 'string' || code === '') throw new OutboundError(`${action}: no answer`, true);
    return { ok: false, code };
  }
}

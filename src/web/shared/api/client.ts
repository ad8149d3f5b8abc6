import redaxios, { type Response } from 'redaxios';
import { ErrorCode, SUCCESS, type ApiEnvelope } from '../../../contract/envelope.ts';
import { refreshTokenCall, type TokenPair } from '../../../contract/token-refresh.ts';
import { ACCESS_TOKEN_HEADER, GW, fillPath, type CallData, type CallInput, type CallSpec } from '../../../contract/define-call.ts';
import { SYS_CODE } from '../../../engine/rules/system-codes.ts';
import { clearStorage, getUser, updateTokens } from '../state/session.ts';
import { REFRESH_THRESHOLD_S, takeStartedRequest } from './document-start.ts';

export { REFRESH_THRESHOLD_S };

/** Spec §9: request timeout 1,000,000 ms; token refreshed when under 600 s remain. */
export const REQUEST_TIMEOUT_MS = 1_000_000;
export const TIMEOUT_MESSAGE = '网络请求超时，请检查网络连接后重试';
export const HTTP_401_MESSAGE = '网络异常,请重新登录!';

/** A failed call: `code` is the envelope code, or `HTTP_<status>` / `TIMEOUT` / `NETWORK`. */
/** A query whose answer says there is nothing to show (保单不存在, 保险超市不存在): asking again would not help. */
export class MissingData extends Error {}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the client asks of the UI; registered by the app shell so the client stays UI-free. */
export interface ApiUi {
  toast(message: string, durationMs?: number): void;
  goLogin(): void;
  goHome(): void;
}
let ui: ApiUi = { toast: () => undefined, goLogin: () => undefined, goHome: () => undefined };
export function registerApiUi(next: ApiUi): void {
  ui = next;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Do not toast failures; the caller shows them. */
  silent?: boolean;
  /** Codes that count as success besides 0000 (spec §8: 200 also counts in the order flow). */
  alsoSuccess?: readonly string[];
  /** Default message when the server gives none: 'Failed to get {thing}'. */
  thing?: string;
  timeoutMs?: number;
}

let refreshing: Promise<void> | null = null;

/** Refreshes the access token once, shared by concurrent callers. */
async function refreshIfNeeded(): Promise<void> {
  const user = getUser();
  if (!user?.refreshToken) return;
  if (user.expiresAt - Date.now() > REFRESH_THRESHOLD_S * 1000) return;
  refreshing ??= (async () => {
    try {
      const res = await redaxios.post<ApiEnvelope<TokenPair>>(
        GW + refreshTokenCall.path,
        { refreshToken: user.refreshToken },
        { validateStatus: () => true, withCredentials: true },
      );
      const data = res.data?.data;
      const headerToken = res.headers?.get?.(ACCESS_TOKEN_HEADER);
      if (res.data?.code === SUCCESS && data) updateTokens(headerToken ?? data.token, data.refreshToken, data.expiresIn);
    } finally {
      refreshing = null;
    }
  })();
  await refreshing;
}

type Query = Readonly<Record<string, unknown>>;

function buildUrl(path: string, query?: Query): string {
  const url = GW + path;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * One `/_gw` call, as its contract declares it (`src/contract`), with the
 * behaviour of spec §7 and §8: auth headers, token refresh, timeout, envelope
 * unwrapping, and the side effects of 406, 401 and HTTP errors. Resolves with
 * `data` on code 0000, otherwise rejects with an ApiError (after a red toast
 * unless `silent`).
 */
export function call<S extends CallSpec>(def: S, input: CallInput<S>, options: CallOptions = {}): Promise<CallData<S>> {
  const { params, query, body } = input as { params?: Record<string, string>; query?: Query; body?: unknown };
  const path = params ? fillPath(def.path, params) : def.path;
  return send<CallData<S>>(def.method, path, query, body, options);
}

async function send<T>(method: 'GET' | 'POST', path: string, query: Query | undefined, body: unknown, options: CallOptions): Promise<T> {
  if (path !== refreshTokenCall.path) await refreshIfNeeded();
  const user = getUser();
  const headers: Record<string, string> = { sysCode: SYS_CODE, ...options.headers };
  if (user?.token) {
    headers.authorization = `Bearer ${user.token}`;
    headers.userId = user.userId;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const fail = (code: string, message: string, toast = !options.silent): never => {
    if (toast) ui.toast(message);
    throw new ApiError(code, message);
  };
  let res: Response<ApiEnvelope<T>>;
  try {
    res = await redaxios<ApiEnvelope<T>>({
      url: buildUrl(path, query),
      method,
      data: body,
      headers,
      withCredentials: true,
      // redaxios has no signal option; its custom-fetch hook carries the abort signal for the timeout. The same
      // request started by the document (document-start.ts) is taken instead of sent again.
      fetch: (input: RequestInfo | URL, init: RequestInit = {}) => {
        const sendNow = () => fetch(input, { ...init, signal: controller.signal });
        return takeStartedRequest(String(input), init, sendNow) ?? sendNow();
      },
      validateStatus: () => true,
    });
  } catch {
    if (controller.signal.aborted) {
      ui.toast(TIMEOUT_MESSAGE, 3000);
      throw new ApiError('TIMEOUT', TIMEOUT_MESSAGE);
    }
    return fail('NETWORK', '网络异常，请稍后重试', true);
  } finally {
    clearTimeout(timer);
  }
  if (res.status === 401) {
    clearStorage();
    ui.goLogin();
    return fail('HTTP_401', HTTP_401_MESSAGE, true);
  }
  if (res.status === 404 || res.status === 406) clearStorage();
  const envelope = res.data;
  if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'string') {
    return fail(`HTTP_${res.status}`, `Failed to get ${options.thing ?? 'data'}`);
  }
  if (envelope.code === SUCCESS || options.alsoSuccess?.includes(envelope.code)) return envelope.data as T;
  const message = envelope.msg || `Failed to get ${options.thing ?? 'data'}`;
  if (envelope.code === ErrorCode.LoginRequired) {
    ui.goLogin();
    return fail(ErrorCode.LoginRequired, message, !options.silent);
  }
  if (envelope.code === ErrorCode.AccountInvalid) {
    clearStorage();
    ui.goHome();
  }
  return fail(envelope.code || '____', message);
}

/**
 * A fake insurer speaking the insurer gateway protocol (docs/insurer-gateway.md)
 * for tests and `npm run fakes` (never mounted by the app). It verifies our
 * signatures (key id, HMAC, 5-minute window, nonce once) and refuses a bad one
 * with the documented 401 body, signs every answer, issues asynchronously and
 * sends the issuance callback promptly, late, twice or never (`callbackMode`),
 * and can be told to refuse an application or an endorsement, or to answer
 * 503 SYSTEM_BUSY. Claims (docs/claims.md): it takes a report or a supplement
 * once by claim number (and round), accepts a report and calls back, and
 * decides when a test tells it (`decideClaim`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signedHeaders, verifyGatewaySignature } from '../../src/server/providers/insurer/gateway-signing.ts';
import { readBody } from './http-body.ts';

export type CallbackMode = 'prompt' | 'late' | 'twice' | 'never';

export interface FakePolicy {
  orderCode: string;
  applicationFormCode: string;
  premiumFen: number;
  startDate: string;
  endDate: string;
  status: 'pending' | 'issued' | 'refused' | 'cancelled' | 'surrendered';
  policyNo?: string;
  reason?: string;
  refundFen?: number;
  notifyUrl?: string;
  /** The holder and insureds the request carried (the insurer underwrites on them). */
  holder: Record<string, unknown>;
  insureds: unknown[];
  /** The health notice answers the request carried, when the product has a notice. */
  healthAnswers?: Record<string, string>;
  /** Issue requests received for this order code (idempotency: one policy). */
  requests: number;
}

export interface FakeClaim {
  claimNo: string;
  status: 'received' | 'reviewing' | 'needMore' | 'closed' | 'declined';
  insurerClaimNo: string;
  note?: string;
  amountFen?: number;
  notifyUrl?: string;
  /** The rounds received (1 the report, then each supplement) and the photos of the last, decoded. */
  rounds: number[];
  files: { document: string; contentType: string; bytes: number }[];
  /** The payee's account number as sent (the insurer pays it). */
  accountNo: string;
  requests: number;
}

export interface InsurerGatewayFake {
  baseUrl: string;
  keyId: string;
  secret: string;
  policies: Map<string, FakePolicy>;
  callbackMode: CallbackMode;
  /** Delay before an application is decided (and, unless `never`, its callback sent). */
  decideMs: number;
  /** Extra delay of a `late` callback. */
  lateMs: number;
  /** Order codes whose application is refused (核保不通过). */
  refuseIssue: Set<string>;
  /** The insurer's own e-policy PDF by order code (GET /policies/{orderCode}/document); none for the others. */
  documents: Map<string, Uint8Array>;
  /** Refuse every 撤销 and 退保 (409 REFUSED). */
  refuseEndorsements: boolean;
  /** The next so many requests are answered 503 SYSTEM_BUSY. */
  failNext: number;
  /** Every request: its method, path and the status answered. */
  requests: { method: string; path: string; status: number }[];
  /** Callback deliveries: order code and the HTTP status our server answered (0: no answer). */
  deliveries: { orderCode: string; status: number }[];
  /** A signed callback for the policy (tests post it themselves; `forge` signs with another secret, `skewS` moves its timestamp). */
  callbackMessage(orderCode: string, options?: { forge?: boolean; skewS?: number }): { url: string; body: string; headers: Record<string, string> };
  claims: Map<string, FakeClaim>;
  /** The insurer decides a claim and calls back (askMore with a note, close with the amount, decline with the reason). */
  decideClaim(claimNo: string, decision: { status: 'needMore' | 'closed' | 'declined'; note?: string; amountFen?: number }): Promise<void>;
  /** Resolves when every scheduled decision and callback has run. */
  settled(): Promise<void>;
  env(): Record<string, string>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function resourceOf(p: FakePolicy): Record<string, unknown> {
  return {
    orderCode: p.orderCode,
    applicationFormCode: p.applicationFormCode,
    status: p.status,
    ...(p.policyNo ? { policyNo: p.policyNo } : {}),
    ...(p.reason ? { reason: p.reason } : {}),
    ...(p.refundFen === undefined ? {} : { refundFen: p.refundFen }),
  };
}

function claimResourceOf(c: FakeClaim): Record<string, unknown> {
  return { claimNo: c.claimNo, status: c.status, insurerClaimNo: c.insurerClaimNo, ...(c.note ? { note: c.note } : {}), ...(c.amountFen === undefined ? {} : { amountFen: c.amountFen }) };
}

type ClaimInput = { claimNo?: unknown; round?: unknown; notifyUrl?: unknown; bank?: { accountNo?: unknown }; files?: { document?: unknown; contentType?: unknown; base64?: unknown }[] };

/** The photos of a claim request, decoded, or undefined when one is malformed. */
function claimFilesOf(input: ClaimInput): FakeClaim['files'] | undefined {
  if (!Array.isArray(input.files)) return undefined;
  const files = input.files.map((f) =>
    typeof f.document === 'string' && typeof f.contentType === 'string' && typeof f.base64 === 'string' ? { document: f.document, contentType: f.contentType, bytes: Buffer.from(f.base64, 'base64').length } : undefined,
  );
  return files.every(Boolean) ? (files as FakeClaim['files']) : undefined;
}

export async function startInsurerGatewayFake(options: { keyId?: string; secret?: string; callbackMode?: CallbackMode; decideMs?: number; lateMs?: number; retryMs?: number } = {}): Promise<InsurerGatewayFake> {
  const keyId = options.keyId ?? 'edu-fake-key';
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const key = { keyId, secret };
  const seenNonces = new Set<string>();
  const pending = new Set<Promise<void>>();
  const retryMs = options.retryMs ?? 50;
  let closed = false;

  const track = (work: Promise<void>) => {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const fake: Omit<InsurerGatewayFake, 'baseUrl' | 'env' | 'close' | 'settled' | 'callbackMessage' | 'decideClaim'> = {
    keyId,
    secret,
    policies: new Map(),
    callbackMode: options.callbackMode ?? 'prompt',
    decideMs: options.decideMs ?? 20,
    lateMs: options.lateMs ?? 500,
    refuseIssue: new Set(),
    documents: new Map(),
    refuseEndorsements: false,
    failNext: 0,
    requests: [],
    deliveries: [],
    claims: new Map(),
  };

  /** Posts a signed claim resource to its notify URL, retried on a 5xx answer (a few times); nothing in `never` mode. */
  const deliverClaim = async (claim: FakeClaim) => {
    if (!claim.notifyUrl || fake.callbackMode === 'never') return;
    const url = new URL(claim.notifyUrl);
    for (let attempt = 0; attempt < 5 && !closed; attempt++) {
      const body = JSON.stringify(claimResourceOf(claim));
      const headers = { ...signedHeaders(key, { method: 'POST', path: url.pathname, body }), 'content-type': 'application/json' };
      const status = await fetch(url, { method: 'POST', body, headers }).then((r) => r.status, () => 0);
      fake.deliveries.push({ orderCode: claim.claimNo, status });
      if (status >= 200 && status < 500) return;
      await sleep(retryMs * 2 ** attempt);
    }
  };
  const acceptClaim = async (claim: FakeClaim) => {
    await sleep(fake.decideMs);
    claim.status = 'reviewing';
    await deliverClaim(claim);
  };

  const callbackMessage = (orderCode: string, opts: { forge?: boolean; skewS?: number } = {}) => {
    const policy = fake.policies.get(orderCode);
    if (!policy?.notifyUrl) throw new Error(`no notify URL for ${orderCode}`);
    const url = new URL(policy.notifyUrl);
    const body = JSON.stringify(resourceOf(policy));
    const signingKey = opts.forge ? { keyId, secret: randomBytes(32).toString('base64url') } : key;
    const headers = { ...signedHeaders(signingKey, { method: 'POST', path: url.pathname, body }, { nowMs: Date.now() + (opts.skewS ?? 0) * 1000 }), 'content-type': 'application/json' };
    return { url: url.toString(), body, headers };
  };

  /** Delivers a callback, signed anew each try, retried on a non-2xx answer (a few times). */
  const deliver = async (orderCode: string) => {
    for (let attempt = 0; attempt < 5 && !closed; attempt++) {
      const message = callbackMessage(orderCode);
      const status = await fetch(message.url, { method: 'POST', body: message.body, headers: message.headers }).then(
        (response) => response.status,
        () => 0,
      );
      fake.deliveries.push({ orderCode, status });
      if (status >= 200 && status < 300) return;
      if (status >= 400 && status < 500) return; // final per the protocol
      await sleep(retryMs * 2 ** attempt);
    }
  };

  const decide = async (policy: FakePolicy) => {
    await sleep(fake.decideMs);
    if (fake.refuseIssue.has(policy.orderCode)) {
      policy.status = 'refused';
      policy.reason = '核保不通过';
    } else {
      policy.status = 'issued';
      policy.policyNo = `GW${policy.orderCode.replace(/\D/g, '')}`;
    }
    if (!policy.notifyUrl) return;
    const mode = fake.callbackMode;
    if (mode === 'never') return;
    if (mode === 'late') await sleep(fake.lateMs);
    await deliver(policy.orderCode);
    if (mode === 'twice') await deliver(policy.orderCode);
  };

  const server: Server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const send = (status: number, payload: object) => {
      const text = JSON.stringify(payload);
      fake.requests.push({ method, path, status });
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close', ...signedHeaders(key, { method, path, body: text }) });
      response.end(text);
    };
    const check = verifyGatewaySignature(key, request.headers, { method, path, body });
    if (!check.ok) return send(401, { code: check.problem, message: 'signature refused' });
    if (seenNonces.has(check.nonce)) return send(401, { code: 'REPLAYED_NONCE', message: 'nonce already used' });
    seenNonces.add(check.nonce);
    if (fake.failNext > 0) {
      fake.failNext -= 1;
      return send(503, { code: 'SYSTEM_BUSY', message: '系统繁忙' });
    }
    const url = new URL(path, 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean);
    if (method === 'POST' && url.pathname === '/policies') {
      let input: Partial<FakePolicy> & { notifyUrl?: string };
      try {
        input = JSON.parse(body) as typeof input;
      } catch {
        return send(400, { code: 'INVALID_REQUEST', message: 'body is not JSON' });
      }
      if (typeof input.orderCode !== 'string' || typeof input.applicationFormCode !== 'string' || typeof input.premiumFen !== 'number' || typeof input.holder !== 'object' || !Array.isArray(input.insureds)) {
        return send(400, { code: 'INVALID_REQUEST', message: 'orderCode, applicationFormCode, premiumFen, holder and insureds are required' });
      }
      const known = fake.policies.get(input.orderCode);
      if (known) {
        known.requests += 1;
        return send(200, resourceOf(known));
      }
      const policy: FakePolicy = {
        orderCode: input.orderCode,
        applicationFormCode: input.applicationFormCode,
        premiumFen: input.premiumFen,
        startDate: String(input.startDate),
        endDate: String(input.endDate),
        status: 'pending',
        holder: input.holder,
        insureds: input.insureds,
        ...(input.healthAnswers && typeof input.healthAnswers === 'object' ? { healthAnswers: input.healthAnswers as Record<string, string> } : {}),
        requests: 1,
        ...(typeof input.notifyUrl === 'string' ? { notifyUrl: input.notifyUrl } : {}),
      };
      fake.policies.set(policy.orderCode, policy);
      track(decide(policy));
      return send(200, resourceOf(policy));
    }
    if (parts[0] === 'claims') return handleClaim(method, parts, body, send);
    const policy = parts[0] === 'policies' && parts[1] ? fake.policies.get(decodeURIComponent(parts[1])) : undefined;
    if (!policy) return send(404, { code: 'NOT_FOUND', message: 'no such policy' });
    if (method === 'GET' && parts.length === 2) return send(200, resourceOf(policy));
    if (method === 'GET' && parts.length === 3 && parts[2] === 'document') {
      const document = fake.documents.get(policy.orderCode);
      if (policy.status !== 'issued' || !document) return send(404, { code: 'NOT_FOUND', message: 'no e-policy for this policy' });
      return send(200, { orderCode: policy.orderCode, policyNo: policy.policyNo, contentType: 'application/pdf', content: Buffer.from(document).toString('base64') });
    }
    if (method === 'POST' && parts.length === 3 && (parts[2] === 'cancel' || parts[2] === 'surrender')) {
      const done = parts[2] === 'cancel' ? 'cancelled' : 'surrendered';
      if (policy.status === done) return send(200, resourceOf(policy));
      if (policy.status !== 'issued') return send(409, { code: 'REFUSED', message: '保单状态不允许' });
      if (fake.refuseEndorsements) return send(409, { code: 'REFUSED', message: done === 'cancelled' ? '已过撤销期限' : '不符合退保条件' });
      policy.status = done;
      // 撤销: the whole premium; 退保: the unexpired share of it.
      const start = Date.parse(policy.startDate);
      const end = Date.parse(policy.endDate);
      const share = done === 'cancelled' || !(end > start) ? 1 : Math.max(0, Math.min(1, (end - Date.now()) / (end - start)));
      policy.refundFen = Math.floor(policy.premiumFen * share);
      return send(200, resourceOf(policy));
    }
    return send(404, { code: 'NOT_FOUND', message: 'no such call' });
  }

  function handleClaim(method: string, parts: string[], body: string, send: (status: number, payload: object) => void): void {
    if (method === 'GET' && parts.length === 2) {
      const claim = fake.claims.get(decodeURIComponent(parts[1]!));
      return claim ? send(200, claimResourceOf(claim)) : send(404, { code: 'NOT_FOUND', message: 'no such claim' });
    }
    let input: ClaimInput;
    try {
      input = JSON.parse(body) as ClaimInput;
    } catch {
      return send(400, { code: 'INVALID_REQUEST', message: 'body is not JSON' });
    }
    const files = claimFilesOf(input);
    if (typeof input.claimNo !== 'string' || typeof input.round !== 'number' || typeof input.bank?.accountNo !== 'string' || !files) {
      return send(400, { code: 'INVALID_REQUEST', message: 'claimNo, round, bank and files are required' });
    }
    const known = fake.claims.get(input.claimNo);
    if (method === 'POST' && parts.length === 1) {
      if (known) {
        known.requests += 1;
        return send(200, claimResourceOf(known));
      }
      const claim: FakeClaim = { claimNo: input.claimNo, status: 'received', insurerClaimNo: `GWC${input.claimNo.replace(/\D/g, '')}`, rounds: [input.round], files, accountNo: input.bank.accountNo, requests: 1, ...(typeof input.notifyUrl === 'string' ? { notifyUrl: input.notifyUrl } : {}) };
      fake.claims.set(claim.claimNo, claim);
      track(acceptClaim(claim));
      return send(200, claimResourceOf(claim));
    }
    if (method === 'POST' && parts.length === 3 && parts[2] === 'supplement' && known && decodeURIComponent(parts[1]!) === input.claimNo) {
      known.requests += 1;
      if (known.rounds.includes(input.round)) return send(200, claimResourceOf(known));
      if (known.status !== 'needMore') return send(409, { code: 'REFUSED', message: '理赔状态不允许补充资料' });
      known.rounds.push(input.round);
      known.files = files;
      known.status = 'reviewing';
      return send(200, claimResourceOf(known));
    }
    return send(404, { code: 'NOT_FOUND', message: 'no such claim' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    baseUrl,
    callbackMessage,
    decideClaim: async (claimNo: string, decision: { status: 'needMore' | 'closed' | 'declined'; note?: string; amountFen?: number }) => {
      const claim = fake.claims.get(claimNo);
      if (!claim) throw new Error(`no claim ${claimNo}`);
      Object.assign(claim, { note: undefined, ...decision });
      await deliverClaim(claim);
    },
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    env: () => ({ INSURER_PROVIDER: 'gateway', INSURER_GATEWAY_URL: baseUrl, INSURER_GATEWAY_KEY_ID: keyId, INSURER_GATEWAY_SECRET: secret }),
    close: async () => {
      closed = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

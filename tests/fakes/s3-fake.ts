/**
 * A fake S3 for tests (never mounted by the app): s3rver keeps the buckets
 * and objects, and a loopback proxy in front of it checks every request's
 * AWS Signature Version 4 as AWS documents it
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 * and sigv4-query-string-auth.html), because s3rver itself only looks the
 * access key up and takes any V4 signature. A request is refused with S3's
 * XML error body:
 * - no signature at all: 403 AccessDenied (objects are private, there is no
 *   public-read policy);
 * - an access key other than the configured one: 403 InvalidAccessKeyId;
 * - a malformed Authorization header or a credential scope of another
 *   region or service: 400 AuthorizationHeaderMalformed;
 * - x-amz-date more than 15 minutes from the fake's clock: 403
 *   RequestTimeTooSkewed; an expired presigned URL: 403 AccessDenied;
 * - a payload hash (x-amz-content-sha256) other than the body's SHA-256:
 *   400 XAmzContentSHA256Mismatch (UNSIGNED-PAYLOAD is taken, as S3 does);
 * - any other signature than the one recomputed with the secret: 403
 *   SignatureDoesNotMatch.
 * A verified request is forwarded to s3rver unchanged but for its
 * Authorization header (s3rver knows only its own account).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3FakeOptions {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The region of the credential scope; us-east-1 unless told. */
  region?: string;
  /** Where s3rver keeps the objects; a new temporary folder (removed on close) unless told. */
  directory?: string;
}

export interface S3Fake {
  /** The proxy's address, the S3_ENDPOINT of a server that uses the fake. */
  endpoint: string;
  region: string;
  /** Requests refused, by S3 error code. */
  refused: Record<string, number>;
  /** S3_* settings of a production server that uses the fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60_000;

/** RFC 3986 encoding, as SigV4's canonical request takes it (unreserved: A-Z a-z 0-9 - . _ ~). */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function s3Error(response: ServerResponse, status: number, code: string, message: string, requestPath: string): void {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escape(message)}</Message><Resource>${escape(requestPath)}</Resource><RequestId>FAKE${Date.now()}</RequestId></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body), 'x-amz-request-id': `FAKE${Date.now()}` });
  response.end(body);
}

interface Refusal {
  status: number;
  code: string;
  message: string;
}

function refusal(status: number, code: string, message: string): Refusal {
  return { status, code, message };
}

/** The canonical URI: each path segment URI-encoded once (S3 does not double-encode). */
function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

/** The canonical query string: names and values URI-encoded, sorted by name then value; the signature itself left out. */
function canonicalQuery(search: string, leaveOut: string | undefined): string {
  const pairs: Array<[string, string]> = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const name = decodeURIComponent((at < 0 ? part : part.slice(0, at)).replace(/\+/g, '%20'));
    const value = at < 0 ? '' : decodeURIComponent(part.slice(at + 1).replace(/\+/g, '%20'));
    if (name === leaveOut) continue;
    pairs.push([uriEncode(name), uriEncode(value)]);
  }
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

interface Presented {
  accessKeyId: string;
  scope: { date: string; region: string; service: string; terminal: string };
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  /** Seconds a presigned URL is good for (query authentication only). */
  expires?: number;
  payloadHash: string;
  leaveOutOfQuery?: string;
}

/** What the request presents: from the Authorization header or from the presigned query; undefined when it is not signed at all. */
function presented(headers: IncomingHttpHeaders, query: URLSearchParams): Presented | Refusal | undefined {
  const authorization = headerValue(headers, 'authorization');
  if (authorization !== undefined) {
    const match = /^AWS4-HMAC-SHA256 +Credential=([^,\s]+), *SignedHeaders=([^,\s]+), *Signature=([0-9a-f]{64})$/.exec(authorization.trim());
    if (!match) return refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed; only AWS4-HMAC-SHA256 is accepted.');
    const [accessKeyId, date, region, service, terminal] = match[1]!.split('/');
    const amzDate = headerValue(headers, 'x-amz-date');
    if (!amzDate) return refusal(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
    const payloadHash = headerValue(headers, 'x-amz-content-sha256');
    if (!payloadHash) return refusal(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    return { accessKeyId: accessKeyId ?? '', scope: { date: date ?? '', region: region ?? '', service: service ?? '', terminal: terminal ?? '' }, signedHeaders: match[2]!.split(';'), signature: match[3]!, amzDate, payloadHash };
  }
  if (query.has('X-Amz-Algorithm')) {
    if (query.get('X-Amz-Algorithm') !== ALGORITHM) return refusal(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
    const credential = query.get('X-Amz-Credential') ?? '';
    const [accessKeyId, date, region, service, terminal] = credential.split('/');
    const expires = Number(query.get('X-Amz-Expires'));
    const signature = query.get('X-Amz-Signature') ?? '';
    const amzDate = query.get('X-Amz-Date') ?? '';
    if (!/^[0-9a-f]{64}$/.test(signature) || !amzDate || !Number.isInteger(expires) || expires < 1 || expires > 604_800) {
      return refusal(400, 'AuthorizationQueryParametersError', 'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
    }
    return {
      accessKeyId: accessKeyId ?? '',
      scope: { date: date ?? '', region: region ?? '', service: service ?? '', terminal: terminal ?? '' },
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
      signature,
      amzDate,
      expires,
      // A presigned URL's payload is unsigned unless the URL says otherwise.
      payloadHash: query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
      leaveOutOfQuery: 'X-Amz-Signature',
    };
  }
  return undefined;
}

function parseAmzDate(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : Number.NaN;
}

/** Checks one request's SigV4; undefined when it holds. */
export function verifySigV4(
  request: { method: string; rawPath: string; search: string; headers: IncomingHttpHeaders; body: Buffer },
  account: { accessKeyId: string; secretAccessKey: string; region: string },
  now = Date.now(),
): Refusal | undefined {
  const found = presented(request.headers, new URLSearchParams(request.search));
  if (found === undefined) return refusal(403, 'AccessDenied', 'Access Denied');
  if ('code' in found) return found;
  if (found.accessKeyId !== account.accessKeyId) return refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const { scope } = found;
  if (scope.region !== account.region) return refusal(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${scope.region}' is wrong; expecting '${account.region}'`);
  if (scope.service !== 's3' || scope.terminal !== 'aws4_request') return refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed; the credential scope must end in s3/aws4_request.');
  const signedAt = parseAmzDate(found.amzDate);
  if (Number.isNaN(signedAt) || found.amzDate.slice(0, 8) !== scope.date) return refusal(403, 'AccessDenied', 'X-Amz-Date is not a valid ISO 8601 basic time or does not match the credential scope date.');
  if (found.expires !== undefined) {
    if (now > signedAt + found.expires * 1000) return refusal(403, 'AccessDenied', 'Request has expired');
  } else if (Math.abs(now - signedAt) > MAX_SKEW_MS) {
    return refusal(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  if (!found.signedHeaders.includes('host')) return refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed; SignedHeaders must include host.');
  if (found.leaveOutOfQuery === undefined && !found.signedHeaders.includes('x-amz-content-sha256')) {
    return refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed; SignedHeaders must include x-amz-content-sha256.');
  }
  if (/^[0-9a-f]{64}$/.test(found.payloadHash)) {
    if (sha256Hex(request.body) !== found.payloadHash) return refusal(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  } else if (found.payloadHash !== 'UNSIGNED-PAYLOAD') {
    // Chunk-signed uploads (STREAMING-*) are not something our adapter sends.
    return refusal(400, 'InvalidArgument', `x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a SHA-256, not ${found.payloadHash}`);
  }
  const canonicalHeaders = [...found.signedHeaders]
    .sort()
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    canonicalUri(request.rawPath),
    canonicalQuery(request.search, found.leaveOutOfQuery),
    canonicalHeaders,
    [...found.signedHeaders].sort().join(';'),
    found.payloadHash,
  ].join('\n');
  const credentialScope = `${scope.date}/${scope.region}/s3/aws4_request`;
  const stringToSign = [ALGORITHM, found.amzDate, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${account.secretAccessKey}`, scope.date), scope.region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest();
  if (!timingSafeEqual(expected, Buffer.from(found.signature, 'hex'))) {
    return refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
  }
  return undefined;
}

function readRaw(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startS3Fake(options: S3FakeOptions): Promise<S3Fake> {
  const region = options.region ?? 'us-east-1';
  const ownFolder = options.directory === undefined ? mkdtempSync(join(tmpdir(), 'edu-s3-fake-')) : undefined;
  const backend = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: options.directory ?? ownFolder!, configureBuckets: [{ name: options.bucket, configs: [] }] });
  const { port: backendPort } = await backend.run();
  const refused: Record<string, number> = {};
  const account = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region };

  const proxy = createServer((request, response) => {
    void (async () => {
      const body = await readRaw(request);
      const target = request.url ?? '/';
      const at = target.indexOf('?');
      const rawPath = at < 0 ? target : target.slice(0, at);
      const search = at < 0 ? '' : target.slice(at);
      let failed: Refusal | undefined;
      try {
        failed = verifySigV4({ method: request.method ?? 'GET', rawPath, search, headers: request.headers, body }, account);
      } catch {
        failed = refusal(400, 'InvalidURI', "Couldn't parse the specified URI.");
      }
      if (failed) {
        refused[failed.code] = (refused[failed.code] ?? 0) + 1;
        return s3Error(response, failed.status, failed.code, failed.message, rawPath);
      }
      const headers: IncomingHttpHeaders = { ...request.headers, host: `127.0.0.1:${backendPort}`, 'content-length': String(body.length) };
      delete headers.authorization;
      delete headers['transfer-encoding'];
      // Signed query parameters stay: s3rver reads the x-amz-* ones but checks no V4 signature.
      const forward = httpRequest({ host: '127.0.0.1', port: backendPort, method: request.method, path: target, headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      forward.on('error', () => s3Error(response, 503, 'ServiceUnavailable', 'Please reduce your request rate.', rawPath));
      forward.end(body);
    })().catch(() => {
      if (!response.headersSent) s3Error(response, 500, 'InternalError', 'We encountered an internal error. Please try again.', request.url ?? '/');
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    region,
    refused,
    env: () => ({
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: options.bucket,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await backend.close();
      if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
    },
  };
}

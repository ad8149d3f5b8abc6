/**
 * Catalogue answers serialised and compressed once per manifest set (issue
 * 15): the product list, its pages and the other answers that depend on the
 * manifests only are built on first request, kept beside the manifest store
 * they were built from, and sent as bytes. A new manifest store (a server
 * started on changed manifests, or a store swapped in) has a cache of its
 * own, so an answer never outlives the manifests it was made of.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ApiEnvelope } from '../../contract/envelope.ts';
import { COMPRESS_THRESHOLD } from '../http/answer-size.ts';
import type { PreparedReply } from '../http/route.ts';
import type { ManifestStore } from './manifest-store.ts';

/** One answer as bytes: the JSON, its ETag, and its encodings made on first demand. */
export class PreparedAnswer {
  readonly json: Buffer;
  readonly etag: string;
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;

  constructor(json: string | Uint8Array) {
    this.json = typeof json === 'string' ? Buffer.from(json) : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
    this.etag = `"${createHash('sha256').update(this.json).digest('base64url').slice(0, 27)}"`;
  }

  get br(): Buffer {
    this.#br ??= brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length } });
    return this.#br;
  }

  get gzip(): Buffer {
    this.#gzip ??= gzipSync(this.json, { level: 9 });
    return this.#gzip;
  }
}

const caches = new WeakMap<ManifestStore, LRUCache<string, PreparedAnswer>>();
/** Answers kept per manifest set at most (keys come from requests: pages, categories); the least recently asked go first. */
const MAX_ANSWERS = 2000;

/**
 * The answer `key` of this manifest set, built the first time it is asked
 * for: `build` makes the envelope (from the manifests and the key only), the
 * route's response serializer (`reply.serialize`, which leaves out what the
 * call does not declare) makes it JSON.
 */
export function preparedAnswer(store: ManifestStore, key: string, reply: FastifyReply, build: () => ApiEnvelope<unknown>): PreparedAnswer {
  let cache = caches.get(store);
  if (!cache) {
    cache = new LRUCache({ max: MAX_ANSWERS });
    caches.set(store, cache);
  }
  let answer = cache.get(key);
  if (!answer) {
    const json = reply.serialize(build());
    answer = new PreparedAnswer(json instanceof ArrayBuffer ? new Uint8Array(json) : json);
    cache.set(key, answer);
  }
  return answer;
}

type Encoding = 'br' | 'gzip' | undefined;

/** Distinct `accept-encoding` values remembered at most, and their longest (a client may make up any); longer ones are read on their request. */
const MAX_ENCODING_VALUES = 64;
const MAX_ENCODING_VALUE_LENGTH = 256;
/** The encoding chosen per `accept-encoding` value ('identity' for none): clients send a handful of fixed strings, read once each. */
const chosenEncodings = new LRUCache<string, NonNullable<Encoding> | 'identity'>({ max: MAX_ENCODING_VALUES });

/** The encoding of the answer: br, then gzip, when the client accepts it (q=0 refuses); undefined for identity. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return undefined;
  const known = chosenEncodings.get(acceptEncoding);
  if (known) return known === 'identity' ? undefined : known;
  const encoding = readAcceptEncoding(acceptEncoding);
  if (acceptEncoding.length <= MAX_ENCODING_VALUE_LENGTH) chosenEncodings.set(acceptEncoding, encoding ?? 'identity');
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * Sends a prepared answer: 304 when a GET's client has it (If-None-Match),
 * otherwise its bytes in the best encoding the client accepts. The route's
 * response schema is not applied to bytes: they were made by its serializer.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer, type = 'application/json; charset=utf-8'): PreparedReply {
  return sent(request, reply, answer, type) as PreparedReply;
}

function sent(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer, type: string): FastifyReply {
  reply.header('etag', answer.etag).header('vary', 'accept-encoding');
  if (request.method === 'GET' && request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  reply.type(type);
  const encoding = answer.json.length >= COMPRESS_THRESHOLD ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? answer.br : answer.gzip);
}

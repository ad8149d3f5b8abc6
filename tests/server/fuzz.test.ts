/**
 * The fuzzing suite: requests generated from every declared
 * call's contract (fast-check arbitraries derived from its TypeBox params,
 * query, headers and body), mixed with hostile values (NUL, lone surrogates,
 * 1 MB strings, deep nesting, `__proto__`, overflowing and non-finite
 * numbers), sent through `inject` to every registered route, logged in and
 * not, on PGlite and on PostgreSQL when DATABASE_URL is set.
 *
 * It fails on any HTTP 500, any envelope answer that does not match the
 * call's declared response schema, and any stack trace or SQL text in a body.
 *
 * Seeded (FUZZ_SEED, fixed by default) and bounded: FUZZ_RUNS requests per
 * route and log-in state (4 by default, about a thousand requests per
 * database, well under two minutes); `FUZZ_RUNS=200 npx vitest run
 * tests/server/fuzz.test.ts` for a long run.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../../src/contract/calls.ts';
import { GW, type CallSpec } from '../../src/contract/define-call.ts';
import { responseSchemas } from '../../src/server/http/route.ts';
import { backends, login, makeTestApp, type TestApp } from './helpers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

type Schema = Record<string, unknown>;
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

// --- hostile values -------------------------------------------------------------------------

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'ED\u0000', '\ud800', 'a\udc00b', '\udbff\udbff', '\uffff', '\u202e', '𠀀', '　',
  "' or '1'='1", '1; drop table users --', '${7*7}', '{{7*7}}', '../../etc/passwd', '<script>alert(1)</script>',
  '__proto__', 'constructor', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity', '1e309', '-0', '0x1F',
  '99999999999999999999', '-2147483649', '2147483648', '9223372036854775808', '13800138000', '320102201001010012',
  '2026-02-30', '9999-12-31', '0000-00-00',
];
/** Any UTF-16 code unit, lone surrogates included. */
const codeUnitString = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 30 });
const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: codeUnitString },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(2001), '好'.repeat(70_000), 'a'.repeat(1_000_000)) },
);
const hostileNumber = fc.constantFrom(-1, 0, 0.5, -2147483649, 2147483648, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE);
const protoObject = fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}') as unknown);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: protoObject },
  { weight: 1, arbitrary: fc.constant(JSON.parse(deepArray(500)) as unknown) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
/** Whole bodies a parser must survive. */
const HOSTILE_BODIES = [
  deepArray(20_000), deepObject(5_000), '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}',
  '', 'null', '[]', '1e400', '{"a":1e400}', '"\\u0000"', '{"a":"\\ud800"}', '{', '\u0000',
  `{"x":"${'a'.repeat(300_000)}"}`,
];

// --- arbitraries from the contract -----------------------------------------------------------

const asList = (type: unknown): unknown[] => (Array.isArray(type) ? type : [type]);

/** A value of the schema (bounded sizes), each property sometimes replaced by a hostile value. */
function arbitraryOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const valid = validArbitraryOf(schema, depth);
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
}

function validArbitraryOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => validArbitraryOf(s, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return validArbitraryOf(schema.allOf[0] as Schema, depth + 1);
  const types = asList(schema.type).filter((t) => t !== undefined);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitraryOf({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string': {
      const maxLength = Math.min(Number(schema.maxLength ?? 40), 60);
      const minLength = Math.min(Number(schema.minLength ?? 0), maxLength);
      if (typeof schema.pattern === 'string') {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= Number(schema.maxLength ?? Infinity));
      }
      return fc.string({ minLength, maxLength });
    }
    case 'integer':
      return fc.integer({ min: Math.max(Number(schema.minimum ?? -1e6), -(2 ** 31)), max: Math.min(Number(schema.maximum ?? 1e6), 2 ** 31 - 1) });
    case 'number':
      return fc.double({ min: Number(schema.minimum ?? -1e6), max: Number(schema.maximum ?? 1e6), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf((schema.items ?? {}) as Schema, depth + 1), {
        minLength: Math.min(Number(schema.minItems ?? 0), 3),
        maxLength: Math.max(Math.min(Number(schema.maxItems ?? 3), 3), Math.min(Number(schema.minItems ?? 0), 3)),
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, arbitraryOf(child, depth + 1)])),
        { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
      );
      // Now and then an own __proto__ or an unknown key rides along.
      return fc.tuple(record, fc.option(fc.constantFrom('__proto__', 'constructor', 'isAdmin'), { freq: 8 })).map(([value, extra]) => {
        if (extra) Object.defineProperty(value, extra, { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
        return value;
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Query and path values travel as text. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');
/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
const percentEncoded = (text: string): string => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

interface Generated {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  /** A JSON value, or raw text when `rawBody` is set. */
  body: unknown;
  rawBody: string | null;
  contentType: string;
}

function requestArbitrary(spec: CallSpec): fc.Arbitrary<Generated> {
  const part = (schema: unknown) => (schema ? (validArbitraryOf(schema as Schema, 0) as fc.Arbitrary<Record<string, unknown>>) : fc.constant({}));
  const body = spec.body ? arbitraryOf(spec.body as Schema) : fc.option(hostileValue, { freq: 3 });
  return fc.record({
    params: part(spec.params),
    query: part(spec.query),
    headers: part(spec.headers),
    body,
    rawBody: fc.option(fc.constantFrom(...HOSTILE_BODIES), { freq: 6 }),
    contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
  });
}

function injectOptions(spec: CallSpec, input: Generated, token: string | null) {
  const path = spec.path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => percentEncoded(asText(input.params[key] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) search.append(key, asText(item));
  }
  const query = search.toString();
  // Header values must be ISO-8859-1 text without control characters; anything else is sent escaped.
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(input.headers).map(([k, v]) => [k, /^[\x20-\x7e]*$/.test(asText(v)) ? asText(v) : percentEncoded(asText(v))]),
  );
  if (token) headers.authorization = `Bearer ${token}`;
  const url = `${GW}${path}${query ? `?${query}` : ''}`;
  const payload = spec.method === 'GET' ? undefined : (input.rawBody ?? (input.body === undefined ? undefined : JSON.stringify(input.body)));
  if (payload !== undefined) headers['content-type'] = input.contentType;
  return { method: spec.method, url, headers, payload };
}

// --- what every answer must be ----------------------------------------------------------------

/** Node stack frames, driver and ORM names, SQL statements. */
const LEAKS = [
  /\n\s+at .+:\d+:\d+/, /node_modules|\/src\/server\//, /\b(?:DrizzleQueryError|Failed query|PGlite|PostgresError|DatabaseError)\b/,
  /\bselect\b[^"]{0,200}\bfrom\b/i, /\binsert into\b/i, /\bupdate\b\s+"?\w+"?\s+set\b/i, /\bdelete from\b/i,
  /duplicate key|violates .* constraint|syntax error at|relation "|invalid input syntax|out of range for type/i,
];

function makeResponseChecker() {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  const cache = new Map<string, ValidateFunction>();
  return (spec: CallSpec, status: number): ValidateFunction | null => {
    if (spec.raw && status === 200) return null;
    const key = `${spec.method} ${spec.path} ${status === 200 ? 200 : status >= 500 ? '5xx' : '4xx'}`;
    let validate = cache.get(key);
    if (!validate) {
      const schemas = responseSchemas(spec) as Record<string, unknown>;
      validate = ajv.compile((status === 200 ? schemas[200] : status >= 500 ? schemas['5xx'] : schemas['4xx']) as object);
      cache.set(key, validate);
    }
    return validate;
  };
}

function problemsOf(spec: CallSpec, response: LightMyRequestResponse, checker: ReturnType<typeof makeResponseChecker>): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`HTTP ${response.statusCode}`);
  const text = response.body;
  // A raw call (a page, an image) may refuse in its own content type; anything else is an envelope.
  const contentType = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
  const isEnvelope = !(spec.raw && (response.statusCode === 200 || contentType in spec.raw));
  if (isEnvelope) {
    for (const leak of LEAKS) if (leak.test(text)) problems.push(`leak ${leak}: ${text.slice(0, 300)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      problems.push(`not JSON: ${text.slice(0, 200)}`);
    }
    const validate = checker(spec, response.statusCode);
    if (json !== undefined && validate && !validate(json)) {
      problems.push(`response does not match its schema: ${ajvMessage(validate)} in ${text.slice(0, 300)}`);
    }
  }
  return problems;
}

const ajvMessage = (validate: ValidateFunction) => `${validate.errors?.[0]?.instancePath ?? ''} ${validate.errors?.[0]?.message ?? ''}`;

// --- the suite --------------------------------------------------------------------------------

/** Requests sent per database in this run (printed at the end, quoted in docs/security.md). */
let sent = 0;

describe.each(backends)('fuzzing every declared call (%s)', (backend) => {
  let t: TestApp;
  let token: string;
  const checker = makeResponseChecker();
  const registered = new Set<string>();

  beforeAll(async () => {
    t = await makeTestApp({ backend, onRoute: (route) => void registered.add(`${String(route.method)} ${route.url}`) });
    token = (await login(t.app)).token;
  }, 120_000);
  afterAll(async () => {
    console.info(`fuzz (${backend}): ${sent} requests, ${RUNS} runs per route and log-in state, seed ${SEED}`);
    sent = 0;
    await t.close();
  });

  const calls = allCalls();

  it('sends generated and hostile requests to every declared route without a 500, a leak or an undeclared answer', async () => {
    const failures: string[] = [];
    let routes = 0;
    for (const { name, call: spec } of calls) {
      if (!registered.has(`${spec.method} ${GW}${spec.path}`)) continue;
      routes++;
      for (const loggedIn of [true, false]) {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(spec), async (input) => {
            // Failures are collected, not thrown: fast-check would print megabytes of counterexample.
            const options = injectOptions(spec, input, loggedIn ? token : null);
            const where = `${name} ${options.method} ${options.url.slice(0, 160)} ${String(options.payload ?? '').slice(0, 160)}`;
            try {
              const response = await t.app.inject(options as never);
              sent++;
              const problems = problemsOf(spec, response, checker);
              if (problems.length > 0) failures.push(`${where}: ${problems.join('; ')}`);
              // Log-out, a password change or a phone change end the session: log in again.
              if (loggedIn && spec.auth === 'user' && response.body.includes('"code":"406"')) token = (await login(t.app)).token;
            } catch (error) {
              failures.push(`${where}: threw ${String(error).slice(0, 200)}`);
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      }
    }
    expect(routes).toBeGreaterThan(100);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);
});

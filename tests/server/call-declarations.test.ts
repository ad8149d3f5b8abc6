/**
 * Every `/_gw` route is registered from a declaration of src/contract (with
 * its response schema), every declaration is served, and the OpenAPI
 * document lists them all.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../../src/contract/calls.ts';
import type { CallSpec } from '../../src/contract/define-call.ts';
import { GW } from '../../src/contract/define-call.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

interface Seen {
  key: string;
  call: CallSpec | undefined;
  hasResponse: boolean;
}

const keyOf = (method: string, path: string) => `${method} ${path}`;

describe('call declarations', () => {
  let t: TestApp;
  const seen: Seen[] = [];

  beforeAll(async () => {
    t = await makeTestApp({
      onRoute: (route: RouteOptions) => {
        if (!route.url.startsWith(`${GW}/`)) return;
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue;
          const schema = route.schema as { response?: Record<string, unknown> } | undefined;
          seen.push({
            key: keyOf(method, route.url.slice(GW.length)),
            call: route.config?.call,
            hasResponse: Boolean(schema?.response?.['200']),
          });
        }
      },
    });
  });
  afterAll(() => t?.close());

  it('registers every /_gw route from a declaration, with a response schema', () => {
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((route) => !route.call).map((route) => route.key)).toEqual([]);
    expect(seen.filter((route) => !route.hasResponse).map((route) => route.key)).toEqual([]);
    for (const route of seen) expect(route.key).toBe(keyOf(route.call!.method, route.call!.path));
  });

  it('serves every declaration (development calls included: the suite runs in test mode)', () => {
    const registered = new Set(seen.map((route) => route.key));
    const unserved = allCalls()
      .filter(({ call }) => !registered.has(keyOf(call.method, call.path)))
      .map(({ name, call }) => `${name}: ${keyOf(call.method, call.path)}`);
    expect(unserved).toEqual([]);
  });

  it('declares each method and path once', () => {
    const keys = allCalls().map(({ call }) => keyOf(call.method, call.path));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('serves an OpenAPI 3.1 document of every call at /_gw/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${GW}/openapi.json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const { name, call } of allCalls()) {
      // OpenAPI writes `:name` params as `{name}`.
      const path = GW + call.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = doc.paths[path]?.[call.method.toLowerCase()];
      expect(operation, `${name} in the document`).toBeDefined();
      expect(operation?.responses?.['200'], `${name} response`).toBeDefined();
    }
    expect(Object.keys(doc.paths).every((path) => path.startsWith(`${GW}/`))).toBe(true);
  });

  it('never sends a field the declaration does not have', async () => {
    // The rating template answers {list, total}; a field added by a handler would be dropped by the serializer.
    const res = await t.app.inject({ method: 'GET', url: `${GW}/comment-svc/api/v1/indicators/product?productCode=25PR320300&commentNode=00` });
    const body = res.json() as { code: string; data: Record<string, unknown> | null };
    expect(body.code).toBe('0000');
    expect(Object.keys(body.data ?? {}).sort()).toEqual(['list', 'total']);
  });
});

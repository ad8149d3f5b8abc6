/**
 * The insure forms' precompiled validators (src/server/catalogue/form-validators.ts):
 * served as JavaScript modules at the key of each form's schema, compressed and
 * cached for good, built from the manifests the server runs on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInsureFormSchema } from '../../src/engine/insure/form-schema.ts';
import { formValidatorKey } from '../../src/engine/insure/form-validator-key.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { createManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { preparedFormValidator } from '../../src/server/catalogue/form-validators.ts';
import { formValidatorUrl } from '../../src/web/features/insure/renderers/insure/form-validator.ts';
import { makeTestApp, type TestApp, XUZHOU } from './helpers.ts';

const raw: ProductManifest[] = readdirSync('manifests')
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(`manifests/${f}`, 'utf8')) as ProductManifest);
const xuzhou = raw.find((m) => m.productCode === XUZHOU)!;
const keyOf = (m: ProductManifest) => formValidatorKey(buildInsureFormSchema(m).schema);

describe('GET /_gw/prod-svc/forms/<key>.js', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('serves the module of a form at the address the web app imports, compressed and cached for good', async () => {
    const url = formValidatorUrl(keyOf(xuzhou));
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toContain('export const validate');
    expect(plain.body).not.toMatch(/\brequire\s*\(/);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
  });

  it('answers 404 for a key no form has, and refuses an address that is no key', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: formValidatorUrl('0-0') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    // The API's error envelope, as every other call's refusal (the fuzz test holds every route to it).
    expect(unknown.json()).toMatchObject({ code: expect.any(String), msg: '表单校验不存在' });
    const bad = await t.app.inject({ method: 'GET', url: formValidatorUrl('../x') });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });
});

describe('the modules follow the manifests', () => {
  it('builds once per manifest set: the same bytes again, and a changed form only in a store of the changed manifests', () => {
    const store = createManifestStore(raw);
    const first = preparedFormValidator(store, keyOf(xuzhou));
    expect(first).toBeDefined();
    expect(preparedFormValidator(store, keyOf(xuzhou))).toBe(first);

    const changedXuzhou: ProductManifest = { ...xuzhou, insure: { ...xuzhou.insure, maxInsureds: (xuzhou.insure.maxInsureds ?? 1) + 5 } };
    const changedKey = keyOf(changedXuzhou);
    expect(changedKey).not.toBe(keyOf(xuzhou));
    expect(preparedFormValidator(store, changedKey)).toBeUndefined();
    const changed = createManifestStore(raw.map((m) => (m.productCode === XUZHOU ? changedXuzhou : m)));
    expect(preparedFormValidator(changed, changedKey)?.json.toString()).toContain(`"maxItems":${(xuzhou.insure.maxInsureds ?? 1) + 5}`);
  });

  it('gives forms that are alike one module', () => {
    const keys = new Set(raw.map(keyOf));
    expect(keys.size).toBeLessThan(raw.length);
  });
});

/**
 * The insure forms' validators, compiled here and served as JavaScript
 * modules (no ajv in the browser, and a changed or
 * added manifest needs no web rebuild). Each manifest's form schema is built with
 * the engine code the web app uses (buildInsureFormSchema), compiled by ajv
 * with the ajv settings of @rjsf/validator-ajv8's validator into standalone ES module code,
 * and served at `/_gw/prod-svc/forms/<key>.js`, the key naming the schema
 * (engine/insure/form-validator-key.ts). The web app imports the module and
 * wraps its functions in @rjsf/validator-ajv8's precompiled validator.
 *
 * Modules are compiled on first demand and kept, with their compressed
 * bytes, beside the manifest store they were built from (a new store, a new
 * cache); a key no manifest of the store has is a 404.
 */
import type { FastifyInstance } from 'fastify';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import standaloneModule from 'ajv/dist/standalone/index.js';
import equalModule from 'ajv/dist/runtime/equal.js';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import { ErrorCode } from '../../contract/envelope.ts';
import { productCalls } from '../../contract/product-calls.ts';
import { buildInsureFormSchema, type FormJsonSchema } from '../../engine/insure/form-schema.ts';
import { formValidatorKey } from '../../engine/insure/form-validator-key.ts';
import type { AppDeps } from '../app-deps.ts';
import { ApiError } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import type { ManifestStore } from './manifest-store.ts';
import { PreparedAnswer, sendPrepared } from './prepared-answers.ts';

/** CommonJS modules seen through ESM interop: the function is the default, or the default's default. */
function interop<T>(module: unknown): T {
  const first = (module as { default?: unknown }).default ?? module;
  return ((first as { default?: unknown }).default ?? first) as T;
}
const standaloneCode = interop<(ajv: Ajv, refsOrFuncs?: Record<string, string>) => string>(standaloneModule);
const addFormats = interop<(ajv: Ajv) => Ajv>(addFormatsModule);

/**
 * The ajv instance of @rjsf/validator-ajv8's default validator (createAjvInstance:
 * its AJV_CONFIG options, ajv-formats, its keyword), which the form used in
 * the browser before; the server may not import rjsf (a web library), so the
 * settings are repeated here, and tests/web/form-theme/precompiled-form-validator.test.ts
 * compares the errors with rjsf's own validator. rjsf's two extra formats
 * (`data-url`, `color`) are left out: no form schema has a `format`, and a
 * format in a schema would need a runtime module (refused below).
 */
function formAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    multipleOfPrecision: 8,
    strict: false,
    verbose: true,
    discriminator: false,
    code: { source: true, esm: true, lines: false },
  });
  addFormats(ajv);
  ajv.addKeyword('__rjsf_additionalProperties');
  return ajv;
}

/**
 * The ajv runtime helpers generated code may ask for, inlined (the module is
 * imported by a browser: no `require`). Each carries the `code` ajv writes
 * where it is used; the functions are self-contained.
 */
const RUNTIME: ReadonlyArray<{ code: string; source: string }> = [ucs2lengthModule, equalModule].map((module) => {
  const fn = interop<((...args: never[]) => unknown) & { code?: string }>(module);
  return { code: fn.code ?? '', source: `(${fn.toString()})` };
});

/**
 * The ES module of a form schema's validator: `export const validate`, the
 * ajv validate function of the whole form, which the web app hands to
 * @rjsf/validator-ajv8's `createPrecompiledValidator` under the schema's id.
 * Only the root: rjsf asks a validator about parts of a schema for `oneOf`,
 * `anyOf`, `dependencies` and `if`, which the insure form does not use (its
 * lists are `enum`s); a form that did would throw in the render tests
 * ("No precompiled validator function was found"). Throws when the code
 * needs a runtime helper not inlined here (e.g. for a `format`).
 */
export function formValidatorModule(schema: FormJsonSchema): string {
  const ajv = formAjv();
  const validate = ajv.compile(schema);
  let code = standaloneCode(ajv, validate as never);
  for (const helper of RUNTIME) code = code.split(helper.code).join(helper.source);
  if (/\brequire\s*\(/.test(code)) throw new Error(`form validator code needs a module: ${code.match(/require\s*\([^)]*\)/)?.[0]}`);
  return code;
}

interface FormValidatorCache {
  /** key → the schema of that key, for every form of the store. */
  schemas: Map<string, FormJsonSchema>;
  modules: Map<string, PreparedAnswer>;
}

const caches = new WeakMap<ManifestStore, FormValidatorCache>();

/** The module of the form `key` in this manifest set, compiled on first demand; undefined when no manifest has it. */
export function preparedFormValidator(store: ManifestStore, key: string): PreparedAnswer | undefined {
  let cache = caches.get(store);
  if (!cache) {
    const schemas = new Map<string, FormJsonSchema>();
    for (const manifest of store.all) {
      const { schema } = buildInsureFormSchema(manifest);
      schemas.set(formValidatorKey(schema), schema);
    }
    cache = { schemas, modules: new Map() };
    caches.set(store, cache);
  }
  let answer = cache.modules.get(key);
  if (!answer) {
    const schema = cache.schemas.get(key);
    if (!schema) return undefined;
    answer = new PreparedAnswer(formValidatorModule(schema));
    cache.modules.set(key, answer);
  }
  return answer;
}

/** A year: the address names the content, which never changes under it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /_gw/prod-svc/forms/<key>.js: the module, compressed, cached for good; 404 for a key no form has. */
export function registerFormValidatorRoute(app: FastifyInstance, deps: AppDeps): void {
  routesOf(app, deps)(productCalls.formValidator, async (request, reply) => {
    const answer = preparedFormValidator(deps.manifests, request.params.file.replace(/\.js$/, ''));
    // The API's own 404 envelope (JSON, never cached): an import() of it fails as a missing module would.
    if (!answer) {
      reply.header('cache-control', 'no-store');
      throw new ApiError(ErrorCode.NotFound, '表单校验不存在', 404);
    }
    reply.header('cache-control', IMMUTABLE);
    return sendPrepared(request, reply, answer, 'text/javascript; charset=utf-8');
  });
}

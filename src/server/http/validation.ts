import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';

// ajv-formats is CommonJS; under ESM its default export is the module object in some setups.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/**
 * Bounds a request value gets when its declaration gives none:
 * integers fit a PostgreSQL `integer` column, strings stay below what an
 * index entry holds. A declaration that needs more says so (`maximum`,
 * `maxLength`); these are only the defaults.
 */
export const DEFAULT_BOUNDS = {
  integerMinimum: -2_147_483_648,
  integerMaximum: 2_147_483_647,
  stringMaxLength: 2000,
} as const;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    // Fastify's default silently drops unknown properties; the contract says
    // additionalProperties:false, and a client sending extra fields has a bug worth reporting.
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
    // Infinity and NaN are not numbers a request may carry.
    strictNumbers: true,
    ...options,
  });
  addFormats(ajv);
  return ajv;
}

type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null;
const typesOf = (schema: SchemaNode): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/**
 * A copy of a request schema with the default bounds added where the
 * declaration has none (the declaration itself, which the OpenAPI document
 * shows, is left as declared).
 */
export function boundedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundedSchema);
  if (!isNode(schema)) return schema;
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(schema)) {
    // `const`, `enum`, `default` and `examples` are values, not schemas.
    copy[key] = key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? value : boundedSchema(value);
  }
  const types = typesOf(schema);
  if (types.includes('integer')) {
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = DEFAULT_BOUNDS.integerMaximum;
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = DEFAULT_BOUNDS.integerMinimum;
  }
  if (types.includes('string') && copy.maxLength === undefined && copy.const === undefined && copy.enum === undefined) {
    copy.maxLength = DEFAULT_BOUNDS.stringMaxLength;
  }
  return copy;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** NUL or any surrogate: a string without one needs no closer look (almost every string). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/** A string PostgreSQL cannot store (NUL) or that is not Unicode text (an unpaired surrogate). */
export function isUnstorableString(value: string): boolean {
  return SUSPECT.test(value) && (value.includes('\u0000') || LONE_SURROGATE.test(value));
}

/** Whether `value` holds a string (key or value) the database cannot take; allocates nothing (every request runs it). */
function hasUnstorable(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isUnstorableString(value);
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  if (Array.isArray(value)) {
    for (const child of value) if (hasUnstorable(child, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (isUnstorableString(key) || hasUnstorable((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** The path (`/a/0/b`) of the first string in `value` the database cannot take, or null. */
function firstUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isUnstorableString(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    if (isUnstorableString(key)) return `${path}/${key.replace(/[^\x20-\x7e]/g, '?')}`;
    const found = firstUnstorable(child, `${path}/${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Plain decimal notation: what a number in a query string or path may look like. */
const DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** The first property of a query string or path whose schema is numeric and whose text is not plain decimal. */
function firstNonDecimal(schema: SchemaNode, data: unknown): string | null {
  const properties = schema.properties;
  if (!isNode(properties) || !isNode(data)) return null;
  for (const [key, child] of Object.entries(properties)) {
    if (!isNode(child)) continue;
    const numeric = typesOf(child).some((t) => t === 'integer' || t === 'number');
    const values = [(data as SchemaNode)[key]].flat();
    if (numeric && values.some((v) => typeof v === 'string' && !DECIMAL.test(v))) return `/${key}`;
  }
  return null;
}

type Validator = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

function refusal(path: string, message: string, keyword: string): FastifySchemaValidationError[] {
  return [{ keyword, instancePath: path, schemaPath: '#', params: {}, message }];
}

/**
 * Bodies are JSON and must carry the right types; query strings and params are
 * text, so their numbers and booleans are coerced — from plain decimals only.
 * Every part is refused (4000, the field named) when a string holds NUL or an
 * unpaired surrogate, before the declared schema (with its default bounds) runs.
 */
export function installValidators(app: FastifyInstance): void {
  const bodyAjv = makeAjv({ coerceTypes: false });
  const textAjv = makeAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const isText = httpPart !== 'body';
    // Compiled on the route's first request, not at start (see lazySerializers): the same check, from then on.
    let compiled: { bounded: SchemaNode; validate: ValidateFunction } | undefined;
    const compile = () => {
      const bounded = boundedSchema(schema) as SchemaNode;
      return { bounded, validate: (isText ? textAjv : bodyAjv).compile(bounded) };
    };
    const guarded: Validator = (data) => {
      const { bounded, validate } = (compiled ??= compile());
      const unstorable = hasUnstorable(data, 0) ? firstUnstorable(data, '') : null;
      if (unstorable !== null) {
        guarded.errors = refusal(unstorable, 'must not contain NUL or unpaired surrogates', 'unstorable');
        return false;
      }
      const nonDecimal = isText ? firstNonDecimal(bounded, data) : null;
      if (nonDecimal !== null) {
        guarded.errors = refusal(nonDecimal, 'must be a plain decimal number', 'decimal');
        return false;
      }
      const ok = validate(data);
      guarded.errors = validate.errors as FastifySchemaValidationError[] | null | undefined;
      return ok;
    };
    return guarded;
  });
}

const MAYBE_EXPONENT = /[0-9.][eE]/;

/**
 * True when JSON text writes a number with an exponent (`1e3`, `1E-2`) or one
 * beyond a double (`1e400` is Infinity once parsed). Strings are skipped; the
 * only letters JSON allows outside them are those of true, false and null,
 * so an `e` right after a digit or a point is an exponent.
 */
export function hasExponentNumber(text: string): boolean {
  // Most bodies have no letter e right after a digit or a point at all: no need to walk them.
  if (!MAYBE_EXPONENT.test(text)) return false;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x65 || c === 0x45) {
      const before = text.charCodeAt(i - 1);
      if ((before >= 0x30 && before <= 0x39) || before === 0x2e) return true;
    }
  }
  return false;
}

/** Error code of a JSON body writing a number with an exponent; the error handler answers 4000. */
export const EXPONENT_NUMBER = 'EDU_EXPONENT_NUMBER';

/** JSON bodies as Fastify parses them (prototype poisoning refused), exponent forms refused first. */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (hasExponentNumber(body.toString())) {
      done(Object.assign(new Error('exponent number'), { statusCode: 400, code: EXPONENT_NUMBER }), undefined);
      return;
    }
    parse(request, body.toString(), done);
  });
}

/** One readable line for the first validation error: `body/phoneNum must match pattern "…"`. */
export function describeValidationError(
  errors: readonly FastifySchemaValidationError[],
  context: string,
): string {
  const first = errors[0];
  if (!first) return context;
  const where = `${context}${first.instancePath}`;
  const extra =
    first.keyword === 'additionalProperties' && typeof first.params.additionalProperty === 'string'
      ? ` '${first.params.additionalProperty}'`
      : '';
  return `${where} ${first.message ?? 'is invalid'}${extra}`;
}

/**
 * Fastify's response serializers (fast-json-stringify), each compiled on the
 * first answer of its route and status rather than at start. Compiling every
 * route's request and response schemas was about a quarter of a server start,
 * and a process answers few of its ~200 calls in its first seconds.
 * Every answer still goes through its compiled serializer.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => (serialize ??= compile(route))(doc);
  };
};

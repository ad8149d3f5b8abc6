import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';

// ajv-formats is CommonJS; under ESM its default export is the module object in some setups.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    // Fastify's default silently drops unknown properties; the contract says
    // additionalProperties:false, and a client sending extra fields has a bug worth reporting.
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
    ...options,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * Bodies are JSON and must carry the right types; query strings and params are
 * text, so their numbers and booleans are coerced.
 */
export function installValidators(app: FastifyInstance): void {
  const bodyAjv = makeAjv({ coerceTypes: false });
  const textAjv = makeAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object),
  );
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

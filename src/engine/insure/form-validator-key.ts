/**
 * The address key of an insure form's precompiled validator. The
 * server compiles each form schema of its manifests into a JavaScript module
 * (src/server/catalogue/form-validators.ts) served under this key; the web app
 * builds the same schema from the same manifest with the same engine code
 * (buildInsureFormSchema), computes the same key and imports the module. The
 * key names the schema's content, so the module is cached for good: a changed
 * manifest that changes the form gets a new key, one that does not keeps it
 * (and forms that are alike share one module).
 *
 * No dependencies: the web app imports it.
 */
import type { FormJsonSchema } from './form-schema.ts';

/**
 * What the compiled code depends on besides the schema: the ajv options of
 * the form's validator (@rjsf/validator-ajv8's defaults) and the module's
 * shape. Bump it when either changes, so that cached modules are not reused.
 */
export const FORM_VALIDATOR_VERSION = 1;

/**
 * The key of a form schema: two independent 32-bit hashes (FNV-1a and a
 * multiply-xorshift) of its JSON and the version, in base 36. Not a security
 * measure (the server serves only modules it compiled from its own manifests,
 * found by key); 64 bits keep two different forms from sharing a key. The
 * route's parameter (FormValidatorParams, src/contract/product.ts) takes this shape.
 */
export function formValidatorKey(schema: FormJsonSchema): string {
  const text = `${FORM_VALIDATOR_VERSION}\u0000${JSON.stringify(schema)}`;
  let fnv = 0x811c9dc5;
  let mix = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    fnv = Math.imul(fnv ^ code, 0x01000193);
    mix = Math.imul(mix ^ code, 0x5bd1e995);
    mix ^= mix >>> 15;
  }
  return `${(fnv >>> 0).toString(36)}-${(mix >>> 0).toString(36)}`;
}

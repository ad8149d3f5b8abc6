/**
 * Stands in for `fast-uri` in the web build (vite.config.ts alias). Its one
 * user there is @rjsf/utils' `$ref` resolution (findSchemaDefinition), which
 * calls `resolve` and `equal` only for a schema with `$ref`s under `$id`s; the
 * insure form's schema has neither (engine/insure/form-schema.ts), and ajv,
 * its other user, no longer ships to the browser (the form's validator is
 * precompiled on the server). The WHATWG URL parser does what those two calls
 * need for absolute and relative references, without fast-uri's 7 KB (gzip)
 * of RFC 3986 parsing and scheme handlers.
 */
function normalise(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

/** `ref` resolved against `base` (RFC 3986 §5), as fast-uri's `resolve`. */
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

/** Whether two URIs name the same resource once normalised, as fast-uri's `equal` (strings only). */
function equal(a: string, b: string): boolean {
  return normalise(a) === normalise(b);
}

export default { resolve, equal };
export { resolve, equal };

/**
 * The class a CommonJS SDK exports as `exports.default`, whichever way the
 * module was loaded (Node's ESM wrapper nests it one `default` deeper than a
 * bundler's interop).
 */
export function cjsDefault<T>(module: unknown): T {
  let value = module;
  while (value !== null && typeof value === 'object' && 'default' in value) value = (value as { default: unknown }).default;
  return value as T;
}

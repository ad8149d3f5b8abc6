/**
 * Formats JSON the way the hand-written manifests are laid out: an object or
 * array that fits on one line (within `width` characters) is written inline
 * as `{ "a": 1, "b": [1, 2] }`, anything longer is spread over indented lines.
 */
export function formatJson(value: unknown, width = 120): string {
  return `${format(value, 0, width)}\n`;
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

function format(value: unknown, depth: number, width: number, keyPrefix = ''): string {
  const pad = '  '.repeat(depth);
  const one = inline(value);
  if (value === null || typeof value !== 'object' || pad.length + keyPrefix.length + one.length + 1 <= width) return one;
  const inner = '  '.repeat(depth + 1);
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => `${inner}${format(v, depth + 1, width)}`).join(',\n')}\n${pad}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  const lines = entries.map(([k, v]) => {
    const key = `${JSON.stringify(k)}: `;
    return `${inner}${key}${format(v, depth + 1, width, key)}`;
  });
  return `{\n${lines.join(',\n')}\n${pad}}`;
}

/** Answers smaller than this are sent as they are: compressing them saves too little to pay for itself (@fastify/compress's threshold, hardening.ts). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The most bytes a value of a JSON schema can take once serialised by the
 * route's response serializer (fast-json-stringify writes the declared
 * properties only), or Infinity when the schema does not bound it (a string
 * without maxLength, an array without maxItems, open properties, a $ref).
 * Used to leave compression off the routes whose every answer is known to
 * stay below the compression threshold (route.ts).
 */
export function maxJsonBytes(schema: unknown, depth = 0): number {
  if (typeof schema !== 'object' || schema === null || depth > 16) return Infinity;
  const node = schema as Record<string, unknown>;
  const utf8 = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');
  if ('const' in node) return utf8(node.const);
  if (Array.isArray(node.enum)) return Math.max(0, ...node.enum.map(utf8));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches)) return Math.max(0, ...branches.map((branch) => maxJsonBytes(branch, depth + 1)));
  }
  if (node.$ref !== undefined || node.allOf !== undefined || node.not !== undefined) return Infinity;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  return Math.max(...types.map((type) => maxOfType(node, type, depth)));
}

/** Longest JSON number text: `-1.7976931348623157e+308`. */
const NUMBER_BYTES = 24;
/** A character written as `\uXXXX` at worst. */
const CHAR_BYTES = 6;

function maxOfType(node: Record<string, unknown>, type: unknown, depth: number): number {
  switch (type) {
    case 'null':
      return 4;
    case 'boolean':
      return 5;
    case 'number':
    case 'integer':
      return NUMBER_BYTES;
    case 'string':
      return typeof node.maxLength === 'number' ? 2 + CHAR_BYTES * node.maxLength : Infinity;
    case 'array': {
      if (typeof node.maxItems !== 'number' || Array.isArray(node.items)) return Infinity;
      return 2 + node.maxItems * (maxJsonBytes(node.items, depth + 1) + 1);
    }
    case 'object': {
      if (node.additionalProperties !== undefined && node.additionalProperties !== false) return Infinity;
      if (node.patternProperties !== undefined) return Infinity;
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      let total = 2;
      for (const [key, child] of Object.entries(properties)) total += Buffer.byteLength(JSON.stringify(key)) + 2 + maxJsonBytes(child, depth + 1);
      return total;
    }
    default:
      return Infinity;
  }
}

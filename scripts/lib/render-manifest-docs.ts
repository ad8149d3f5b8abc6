import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Node = {
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  items?: Node;
  properties?: Record<string, Node>;
  required?: string[];
  pattern?: string;
  'x-hint'?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
};

const schemaPath = fileURLToPath(new URL('../../schemas/product-manifest.schema.json', import.meta.url));

/**
 * Renders docs/manifest-reference.md from the manifest schema: one row per
 * property, with its JSON pointer, type, whether it is required, its allowed
 * values and its description. Operations staff read this; the schema stays
 * the single source.
 */
export function renderManifestDocs(): string {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Node & { $defs: Record<string, Node> };
  const resolve = (node: Node): Node => (node.$ref ? { ...schema.$defs[node.$ref.replace('#/$defs/', '')]!, ...node, $ref: undefined } : node);
  const rows: string[] = [];
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const typeOf = (node: Node): string => {
    if (node.const !== undefined) return `\`${JSON.stringify(node.const)}\``;
    if (node.enum) return node.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ');
    if (node.type === 'array' && node.items) return `array of ${typeOf(resolve(node.items))}`;
    return String(node.type ?? 'object');
  };
  const limits = (node: Node): string =>
    [
      node.pattern ? `pattern \`${node.pattern}\`${node['x-hint'] ? ` (${node['x-hint']})` : ''}` : '',
      node.minimum !== undefined ? `min ${node.minimum}` : '',
      node.maximum !== undefined ? `max ${node.maximum}` : '',
      node.minItems ? `at least ${node.minItems}` : '',
      node.default !== undefined ? `default \`${JSON.stringify(node.default)}\`` : '',
    ]
      .filter(Boolean)
      .join('; ');
  const walk = (node: Node, pointer: string, required: boolean) => {
    const n = resolve(node);
    if (pointer) {
      rows.push(`| \`${pointer}\` | ${cell(typeOf(n))} | ${required ? 'yes' : ''} | ${cell(limits(n))} | ${cell(n.description ?? '')} |`);
    }
    const objectNode = n.type === 'array' && n.items ? resolve(n.items) : n;
    const prefix = n.type === 'array' ? `${pointer}/*` : pointer;
    for (const [key, child] of Object.entries(objectNode.properties ?? {})) {
      walk(child, `${prefix}/${key}`, objectNode.required?.includes(key) ?? false);
    }
  };
  walk(schema, '', true);
  return [
    '<!-- Generated from schemas/product-manifest.schema.json by `npm run manifests:docs`. Do not edit. -->',
    '# Product manifest reference',
    '',
    schema.description ?? '',
    '',
    'How to add a product, step by step: [adding-a-product.md](adding-a-product.md). `npm run manifests:check` validates every manifest against this schema, the cross-field rules and the rules across manifests.',
    '',
    '| property (`*` = every item) | type | required | limits | meaning |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const schemaPath = fileURLToPath(new URL('../../schemas/product-manifest.schema.json', import.meta.url));

/** Renders the TypeScript declaration of the product manifest from its JSON Schema. */
export async function renderManifestTypes(): Promise<string> {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Parameters<typeof compile>[0] & { properties: { insurers: { items: unknown } } };
  // The type is the manifest as the app uses and serves it: insurer references resolved from the registry.
  schema.properties.insurers.items = { $ref: '#/$defs/servedInsurer' };
  // `examples` are documentation; they would only bloat the JSDoc.
  return compile(schema, 'ProductManifest', {
    bannerComment:
      '/* Generated from schemas/product-manifest.schema.json by `npm run manifests:types`. Do not edit. */',
    additionalProperties: false,
    unreachableDefinitions: false,
    format: true,
    style: { singleQuote: true, printWidth: 100 },
  });
}

const marketSchemaPath = fileURLToPath(new URL('../../schemas/market-manifest.schema.json', import.meta.url));

/** Renders the TypeScript declaration of a market manifest from its JSON Schema. */
export async function renderMarketTypes(): Promise<string> {
  const schema = JSON.parse(readFileSync(marketSchemaPath, 'utf8')) as Parameters<typeof compile>[0];
  return compile(schema, 'MarketManifest', {
    bannerComment: '/* Generated from schemas/market-manifest.schema.json by `npm run manifests:types`. Do not edit. */',
    additionalProperties: false,
    unreachableDefinitions: false,
    format: true,
    style: { singleQuote: true, printWidth: 100 },
  });
}

/**
 * The compiled ajv validators of the authoring schemas — product manifest,
 * market manifest, insurer and branch registries — one slot each. A slot
 * compiles its schema on first use, or uses a validator compiled earlier and
 * given to it (`use`): the server and the operator commands load them as
 * precompiled standalone code (src/server/catalogue/precompiled-validator.ts),
 * since compiling the four schemas is most of a cold `manifests:check`.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import branchSchema from '../../../schemas/branch-registry.schema.json' with { type: 'json' };
import insurerSchema from '../../../schemas/insurer-registry.schema.json' with { type: 'json' };
import marketSchema from '../../../schemas/market-manifest.schema.json' with { type: 'json' };
import manifestSchema from '../../../schemas/product-manifest.schema.json' with { type: 'json' };
import type { MarketManifest } from '../markets/market-types.generated.ts';
import type { ProductManifest } from './manifest-types.generated.ts';
import { HINT_KEYWORD, REPLACES_KEYWORD } from './problem-messages.ts';

// ajv-formats ships CommonJS; under some loaders the plugin is the default's default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

export interface SchemaValidatorSlot<T = unknown> {
  /** Short name (part of a precompiled validator's file name). */
  readonly name: string;
  readonly schema: object;
  /** ajv options (part of the key of a precompiled validator). */
  readonly options: Readonly<Record<string, unknown>>;
  /** Compiles the schema: the ajv instance and the validator; `source` keeps the generated code for a standalone module. */
  compile(source?: boolean): { ajv: Ajv2020; validate: ValidateFunction<T> };
  /** The validator: the one given to {@link use}, else compiled on first call. */
  get(): ValidateFunction<T>;
  /** Uses an already compiled validator (loaded from standalone code). */
  use(validate: ValidateFunction<T>): void;
}

function slot<T>(name: string, schema: object, options: Record<string, unknown>, formats: boolean): SchemaValidatorSlot<T> {
  let cached: ValidateFunction<T> | undefined;
  const frozen = Object.freeze({ ...options, ...(formats ? { formats: 'ajv-formats' } : {}) });
  const self: SchemaValidatorSlot<T> = {
    name,
    schema,
    options: frozen,
    compile(source = false) {
      const ajv = new Ajv2020({ ...options, ...(source ? { code: { source: true } } : {}) });
      ajv.addKeyword(HINT_KEYWORD);
      ajv.addKeyword(REPLACES_KEYWORD);
      if (formats) addFormats(ajv);
      return { ajv, validate: ajv.compile<T>(schema) };
    },
    get() {
      cached ??= self.compile().validate;
      return cached;
    },
    use(validate) {
      cached = validate;
    },
  };
  return self;
}

export const MANIFEST_VALIDATOR = slot<ProductManifest>('manifest', manifestSchema, { allErrors: true, strict: true, strictTuples: false, verbose: true }, true);
export const MARKET_VALIDATOR = slot<MarketManifest>('market', marketSchema, { allErrors: true, strict: true, strictTuples: false, verbose: true }, false);
export const INSURER_REGISTRY_VALIDATOR = slot('insurer-registry', insurerSchema, { allErrors: true, strict: true, verbose: true }, false);
export const BRANCH_REGISTRY_VALIDATOR = slot('branch-registry', branchSchema, { allErrors: true, strict: true, verbose: true }, false);

/** Every slot, for precompiling them all. */
export const SCHEMA_VALIDATORS: readonly SchemaValidatorSlot[] = [MANIFEST_VALIDATOR, MARKET_VALIDATOR, INSURER_REGISTRY_VALIDATOR, BRANCH_REGISTRY_VALIDATOR] as readonly SchemaValidatorSlot[];

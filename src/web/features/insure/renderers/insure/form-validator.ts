/**
 * The insure form's validator, precompiled by the server: no ajv
 * in the browser. The form's schema is built here from the manifest as
 * before; its key (engine/insure/form-validator-key.ts) names the module the
 * server compiled from the same schema (src/server/catalogue/form-validators.ts),
 * which is imported and wrapped in @rjsf/validator-ajv8's precompiled
 * validator: the same ajv code, options and errors as ajv compiling in the
 * browser gave, without ajv, ajv-formats or `new Function`.
 *
 * Loaded once per key and kept: a second form of the same schema (or the
 * same form opened again) gets its validator at once.
 */
import { useEffect, useState } from 'react';
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
// The precompiled validator alone: the package's index would bring ajv with it.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { CompiledValidateFunction } from '@rjsf/validator-ajv8/lib/types.js';
import { fillPath, GW } from '../../../../../contract/define-call.ts';
import { productCalls } from '../../../../../contract/product-calls.ts';
import type { FormJsonSchema } from '../../../../../engine/insure/form-schema.ts';
import { formValidatorKey } from '../../../../../engine/insure/form-validator-key.ts';

/** What a form validator module exports (formValidatorModule on the server): the whole form's ajv validate function. */
export interface FormValidatorModule {
  validate: CompiledValidateFunction;
}

/**
 * Imports the module of `key` (the key of `schema`); `attempt` > 0 after a failure (a new address: a
 * browser does not fetch a module again after a failed import).
 */
export type FormValidatorModuleLoader = (key: string, attempt: number, schema: FormJsonSchema) => Promise<FormValidatorModule>;

/** The address of the module of `key` (under the API gateway, so the dev server's proxy serves it too). */
export function formValidatorUrl(key: string): string {
  return GW + fillPath(productCalls.formValidator.path, { file: `${key}.js` });
}

const importModule: FormValidatorModuleLoader = (key, attempt) =>
  import(/* @vite-ignore */ attempt > 0 ? `${formValidatorUrl(key)}?retry=${attempt}` : formValidatorUrl(key)) as Promise<FormValidatorModule>;

let loadModule: FormValidatorModuleLoader = importModule;

/** Tests in node, where no server answers: compile the modules there (tests/web/render/harness.tsx). */
export function setFormValidatorModuleLoader(loader: FormValidatorModuleLoader | null): void {
  loadModule = loader ?? importModule;
}

const ready = new Map<string, ValidatorType>();
/** Keys of the schemas seen (a schema is built once per manifest and kept by the renderer's memo). */
const keys = new WeakMap<FormJsonSchema, string>();

function keyOf(schema: FormJsonSchema): string {
  let key = keys.get(schema);
  if (key === undefined) {
    key = formValidatorKey(schema);
    keys.set(schema, key);
  }
  return key;
}
const loading = new Map<string, Promise<ValidatorType>>();
let attempts = 0;

/** rjsf's validator of a form from the module's function: found under the schema's id (rjsf's hash of it). */
export function precompiledFormValidator(validate: CompiledValidateFunction, schema: FormJsonSchema): ValidatorType {
  const root = schema as RJSFSchema;
  return createPrecompiledValidator({ [hashForSchema(root)]: validate }, root);
}

/** The validator of `schema` if already loaded. */
export function loadedFormValidator(schema: FormJsonSchema): ValidatorType | undefined {
  return ready.get(keyOf(schema));
}

/** Loads the validator of `schema` (once per key; a failed load is tried again on the next call). */
export function loadFormValidator(schema: FormJsonSchema): Promise<ValidatorType> {
  const key = keyOf(schema);
  const done = ready.get(key);
  if (done) return Promise.resolve(done);
  let promise = loading.get(key);
  if (!promise) {
    promise = loadModule(key, attempts, schema).then(
      ({ validate }) => {
        const validator = precompiledFormValidator(validate, schema);
        ready.set(key, validator);
        loading.delete(key);
        return validator;
      },
      (error: unknown) => {
        loading.delete(key);
        attempts += 1;
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

export type FormValidatorState =
  | { status: 'ready'; validator: ValidatorType }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void };

/** The validator of `schema` for a component: at once when loaded before, else after its module arrives. */
export function useFormValidator(schema: FormJsonSchema): FormValidatorState {
  const [tries, setTries] = useState(0);
  // Set when a load ends: its schema, and whether it failed (a success is then found by loadedFormValidator).
  const [state, setState] = useState<{ schema: FormJsonSchema; failed?: boolean }>({ schema });
  const loaded = loadedFormValidator(schema);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadFormValidator(schema).then(
      () => live && setState({ schema }),
      () => live && setState({ schema, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [schema, loaded, tries]);
  if (loaded) return { status: 'ready', validator: loaded };
  if (state.schema === schema && state.failed) {
    return {
      status: 'error',
      retry: () => {
        setState({ schema });
        setTries((n) => n + 1);
      },
    };
  }
  return { status: 'loading' };
}

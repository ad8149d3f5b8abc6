import { readdirSync, readFileSync } from 'node:fs';
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { buildInsureFormSchema, formDataFromDraft } from '../../../src/engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { DEFAULT_FORM_STATE_BEHAVIOR } from '../../../src/web/form-theme/form-options.ts';

const dir = new URL('../../../manifests/', import.meta.url);
const MANIFESTS = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as ProductManifest);

describe.each(MANIFESTS.map((m) => [m.id, m] as const))('default form state of %s', (_id, m) => {
  const schema = buildInsureFormSchema(m).schema as RJSFSchema;
  const start = formDataFromDraft(m, null);

  it('adds nothing to the engine defaults: no sex, grade or school type chosen for the parent', () => {
    const utils = createSchemaUtils(validator, schema, DEFAULT_FORM_STATE_BEHAVIOR);
    expect(utils.getDefaultFormState(schema, start)).toEqual(start);
  });

  it('picks no list choice even without the option: lists are enums, which rjsf never pre-selects (it did the first const of a oneOf)', () => {
    const utils = createSchemaUtils(validator, schema);
    expect(utils.getDefaultFormState(schema, start)).not.toHaveProperty(['policyHolder', 'sex']);
  });
});

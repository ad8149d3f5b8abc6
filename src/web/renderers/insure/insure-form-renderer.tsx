import { forwardRef, useCallback, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import {
  buildInsureFormSchema,
  draftFromFormData,
  formDataFromDraft,
  formFieldId,
  normaliseFormData,
  type InsureDraftData,
  type InsureDraftLike,
  type InsureFormData,
  type PlanChoice,
} from '../../../engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { InsureForm, transformErrors } from '../../form-theme/index.tsx';
import { createInsureValidate, insureFormProblems } from './insure-validation.ts';

export interface InsureFormHandle {
  /**
   * Validates the whole form: shows every error inline (and keeps validating
   * as the parent types), scrolls to the first one and returns its message,
   * or null when the form is complete.
   */
  check(): string | null;
}

/** Scrolls the field with this rjsf id into the middle of the screen. */
function scrollToField(id: string): void {
  const element = document.getElementById(id) ?? document.querySelector(`[data-field="${id}"]`);
  element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

/**
 * The insure form of a manifest, rendered by rjsf through the antd-mobile
 * theme. Controlled by the stored draft: every change is normalised (sex and
 * birthday from the ID number, 本人 follows the holder) and handed to
 * `onDraftChange` at once, so a reload restores it.
 */
export const InsureFormRenderer = forwardRef<
  InsureFormHandle,
  { manifest: ProductManifest; plan: PlanChoice; draft: InsureDraftLike | null; onDraftChange: (draft: InsureDraftData) => void }
>(function InsureFormRenderer({ manifest, plan, draft, onDraftChange }, ref) {
  const { schema, uiSchema } = useMemo(() => buildInsureFormSchema(manifest), [manifest]);
  const formData = useMemo(() => formDataFromDraft(manifest, draft, new Date(), plan.factors), [manifest, draft, plan.factors]);
  const customValidate = useMemo(() => createInsureValidate(manifest, plan), [manifest, plan]);
  const formContext = useMemo(() => ({ formData }), [formData]);
  const [live, setLive] = useState(false);
  const formRef = useRef<Form>(null);

  const onChange = useCallback(
    (event: IChangeEvent<InsureFormData>) => {
      if (event.formData) onDraftChange(draftFromFormData(normaliseFormData(manifest, event.formData)));
    },
    [manifest, onDraftChange],
  );

  useImperativeHandle(
    ref,
    () => ({
      check() {
        setLive(true);
        formRef.current?.validateForm();
        // The engine's problems come in form order; ajv's (lengths) only matter when the engine found none.
        const [problem] = insureFormProblems(manifest, formData, plan, new Date());
        if (problem) {
          scrollToField(formFieldId(problem.path ?? []));
          return problem.message;
        }
        const [structural] = validator.validateFormData(formData, schema as RJSFSchema, undefined, transformErrors, uiSchema).errors;
        if (!structural) return null;
        scrollToField(formFieldId((structural.property ?? '').split('.').filter(Boolean)));
        return structural.message ?? null;
      },
    }),
    [manifest, formData, plan, schema, uiSchema],
  );

  return (
    <InsureForm
      ref={formRef}
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={formData}
      // The college field reads the insured's school from here (issue 6, info).
      formContext={formContext}
      validator={validator}
      customValidate={customValidate}
      transformErrors={transformErrors}
      liveValidate={live ? 'onChange' : undefined}
      onChange={onChange}
    >
      {/* The screen owns the buttons. */}
      <></>
    </InsureForm>
  );
});

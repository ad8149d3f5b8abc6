import { forwardRef, memo, startTransition, useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import {
  buildInsureFormSchema,
  draftFromFormData,
  formDataFromDraft,
  formFieldId,
  normaliseFormData,
  type InsureDraftData,
  type InsureDraftLike,
  type InsureFormData,
  type InsureFormSchema,
  type PlanChoice,
} from '../../../../../engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { InsureForm, transformErrors } from '../../../../form-theme/index.tsx';
import { createFormDataStore, type FormDataContext } from '../../../../form-theme/form-data-store.ts';
import { handedOverAfterPause } from '../../../../form-theme/field-edits.ts';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { useFormValidator } from './form-validator.ts';
import { createInsureValidate, insureFormProblems } from './insure-validation.ts';

export interface InsureFormHandle {
  /**
   * Validates the whole form: shows every error inline (and keeps validating
   * as the parent types), scrolls to the first one and returns its message,
   * or null when the form is complete.
   */
  check(): string | null;
  /** Shows a message at one field (rjsf id), as leaving that field would, and scrolls to it: after a fill. */
  reveal(id: string, message: string): void;
}

/** Scrolls the field with this rjsf id into the middle of the screen. */
function scrollToField(id: string): void {
  const element = document.getElementById(id) ?? document.querySelector(`[data-field="${id}"]`);
  element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

interface InsureFormProps {
  manifest: ProductManifest;
  plan: PlanChoice;
  draft: InsureDraftLike | null;
  onDraftChange: (draft: InsureDraftData) => void;
  /**
   * The form is on screen (its validator loaded), called before that frame is painted: what the screen shows
   * below the form waits for it, so the form's arrival moves nothing already shown (a layout shift).
   */
  onShown?: () => void;
}

/**
 * The insure form of a manifest, rendered by rjsf through the antd-mobile
 * theme. Controlled by the stored draft: every change is normalised (sex and
 * birthday from the ID number, 本人 follows the holder) and handed to
 * `onDraftChange` at once, so a reload restores it. Shown once the form's
 * precompiled validator is loaded (form-validator.ts). Memoised: the screen
 * re-renders for its own reasons (a quote coming back, the clauses read), and
 * rjsf's Form re-renders every field whenever it renders.
 */
export const InsureFormRenderer = memo(forwardRef<InsureFormHandle, InsureFormProps>(function InsureFormRenderer(props, ref) {
  const form = useMemo(() => buildInsureFormSchema(props.manifest), [props.manifest]);
  const loaded = useFormValidator(form.schema);
  if (loaded.status === 'loading') return <PageLoading />;
  if (loaded.status === 'error') return <LoadError onRetry={loaded.retry} />;
  return <LoadedInsureForm {...props} ref={ref} form={form} validator={loaded.validator} />;
}));

const LoadedInsureForm = forwardRef<InsureFormHandle, InsureFormProps & { form: InsureFormSchema; validator: ValidatorType }>(function LoadedInsureForm(
  { manifest, plan, draft, onDraftChange, onShown, form, validator },
  ref,
) {
  useLayoutEffect(() => onShown?.(), [onShown]);
  const { schema, uiSchema } = form;
  const formData = useMemo(() => formDataFromDraft(manifest, draft, new Date(), plan.factors), [manifest, draft, plan.factors]);
  const customValidate = useMemo(() => createInsureValidate(manifest, plan), [manifest, plan]);
  // The widgets that read another field (the college from the school) get the data through a store that never
  // changes: data in the formContext would re-render every field of the form on each change (form-data-store.ts).
  const [formContext] = useState<FormDataContext>(() => ({ formDataStore: createFormDataStore(formData) }));
  useLayoutEffect(() => formContext.formDataStore.set(formData), [formContext, formData]);
  const [live, setLive] = useState(false);
  const formRef = useRef<Form>(null);
  // Before the first 下一步, a field's own problem (an under-18 holder, a wrong ID number) shows when the parent
  // leaves that field, not only at 下一步; fields not yet reached stay quiet. Cleared when that field changes.
  const [left, setLeft] = useState<{ id: string; message: string } | null>(null);
  const latest = useRef(formData);
  latest.current = formData;
  const onBlur = useCallback(
    (id: string) => {
      if (live) return;
      const problem = insureFormProblems(manifest, latest.current, plan, new Date()).find((p) => formFieldId(p.path ?? []) === id);
      setLeft(problem ? { id, message: problem.message } : null);
    },
    [manifest, plan, live],
  );
  const extraErrors = useMemo(() => (left && !live ? errorAt(left.id, left.message) : undefined), [left, live]);

  const onChange = useCallback(
    (event: IChangeEvent<InsureFormData>, id?: string) => {
      const save = () => {
        if (event.formData) onDraftChange(draftFromFormData(normaliseFormData(manifest, event.formData)));
        if (id !== undefined) setLeft((shown) => (shown && shown.id === id ? null : shown));
      };
      // Text handed over after a pause in typing: the draft is stored at once, the screen re-renders in a transition
      // that yields to the next key. Any other change (a blur, a choice) renders at once: what follows reads it.
      if (handedOverAfterPause(id)) startTransition(save);
      else save();
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
      reveal(id, message) {
        if (!live) setLeft({ id, message });
        scrollToField(id);
      },
    }),
    [manifest, formData, plan, schema, uiSchema, validator, live],
  );

  return (
    <InsureForm
      ref={formRef}
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={formData}
      // The college field reads the insured's school from here, the sex and birthday rows the ID number.
      formContext={formContext}
      validator={validator}
      customValidate={customValidate}
      transformErrors={transformErrors}
      liveValidate={live ? 'onChange' : undefined}
      onChange={onChange}
      onBlur={onBlur}
      extraErrors={extraErrors}
    >
      {/* The screen owns the buttons. */}
      <></>
    </InsureForm>
  );
});

/** An rjsf error schema holding one message at the field whose id is `id` (`root_policyHolder_licenceNo`). */
function errorAt(id: string, message: string): ErrorSchema {
  const path = id.replace(/^root_?/, '').split('_').filter(Boolean);
  const schema: Record<string, unknown> = {};
  let node = schema;
  for (const segment of path) {
    const next: Record<string, unknown> = {};
    node[segment] = next;
    node = next;
  }
  node.__errors = [message];
  return schema as ErrorSchema;
}

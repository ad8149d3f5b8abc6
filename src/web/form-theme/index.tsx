import { forwardRef, type ForwardRefExoticComponent, type RefAttributes } from 'react';
import type Form from '@rjsf/core';
import { withTheme, type FormProps } from '@rjsf/core';
import { DEFAULT_FORM_STATE_BEHAVIOR } from './form-options.ts';
import styles from './form-theme.module.css';
import { antdMobileTheme } from './theme.ts';

export { antdMobileTheme, generateTheme } from './theme.ts';
export { DEFAULT_FORM_STATE_BEHAVIOR } from './form-options.ts';
export { addErrorAt, fieldMessages, transformErrors } from './validation.ts';
export { regionLabel, regionPath, regionText, useRegionLabels, type RegionNode, type RegionCodes } from './region-data.ts';

/** withTheme forwards the ref to the Form instance (validateForm, reset); its declared type does not say so. */
const ThemedForm = withTheme(antdMobileTheme) as ForwardRefExoticComponent<FormProps & RefAttributes<Form>>;

/** Validation failures are shown inline and toasted by the screen; rjsf's own console report is not wanted. */
function ignoreErrors(): void {}

/**
 * The rjsf Form themed with antd-mobile, with the theme's defaults: errors
 * inline only (no list), no browser validation bubbles, no invented default
 * values, the theme's look. Any prop can still be overridden.
 */
export const InsureForm = forwardRef<Form, FormProps>(function InsureForm(props, ref) {
  return (
    <ThemedForm
      className={styles.form}
      showErrorList={false}
      noHtml5Validate
      onError={ignoreErrors}
      experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE_BEHAVIOR}
      {...props}
      ref={ref}
    />
  );
});

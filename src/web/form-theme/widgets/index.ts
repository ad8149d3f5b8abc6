import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxWidget } from './checkbox-widget.tsx';
import { CollegeWidget } from './college-widget.tsx';
import { DerivedWidget } from './derived-widget.tsx';
import { IdentityWidget } from './identity-widget.tsx';
import { RadioWidget } from './radio-widget.tsx';
import { SchoolWidget } from './school-widget.tsx';
import { SelectWidget } from './select-widget.tsx';

/**
 * The widget registry of the antd-mobile theme. Text, e-mail and the other
 * input widgets of @rjsf/core stay: they render through this theme's
 * BaseInputTemplate (an antd-mobile Input).
 */
export function generateWidgets(): RegistryWidgetsType {
  return { SelectWidget, RadioWidget, CheckboxWidget, DerivedWidget, IdentityWidget, SchoolWidget, CollegeWidget };
}

import type { FormProps } from '@rjsf/core';
import { AddButton, NoButton, RemoveButton } from './button-templates.tsx';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './array-field-templates.tsx';
import { BaseInputTemplate } from './base-input-template.tsx';
import { FieldErrorTemplate, FieldTemplate } from './field-template.tsx';
import { DescriptionFieldTemplate, ErrorListTemplate, TitleFieldTemplate } from './misc-templates.tsx';
import { ObjectFieldTemplate } from './object-field-template.tsx';

/** The template registry of the antd-mobile theme. */
export function generateTemplates(): NonNullable<FormProps['templates']> {
  return {
    FieldTemplate,
    FieldErrorTemplate,
    ObjectFieldTemplate,
    ArrayFieldTemplate,
    ArrayFieldItemTemplate,
    BaseInputTemplate,
    ErrorListTemplate,
    TitleFieldTemplate,
    DescriptionFieldTemplate,
    ButtonTemplates: {
      SubmitButton: NoButton,
      AddButton,
      RemoveButton,
      CopyButton: NoButton,
      MoveUpButton: NoButton,
      MoveDownButton: NoButton,
      ClearButton: NoButton,
    },
  };
}

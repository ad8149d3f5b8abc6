import type { ThemeProps } from '@rjsf/core';
import { RegionField } from './fields/region-field.tsx';
import { generateTemplates } from './templates/index.ts';
import { generateWidgets } from './widgets/index.ts';

/**
 * The rjsf theme on antd-mobile, built as rjsf themes are: registries of
 * templates, widgets and fields, handed to withTheme.
 */
export function generateTheme(): ThemeProps {
  return {
    templates: generateTemplates(),
    widgets: generateWidgets(),
    fields: { RegionField },
  };
}

export const antdMobileTheme: ThemeProps = generateTheme();

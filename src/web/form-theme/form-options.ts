/**
 * Form options every use of the theme shares. No React (tested in node).
 */
import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';

/**
 * rjsf must not invent values: by default it takes the first `const` of a
 * `oneOf` as the default, which would pre-select 男, 幼儿园, 是… The insure
 * form's lists are `enum`s now (never pre-selected), so this only guards a
 * form that uses `oneOf`. Defaults of the insure form come from the engine
 * (formDataFromDraft) only.
 */
export const DEFAULT_FORM_STATE_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  constAsDefaults: 'never',
  emptyObjectFields: 'skipDefaults',
};

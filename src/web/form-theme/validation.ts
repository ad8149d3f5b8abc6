/**
 * Validation glue of the antd-mobile theme. No React: the tests run it in
 * node with @rjsf/validator-ajv8.
 *
 * The JSON Schema only carries structure (required, labelled enums, lengths).
 * Ajv's English messages are turned into the spec's Chinese ones here, and
 * the business messages are added by a `customValidate` that puts each
 * problem at its field (see {@link addErrorAt}).
 */
import type { FormValidation, RJSFValidationError } from '@rjsf/utils';
import { MSG_REQUIRED } from '../../engine/rules/messages.ts';

/**
 * Ajv errors in the words of spec §5: anything missing or not one of the
 * offered choices is 请完善投保信息!. The per-constant errors ajv adds under a
 * failed `oneOf` are dropped: the `oneOf` error itself says it once.
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  const out: RJSFValidationError[] = [];
  for (const error of errors) {
    if (error.schemaPath?.includes('/oneOf/')) continue;
    const message = chineseMessage(error);
    out.push({ ...error, message, stack: `${error.property ?? ''} ${message}`.trim() });
  }
  return out;
}

function chineseMessage(error: RJSFValidationError): string {
  const limit = (error.params as { limit?: number } | undefined)?.limit;
  switch (error.name) {
    case 'maxLength':
      return `最多可输入${limit ?? ''}个字符`;
    case 'maxItems':
      return `最多可填写${limit ?? ''}位`;
    default:
      // required, oneOf, const, enum, type, minItems, minLength: something is missing or not chosen.
      return MSG_REQUIRED;
  }
}

/**
 * Adds `message` to the rjsf error tree at `path` (['insureds', '0', 'name']),
 * or at the root when `path` is empty. Nodes missing from the tree (an array
 * item rjsf has not seen) are created with their own `addError`.
 */
export function addErrorAt<T>(errors: FormValidation<T>, path: readonly string[], message: string): void {
  let node = errors as FormValidation;
  for (const segment of path) {
    let child = node[segment] as FormValidation | undefined;
    if (!child || typeof child.addError !== 'function') {
      child = errorNode();
      (node as Record<string, unknown>)[segment] = child;
    }
    node = child;
  }
  node.addError(message);
}

function errorNode(): FormValidation {
  const node = { __errors: [] as string[] } as unknown as FormValidation;
  node.addError = (message: string) => {
    node.__errors!.push(message);
  };
  return node;
}

/**
 * The messages one field shows: duplicates removed (ajv and the engine both
 * say 请完善投保信息! for an empty field), the engine's specific message kept
 * before the generic one, at most `max`.
 */
export function fieldMessages(errors: readonly (string | undefined)[] | undefined, max = 1): string[] {
  const unique = [...new Set((errors ?? []).filter((e): e is string => Boolean(e)))];
  const specific = unique.filter((e) => e !== MSG_REQUIRED);
  return (specific.length > 0 ? specific : unique).slice(0, max);
}

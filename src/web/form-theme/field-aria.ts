import { errorId } from '@rjsf/utils';
import { fieldMessages } from './validation.ts';

/**
 * What a screen reader announces on a field of the insure form: the row's
 * label names the control, and a field with a message is marked invalid and described by it, so
 * moving to a field with the rotor reads "投保人证件号码, 无效数据, 证件号码位数有误".
 */

/** The id of a field row's label element (FieldTemplate), for controls that a <label for> cannot name. */
export function labelId(id: string): string {
  return `${id}__label`;
}

/** aria-invalid and aria-describedby (the id of FieldErrorTemplate's message) for a field with these errors. */
export function fieldAria(id: string, rawErrors: readonly string[] | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return fieldMessages(rawErrors).length > 0 ? { 'aria-invalid': true, 'aria-describedby': errorId(id) } : {};
}

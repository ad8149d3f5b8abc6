import { useLayoutEffect, useRef } from 'react';
import { Input, type InputRef } from 'antd-mobile';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { applyFieldAria } from '../field-aria.ts';
import styles from '../form-theme.module.css';

/**
 * Text input of every text-like widget: an antd-mobile Input, right-aligned.
 * ui:options.inputType picks the keyboard (tel, email); ui:options.uppercase
 * upper-cases as the user types (the X of an ID number); ui:options.compact
 * drops the spaces of a pasted or grouped number (`3203 0220 1501 0112 34`,
 * `138 0013 8000`) before the length limit applies, so the paste is not cut.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, placeholder, onChange, onBlur, onFocus, options, schema, type, rawErrors } = props;
  const ref = useRef<InputRef>(null);
  // antd-mobile's Input passes no aria-* to its <input>: set them on the element itself.
  const errorKey = (rawErrors ?? []).join('\n');
  useLayoutEffect(() => applyFieldAria(ref.current?.nativeElement, id, errorKey ? errorKey.split('\n') : []), [id, errorKey]);
  const { type: inputType } = getInputProps(schema, type, options);
  const uppercase = options.uppercase === true;
  const compact = options.compact === true;
  const text = value === undefined || value === null ? '' : String(value);
  const inputMode = inputType === 'tel' ? 'tel' : inputType === 'email' ? 'email' : undefined;
  return (
    <Input
      ref={ref}
      id={id}
      name={htmlName ?? id}
      className={styles.input}
      value={text}
      type={inputType === 'tel' || inputType === 'email' ? inputType : 'text'}
      inputMode={inputMode}
      placeholder={placeholder}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
      // A compact field is cut after its spaces are dropped (the browser would cut the paste with them).
      maxLength={compact ? undefined : schema.maxLength}
      clearable={!readonly && !disabled}
      onlyShowClearWhenFocus
      onChange={(next) => {
        const spaced = compact ? next.replace(/\s+/g, '').slice(0, schema.maxLength) : next;
        const normalised = uppercase ? spaced.toUpperCase() : spaced;
        onChange(normalised === '' ? options.emptyValue : normalised);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

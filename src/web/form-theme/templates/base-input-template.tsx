import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Input, type InputRef } from 'antd-mobile';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { FIELD_EDIT_PAUSE_MS, holdFieldEdit } from '../field-edits.ts';
import { applyFieldAria } from '../field-aria.ts';
import styles from '../form-theme.module.css';

/**
 * Text input of every text-like widget: an antd-mobile Input, right-aligned.
 * ui:options.inputType picks the keyboard (tel, email); ui:options.uppercase
 * upper-cases as the user types (the X of an ID number); ui:options.compact
 * drops the spaces of a pasted or grouped number (`3203 0220 1501 0112 34`,
 * `138 0013 8000`) before the length limit applies, so the paste is not cut.
 *
 * The field keeps the text while the user types and hands it to rjsf after a
 * pause, on blur and before the page goes away (../field-edits.ts): a
 * keystroke re-renders this field, not the form.
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
  const [local, setLocal] = useState(text);
  /** Text typed and not yet handed to rjsf, with its timer and registration. */
  const held = useRef<{ text: string; timer: ReturnType<typeof setTimeout>; release: () => void } | null>(null);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const emptyValue = options.emptyValue;
  /** The text this field last handed to rjsf: the form's value coming back as this is the field's own echo. */
  const lastSent = useRef(text);
  // The form's value wins whenever nothing is held (a reset, a value derived from another field, a resumed draft),
  // and over held text when it changes from elsewhere (a suggestion picked while typing): the held text is dropped.
  useEffect(() => {
    if (held.current && text !== lastSent.current) {
      clearTimeout(held.current.timer);
      held.current.release();
      held.current = null;
    }
    lastSent.current = text;
    if (!held.current) setLocal(text);
  }, [text]);
  // Text held by a field that goes away (a removed insured) is dropped: committing it would bring the item back.
  useEffect(
    () => () => {
      if (held.current) {
        clearTimeout(held.current.timer);
        held.current.release();
        held.current = null;
      }
    },
    [],
  );
  const commit = () => {
    const edit = held.current;
    if (!edit) return;
    clearTimeout(edit.timer);
    edit.release();
    held.current = null;
    lastSent.current = edit.text;
    latestOnChange.current(edit.text === '' ? emptyValue : edit.text);
  };
  const hold = (next: string) => {
    if (held.current) {
      clearTimeout(held.current.timer);
      held.current.release();
    }
    const release = holdFieldEdit(commit);
    held.current = { text: next, timer: setTimeout(commit, FIELD_EDIT_PAUSE_MS), release };
    setLocal(next);
  };
  const inputMode = inputType === 'tel' ? 'tel' : inputType === 'email' ? 'email' : undefined;
  return (
    <Input
      ref={ref}
      id={id}
      name={htmlName ?? id}
      className={styles.input}
      value={local}
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
        hold(uppercase ? spaced.toUpperCase() : spaced);
      }}
      onBlur={() => {
        // Handed over and rendered first, so what the blur checks (an ID number, an age) is what was typed.
        if (held.current) flushSync(commit);
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Input, type InputRef } from 'antd-mobile';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { FIELD_EDIT_PAUSE_MS, handOverAfterPause, handOverNow, holdFieldEdit } from '../field-edits.ts';
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
 * keystroke re-renders this field, not the form. After a pause the text goes
 * over in a transition, so the form's work yields to the next key; the field
 * keeps it registered until the form's value comes back as this text, so a
 * page going away meanwhile still hands it over at once.
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
  /** Text typed and not yet in the form's value, with its pause timer, its registration and whether it went over after the pause. */
  const held = useRef<{ text: string; timer: ReturnType<typeof setTimeout>; release: () => void; sent: boolean } | null>(null);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const emptyValue = options.emptyValue;
  /** The text this field last handed to rjsf: the form's value coming back as this is the field's own echo. */
  const lastSent = useRef(text);
  const drop = () => {
    if (!held.current) return;
    clearTimeout(held.current.timer);
    held.current.release();
    held.current = null;
  };
  // The form's value wins whenever nothing is held (a reset, a value derived from another field, a resumed draft),
  // and over held text when it changes from elsewhere (a suggestion picked while typing): the held text is dropped.
  // The text sent after a pause coming back is the hand-over done.
  useEffect(() => {
    if (held.current && (text !== lastSent.current || (held.current.sent && text === held.current.text))) drop();
    lastSent.current = text;
    if (!held.current) setLocal(text);
  }, [text]);
  // Text held by a field that goes away (a removed insured) is dropped: committing it would bring the item back.
  useEffect(() => drop, []);
  /** Hands the held text to rjsf: at once (blur, page going away) or, after the pause, in a transition. */
  const commit = (now: boolean) => {
    const edit = held.current;
    if (!edit || (edit.sent && !now)) return;
    clearTimeout(edit.timer);
    if (now) drop();
    else edit.sent = true;
    lastSent.current = edit.text;
    const send = () => latestOnChange.current(edit.text === '' ? emptyValue : edit.text);
    if (now) handOverNow(id, send);
    else handOverAfterPause(id, send);
  };
  const hold = (next: string) => {
    drop();
    const release = holdFieldEdit(() => commit(true));
    held.current = { text: next, timer: setTimeout(() => commit(false), FIELD_EDIT_PAUSE_MS), release, sent: false };
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
        if (held.current) flushSync(() => commit(true));
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CloseCircleFill } from 'antd-mobile-icons';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { cx } from '../arrow-icon.tsx';
import { FIELD_EDIT_PAUSE_MS, handOverAfterPause, handOverNow, holdFieldEdit } from '../field-edits.ts';
import { fieldAria } from '../field-aria.ts';
import styles from '../form-theme.module.css';

/** What a field does to the text typed: upper-cased (the X of an ID number), spaces dropped before the length limit. */
function shapeText(text: string, uppercase: boolean, compact: boolean, maxLength: number | undefined): string {
  const spaced = compact ? text.replace(/\s+/g, '').slice(0, maxLength) : text;
  return uppercase ? spaced.toUpperCase() : spaced;
}

/**
 * Text input of every text-like widget, right-aligned, drawn as an
 * antd-mobile Input (its look, its clear icon while a filled field has
 * focus). ui:options.inputType picks the keyboard (tel, email);
 * ui:options.uppercase upper-cases as the user types (the X of an ID number);
 * ui:options.compact drops the spaces of a pasted or grouped number
 * (`3203 0220 1501 0112 34`, `138 0013 8000`) before the length limit
 * applies, so the paste is not cut.
 *
 * The text being typed lives in the <input> itself (uncontrolled), so a
 * keystroke renders nothing: no React render of the field, no
 * `value` attribute written back (React keeps a controlled input's attribute
 * in step, which the sale recorder then records as a DOM change). The field
 * re-renders only when its clear icon appears or goes. An IME composition
 * (a Chinese name typed in pinyin) is left to the browser and taken when it
 * ends.
 *
 * The field hands the text to rjsf after a pause, on blur and before the page
 * goes away (../field-edits.ts). After a pause the text goes over in a
 * transition, so the form's work yields to the next key; the field keeps it
 * registered until the form's value comes back as this text, so a page going
 * away meanwhile still hands it over at once. A value from elsewhere (a
 * reset, a resumed draft, a suggestion picked while typing) is written into
 * the <input> and drops what was held.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, placeholder, onChange, onBlur, onFocus, options, schema, type, rawErrors } = props;
  const ref = useRef<HTMLInputElement>(null);
  const { type: inputType } = getInputProps(schema, type, options);
  const uppercase = options.uppercase === true;
  const compact = options.compact === true;
  const text = value === undefined || value === null ? '' : String(value);
  // The <input>'s first text; later values are written into it by the effect below (React never rewrites it).
  const [initialText] = useState(text);
  const [focused, setFocused] = useState(false);
  const [filled, setFilled] = useState(text !== '');
  const filledNow = useRef(filled);
  const showFilled = (next: string) => {
    if (filledNow.current === (next !== '')) return;
    filledNow.current = next !== '';
    setFilled(next !== '');
  };
  const composing = useRef(false);
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
  useLayoutEffect(() => {
    if (held.current && (text !== lastSent.current || (held.current.sent && text === held.current.text))) drop();
    lastSent.current = text;
    if (held.current) return;
    const input = ref.current;
    if (input && input.value !== text && !composing.current) input.value = text;
    showFilled(text);
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
    showFilled(next);
  };
  /** Takes the <input>'s text as typed: shaped in place (the caret kept after the same characters), then held. */
  const take = (input: HTMLInputElement) => {
    const raw = input.value;
    const next = shapeText(raw, uppercase, compact, schema.maxLength);
    if (next !== raw) {
      const caret = input.selectionStart === null ? null : Math.min(next.length, shapeText(raw.slice(0, input.selectionStart), uppercase, compact, undefined).length);
      input.value = next;
      if (caret !== null && document.activeElement === input) input.setSelectionRange(caret, caret);
    }
    // The text the field already has (a `change` at blur after the keys' `input` events): nothing new to hold.
    if (next === (held.current ? held.current.text : lastSent.current)) return;
    hold(next);
  };
  /** A key's text (an `input` event) or a change reported at blur (`change`). */
  const onInput = (event: Event) => {
    // Mid-composition text is the IME's (pinyin letters): taken when the composition ends.
    if (composing.current || (event as InputEvent).isComposing) return;
    take(event.currentTarget as HTMLInputElement);
  };
  const latestOnInput = useRef(onInput);
  latestOnInput.current = onInput;
  // Listened to on the <input> itself rather than through React's onChange, and a key's `input` event stops here:
  // React handles an input's `input` event at its root by writing the element's `name` and `type`
  // back (`restoreControlledState`, for controlled and uncontrolled inputs alike), three attribute changes a key
  // that the browser re-styles and the sale recorder's MutationObserver records, after walking the fiber tree
  // from the input to the root. Nothing else in the app listens for a field's `input` bubbling; the recorder
  // samples an input's last value at its `change` (document, capture phase), which still bubbles.
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const listener = (event: Event) => {
      if (event.type === 'input') event.stopPropagation();
      latestOnInput.current(event);
    };
    input.addEventListener('input', listener);
    input.addEventListener('change', listener);
    return () => {
      input.removeEventListener('input', listener);
      input.removeEventListener('change', listener);
    };
  }, []);
  const inputMode = inputType === 'tel' ? 'tel' : inputType === 'email' ? 'email' : undefined;
  const clearable = !readonly && !disabled;
  return (
    <div className={cx(styles.input, disabled && styles.inputDisabled)}>
      <input
        ref={ref}
        id={id}
        name={htmlName ?? id}
        className={styles.inputElement}
        defaultValue={initialText}
        type={inputType === 'tel' || inputType === 'email' ? inputType : 'text'}
        inputMode={inputMode}
        placeholder={placeholder}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
        // A compact field is cut after its spaces are dropped (the browser would cut the paste with them).
        maxLength={compact ? undefined : schema.maxLength}
        {...fieldAria(id, rawErrors)}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(event) => {
          composing.current = false;
          take(event.currentTarget);
        }}
        onBlur={() => {
          setFocused(false);
          // A composition cut short by the blur: what the <input> shows is what was typed.
          if (composing.current && ref.current) {
            composing.current = false;
            take(ref.current);
          }
          // Handed over and rendered first, so what the blur checks (an ID number, an age) is what was typed.
          if (held.current) flushSync(() => commit(true));
          onBlur(id, value);
        }}
        onFocus={() => {
          setFocused(true);
          onFocus(id, value);
        }}
      />
      {clearable && focused && filled && (
        <div
          className={styles.inputClear}
          // Keeps the focus (and the keyboard) in the field.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            const input = ref.current;
            if (!input) return;
            input.value = '';
            hold('');
          }}
        >
          <CloseCircleFill />
        </div>
      )}
    </div>
  );
}

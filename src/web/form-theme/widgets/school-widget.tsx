import { useState } from 'react';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import styles from '../form-theme.module.css';
import { SelectWidget } from './select-widget.tsx';

const MAX_SUGGESTIONS = 6;

/**
 * The school name, by the product's customSchoolMode (ui:options.schoolMode):
 * 01 free text with suggestions, 02 choose only, 03 free text only, over
 * the manifest's school list (ui:options.schools, from insure.schools).
 */
export function SchoolWidget(props: WidgetProps) {
  const { options, value, registry, onChange, readonly, disabled } = props;
  const [focused, setFocused] = useState(false);
  const schools = Array.isArray(options.schools) ? options.schools.filter((s): s is string => typeof s === 'string') : [];
  const mode = options.schoolMode;

  if (mode === '02' && schools.length > 0) {
    return <SelectWidget {...props} options={{ ...options, enumOptions: schools.map((s) => ({ value: s, label: s })) }} />;
  }

  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const text = typeof value === 'string' ? value : '';
  const matches =
    mode === '01' && focused && text !== '' && !readonly && !disabled
      ? schools.filter((s) => s.includes(text) && s !== text).slice(0, MAX_SUGGESTIONS)
      : [];
  return (
    <>
      <BaseInputTemplate
        {...props}
        onFocus={(id, v) => {
          setFocused(true);
          props.onFocus(id, v);
        }}
        onBlur={(id, v) => {
          // Let a tap on a suggestion land before the list goes away.
          setTimeout(() => setFocused(false), 150);
          props.onBlur(id, v);
        }}
      />
      {matches.length > 0 && (
        <ul className={styles.suggestions} role="listbox">
          {matches.map((school) => (
            <li key={school}>
              <button type="button" className={styles.suggestion} onMouseDown={(e) => e.preventDefault()} onClick={() => onChange(school)}>
                {school}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

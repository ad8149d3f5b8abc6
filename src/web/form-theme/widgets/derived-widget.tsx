import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { cx } from '../arrow-icon.tsx';
import styles from '../form-theme.module.css';

/** A read-only value the form works out itself (sex and birthday from the ID number): text, never an input. */
export function DerivedWidget({ id, value, options, placeholder }: WidgetProps) {
  const enumOptions = (options.enumOptions ?? []) as EnumOptionsType[];
  const text = value === undefined || value === null || value === '' ? '' : (enumOptions.find((o) => o.value === value)?.label ?? String(value));
  return (
    <span id={id} className={cx(styles.derived, !text && styles.placeholder)}>
      {text || placeholder}
    </span>
  );
}

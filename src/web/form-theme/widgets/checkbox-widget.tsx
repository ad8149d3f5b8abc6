import { Checkbox } from 'antd-mobile';
import type { WidgetProps } from '@rjsf/utils';
import styles from '../form-theme.module.css';
import '../../shared/ui/a11y/choice-inputs.css';

/** A yes/no field (boolean) as an antd-mobile Checkbox with its label beside it. */
export function CheckboxWidget({ id, value, label, disabled, readonly, onChange }: WidgetProps) {
  return (
    <Checkbox id={id} className={styles.checkbox} checked={value === true} disabled={disabled || readonly} onChange={(checked) => onChange(checked)}>
      {label}
    </Checkbox>
  );
}

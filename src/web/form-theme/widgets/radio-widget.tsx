import { Radio } from 'antd-mobile';
import { optionId, type EnumOptionsType, type WidgetProps } from '@rjsf/utils';
import { fieldAria, labelId } from '../field-aria.ts';
import styles from '../form-theme.module.css';
import '../../shared/ui/a11y/choice-inputs.css';

/** A short choice (是/否, 公办/民办) as inline radios on the right of the row. */
export function RadioWidget({ id, value, options, disabled, readonly, onChange, rawErrors }: WidgetProps) {
  const enumOptions = (options.enumOptions ?? []) as EnumOptionsType[];
  const current = value === undefined || value === null ? null : String(value);
  return (
    <Radio.Group
      value={current}
      disabled={disabled || readonly}
      onChange={(picked) => onChange(enumOptions.find((o) => String(o.value) === String(picked))?.value)}
    >
      <div id={id} className={styles.radioGroup} role="radiogroup" aria-labelledby={labelId(id)} {...fieldAria(id, rawErrors)}>
        {enumOptions.map((o, i) => (
          <Radio key={String(o.value)} id={optionId(id, i)} value={String(o.value)} className={styles.radio}>
            {o.label}
          </Radio>
        ))}
      </div>
    </Radio.Group>
  );
}

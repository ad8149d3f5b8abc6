import { Selector } from 'antd-mobile';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { ArrowIcon, cx } from '../arrow-icon.tsx';
import { fieldAria, labelId } from '../field-aria.ts';
import styles from '../form-theme.module.css';
import { preloadPickers, useLazyPopup } from './use-lazy-popup.ts';
import '../../shared/ui/a11y/selector.css';

type Option = EnumOptionsType;

function optionFor(options: readonly Option[], key: unknown): Option | undefined {
  return options.find((o) => String(o.value) === String(key));
}

/**
 * A list row that opens a bottom Picker: the label or the placeholder on the
 * right, a chevron, the choice confirmed with 确定. The trigger carries the
 * field id (`root_insureds_0_relaToHolder`); the Picker loads on the first
 * open (./use-lazy-popup.ts). Multiple choice uses a Selector.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, value, options, placeholder, disabled, readonly, onChange, onBlur, label, multiple, rawErrors } = props;
  const picker = useLazyPopup();
  const enumOptions = (options.enumOptions ?? []) as Option[];

  if (multiple) {
    const values = Array.isArray(value) ? value.map(String) : [];
    return (
      <Selector
        multiple
        options={enumOptions.map((o) => ({ label: o.label, value: String(o.value) }))}
        value={values}
        onChange={(next) => onChange(next.map((v) => optionFor(enumOptions, v)?.value).filter((v) => v !== undefined))}
        disabled={disabled || readonly}
      />
    );
  }

  const selected = value === undefined || value === null ? undefined : optionFor(enumOptions, value);
  // rjsf hands a field without ui:placeholder an empty one: the row still says 请选择.
  return (
    <>
      <button
        type="button"
        id={id}
        className={styles.trigger}
        disabled={disabled || readonly}
        aria-haspopup="dialog"
        // Announced as the row's label then the choice (年级 五年级), and its message when invalid.
        aria-labelledby={`${labelId(id)} ${id}`}
        {...fieldAria(id, rawErrors)}
        onPointerDown={preloadPickers}
        onClick={picker.open}
      >
        <span className={cx(styles.triggerText, !selected && styles.placeholder)}>{selected?.label ?? (placeholder || '请选择')}</span>
        <ArrowIcon />
      </button>
      {picker.pickers && (
        <picker.pickers.Picker
          title={label}
          columns={[enumOptions.map((o) => ({ label: o.label, value: String(o.value) }))]}
          value={selected ? [String(selected.value)] : []}
          visible={picker.visible}
          onClose={() => {
            picker.close();
            onBlur(id, value);
          }}
          afterClose={picker.afterClose}
          onConfirm={([picked]) => onChange(optionFor(enumOptions, picked)?.value ?? options.emptyValue)}
        />
      )}
    </>
  );
}

import type { WidgetProps } from '@rjsf/utils';
import { isMainlandNumber } from '../../../engine/rules/person.ts';
import { ArrowIcon, cx } from '../arrow-icon.tsx';
import styles from '../form-theme.module.css';
import { DerivedWidget } from './derived-widget.tsx';
import { SelectWidget } from './select-widget.tsx';
import { preloadPickers, useLazyPopup } from './use-lazy-popup.ts';
import { personOfField, useFormDataSelection } from '../form-data-store.ts';

const pad2 = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;

/** 出生日期 for a document without one: a row opening a date picker (1900 to today), loaded on the first open (./use-lazy-popup.ts). */
function BirthdayPicker({ id, value, placeholder, label, readonly, disabled, onChange, onBlur }: WidgetProps) {
  const picker = useLazyPopup();
  const text = typeof value === 'string' ? value : '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const current = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
  return (
    <>
      <button type="button" id={id} className={styles.trigger} disabled={disabled || readonly} aria-haspopup="dialog" onPointerDown={preloadPickers} onClick={picker.open}>
        <span className={cx(styles.triggerText, !text && styles.placeholder)}>{text || placeholder}</span>
        <ArrowIcon />
      </button>
      {picker.pickers && (
        <picker.pickers.DatePicker
          title={label}
          visible={picker.visible}
          min={new Date(1900, 0, 1)}
          max={new Date()}
          defaultValue={current ?? new Date(2010, 0, 1)}
          onClose={() => {
            picker.close();
            onBlur(id, value);
          }}
          afterClose={picker.afterClose}
          onConfirm={(picked) => onChange(ymd(picked))}
        />
      )}
    </>
  );
}

/**
 * 性别 and 出生日期: worked out from a mainland ID number, under any
 * document type, and then shown as text; an insured who is the holder (本人)
 * shows the holder's; for any other document the parent chooses them.
 */
export function IdentityWidget(props: WidgetProps) {
  const { id } = props;
  // What this row shows depends on three fields of its person; it re-renders when the outcome changes, not on every change of the form.
  const shown = useFormDataSelection(props.registry.formContext, (data) => {
    const person = personOfField(id, data);
    const type = typeof person?.licenceType === 'string' ? person.licenceType : '';
    const no = typeof person?.licenceNo === 'string' ? person.licenceNo : '';
    if (isMainlandNumber(type, no)) return 'derived';
    if (person?.relaToHolder === '00' && /^root_insureds_/.test(id)) return 'holder';
    return 'chosen';
  });
  const derivedPlaceholder = typeof props.options.derivedPlaceholder === 'string' ? props.options.derivedPlaceholder : '';
  if (shown === 'derived') return <DerivedWidget {...props} placeholder={derivedPlaceholder} />;
  if (shown === 'holder') return <DerivedWidget {...props} placeholder="同投保人" />;
  return props.options.date ? <BirthdayPicker {...props} /> : <SelectWidget {...props} />;
}

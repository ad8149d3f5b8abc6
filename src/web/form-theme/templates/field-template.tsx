import { errorId, getUiOptions, type FieldErrorProps, type FieldTemplateProps } from '@rjsf/utils';
import { cx } from '../arrow-icon.tsx';
import styles from '../form-theme.module.css';
import { labelId } from '../field-aria.ts';
import { fieldMessages } from '../validation.ts';

/** A custom field (ui:field, e.g. the region cascader) is one row even when its value is an object. */
function hasCustomField(uiSchema: FieldTemplateProps['uiSchema']): boolean {
  return Boolean(getUiOptions(uiSchema).field);
}

/** A yes/no field drawn as the theme's checkbox shows its label beside the box (CheckboxWidget), not in the row. */
function labelledByCheckbox({ schema, uiSchema }: Pick<FieldTemplateProps, 'schema' | 'uiSchema'>): boolean {
  const { widget } = getUiOptions(uiSchema);
  return schema.type === 'boolean' && (widget === undefined || widget === 'checkbox' || widget === 'CheckboxWidget');
}

/** True for fields drawn as sections (objects, arrays) rather than rows. */
function isSection({ schema, uiSchema }: Pick<FieldTemplateProps, 'schema' | 'uiSchema'>): boolean {
  return (schema.type === 'object' || schema.type === 'array') && !hasCustomField(uiSchema);
}

/**
 * One field. Sections render as they are (their templates draw the card and
 * show their own errors); every other field is a row: label left, control
 * right, the error in red below it, like an antd-mobile Form.Item.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, hidden, displayLabel, rawErrors, uiSchema, classNames, style } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (isSection(props)) return children;
  const customField = hasCustomField(uiSchema);
  const invalid = fieldMessages(rawErrors).length > 0;
  return (
    <div className={cx(styles.row, invalid && styles.rowInvalid, classNames)} style={style} data-field={id}>
      <div className={styles.rowMain}>
        {(displayLabel || customField) && !labelledByCheckbox(props) && (
          <label id={labelId(id)} className={styles.label} htmlFor={id}>
            {label}
          </label>
        )}
        {/* rr-mask: a value typed or chosen here is a person's data, starred in a sale's recording (docs/recording.md). */}
        <div className={cx(styles.control, 'rr-mask')}>{children}</div>
      </div>
      {errors}
    </div>
  );
}

/** The field's message: one, the most specific (see fieldMessages). */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const [message] = fieldMessages(errors?.filter((e): e is string => typeof e === 'string'));
  if (!message) return null;
  return (
    <p id={errorId(fieldPathId)} className={styles.error} role="alert">
      {message}
    </p>
  );
}

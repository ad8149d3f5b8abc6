import { errorId, getUiOptions, type FieldErrorProps, type FieldTemplateProps } from '@rjsf/utils';
import { cx } from '../arrow-icon.tsx';
import styles from '../form-theme.module.css';
import { fieldMessages } from '../validation.ts';

/** True for fields drawn as sections (objects, arrays) rather than rows; a custom field on an object (the region) is a row. */
function isSection({ schema, uiSchema }: Pick<FieldTemplateProps, 'schema' | 'uiSchema'>): boolean {
  const container = schema.type === 'object' || schema.type === 'array';
  return container && !getUiOptions(uiSchema).field && !uiSchema?.['ui:field'];
}

/**
 * One field. Sections render as they are (their templates draw the card and
 * show their own errors); every other field is a row: label left, control
 * right, the error in red below it, like an antd-mobile Form.Item.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, hidden, displayLabel, rawErrors, uiSchema, schema, classNames, style } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (isSection(props)) return children;
  const customField = Boolean(uiSchema?.['ui:field']);
  const invalid = fieldMessages(rawErrors).length > 0;
  return (
    <div className={cx(styles.row, invalid && styles.rowInvalid, classNames)} style={style} data-field={id}>
      <div className={styles.rowMain}>
        {(displayLabel || customField) && schema.type !== 'boolean' && (
          <label className={styles.label} htmlFor={id}>
            {label}
          </label>
        )}
        <div className={styles.control}>{children}</div>
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

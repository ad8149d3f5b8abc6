import { getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from '@rjsf/utils';
import styles from '../form-theme.module.css';
import { fieldMessages } from '../validation.ts';

/** A list of people: one card per item, the list's own error, then 添加… (ui:options.addText) while more may be added. */
export function ArrayFieldTemplate({ items, canAdd, onAddClick, rawErrors, errorSchema, uiSchema, registry, fieldPathId, disabled, readonly }: ArrayFieldTemplateProps) {
  const { AddButton } = registry.templates.ButtonTemplates;
  const [message] = fieldMessages([...(rawErrors ?? []), ...(errorSchema?.__errors ?? [])]);
  return (
    <div id={fieldPathId.$id}>
      {items}
      {message && (
        <p className={styles.arrayError} role="alert">
          {message}
        </p>
      )}
      {canAdd && !readonly && (
        <AddButton id={`${fieldPathId.$id}__add`} onClick={onAddClick} disabled={disabled} uiSchema={uiSchema} registry={registry} />
      )}
    </div>
  );
}

/** One item of a list: a card titled with the item's title (numbered when there are several) and 删除 while more than one is left. */
export function ArrayFieldItemTemplate({ children, buttonsProps, index, totalItems, schema, parentUiSchema, registry }: ArrayFieldItemTemplateProps) {
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const { itemTitle } = getUiOptions(parentUiSchema);
  const title = (typeof itemTitle === 'string' ? itemTitle : undefined) ?? schema.title ?? '';
  const removable = buttonsProps.hasRemove && totalItems > 1 && !buttonsProps.readonly;
  return (
    <section className={styles.card} id={`${buttonsProps.fieldPathId.$id}__card`} aria-label={title}>
      <header className={styles.cardHeader}>
        <h3 className={styles.cardTitle}>
          {title}
          {totalItems > 1 && <span className={styles.cardBadge}>{`${index + 1}/${totalItems}`}</span>}
        </h3>
        {removable && (
          <RemoveButton
            id={`${buttonsProps.fieldPathId.$id}__remove`}
            onClick={buttonsProps.onRemoveItem}
            disabled={buttonsProps.disabled}
            registry={registry}
          />
        )}
      </header>
      {children}
    </section>
  );
}

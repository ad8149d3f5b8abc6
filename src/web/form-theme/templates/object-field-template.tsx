import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import styles from '../form-theme.module.css';
import { fieldMessages } from '../validation.ts';

/**
 * An object. The root lays its sections out one after another; a nested
 * object is a titled white card; an array item only lists its fields, the
 * item template has drawn the card around it.
 */
export function ObjectFieldTemplate({ title, description, properties, fieldPathId, errorSchema }: ObjectFieldTemplateProps) {
  const content = properties.map((p) => p.content);
  const path = fieldPathId.path;
  if (path.length === 0) return <>{content}</>;
  const [sectionError] = fieldMessages(errorSchema?.__errors);
  const errorLine = sectionError && (
    <p className={styles.sectionError} role="alert">
      {sectionError}
    </p>
  );
  if (typeof path[path.length - 1] === 'number') {
    return (
      <>
        <div className={styles.cardBody}>{content}</div>
        {errorLine}
      </>
    );
  }
  return (
    <section className={styles.card} id={fieldPathId.$id} aria-label={title}>
      {title && (
        <header className={styles.cardHeader}>
          <h3 className={styles.cardTitle}>{title}</h3>
        </header>
      )}
      {description && <p className={styles.cardDescription}>{description}</p>}
      <div className={styles.cardBody}>{content}</div>
      {errorLine}
    </section>
  );
}

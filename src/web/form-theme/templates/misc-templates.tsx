import type { DescriptionFieldProps, TitleFieldProps } from '@rjsf/utils';
import styles from '../form-theme.module.css';

/** Errors show inline under each field; there is no list at the top. */
export function ErrorListTemplate() {
  return null;
}

export function TitleFieldTemplate({ id, title }: TitleFieldProps) {
  return (
    <h3 id={id} className={styles.cardTitle}>
      {title}
    </h3>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <p id={id} className={styles.cardDescription}>
      {description}
    </p>
  );
}

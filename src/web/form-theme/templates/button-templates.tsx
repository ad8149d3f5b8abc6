import { getUiOptions, type IconButtonProps } from '@rjsf/utils';
import styles from '../form-theme.module.css';

/** 添加被保人 (the text comes from ui:options.addText). */
export function AddButton({ uiSchema, registry: _registry, iconType: _iconType, icon: _icon, className: _className, ...button }: IconButtonProps) {
  const { addText } = getUiOptions(uiSchema);
  return (
    <button type="button" className={styles.addButton} {...button}>
      <span aria-hidden="true">＋</span>
      {typeof addText === 'string' ? addText : '添加'}
    </button>
  );
}

/** 删除 on an item card. */
export function RemoveButton({ uiSchema: _uiSchema, registry: _registry, iconType: _iconType, icon: _icon, className: _className, ...button }: IconButtonProps) {
  return (
    <button type="button" className={styles.removeButton} {...button}>
      删除
    </button>
  );
}

/** Buttons the insure form never shows: reordering, copying, clearing; the screen owns the submit button. */
export function NoButton() {
  return null;
}

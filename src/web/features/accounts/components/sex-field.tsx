import { Radio, Space } from 'antd-mobile';
import { GENDER_OPTIONS } from '../../../../engine/rules/enums.ts';
import styles from './account-form.module.css';
import '../../../shared/ui/a11y/choice-inputs.css';

/** The 性别 row of an account form: 男 / 女 as a radio group named by its label. */
export function SexField({ id, value, onChange }: { id: string; value: string; onChange: (sex: string) => void }) {
  return (
    <div className={styles.field}>
      <span className={styles.label} id={id}>
        性别
      </span>
      <Radio.Group value={value} onChange={(v) => onChange(String(v))}>
        <div role="radiogroup" aria-labelledby={id}>
          <Space>
            {GENDER_OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value}>
                {o.label}
              </Radio>
            ))}
          </Space>
        </div>
      </Radio.Group>
    </div>
  );
}

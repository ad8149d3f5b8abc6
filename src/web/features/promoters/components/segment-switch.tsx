import styles from './promoter.module.css';

/** A two-or-more-way segmented switch (我的续保 / 客户续保): light, no antd-mobile Segmented in the chunk. */
export function SegmentSwitch<K extends string>({
  value,
  options,
  onChange,
}: {
  value: K;
  options: readonly { key: K; label: string }[];
  onChange: (key: K) => void;
}) {
  return (
    <div className={styles.segment} role="tablist">
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          role="tab"
          aria-selected={option.key === value}
          className={option.key === value ? styles.segmentActive : undefined}
          onClick={() => onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

import { preloadPickers, useLazyPopup } from '../../../../form-theme/widgets/use-lazy-popup.ts';
import styles from './confirm.module.css';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The picker's calendar fields are the day's own ('YYYY-MM-DD', Beijing), whatever the phone's time zone. */
const toPickerDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
/** Column labels with their unit (2026年 12月 5日), whatever antd-mobile's locale would write. */
const UNITS: Readonly<Record<string, string>> = { year: '年', month: '月', day: '日' };
const labelOf = (type: string, value: number) => `${value}${UNITS[type] ?? ''}`;

const fromPickerDate = (date: Date) => `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;

/**
 * 保险起期 of a product whose parent picks the start: a row opening a date
 * picker limited to the window (both ends included), loaded on the first open.
 */
export function StartDayPicker({ pick, onPick }: { pick: { first: string; last: string; day: string }; onPick: (day: string) => void }) {
  const picker = useLazyPopup();
  return (
    <>
      <button
        type="button"
        id="pick-start"
        className={styles.pickStart}
        aria-haspopup="dialog"
        onPointerDown={preloadPickers}
        onClick={picker.open}
      >
        {pick.day} 00:00:00
        {/* Drawn here, not the form theme's ArrowIcon, whose stylesheet (the whole theme's) the confirm page does not load. */}
        <svg className={styles.pickArrow} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {picker.pickers && (
        <picker.pickers.DatePicker
          title="选择起保日期"
          visible={picker.visible}
          min={toPickerDate(pick.first)}
          max={toPickerDate(pick.last)}
          defaultValue={toPickerDate(pick.day)}
          renderLabel={labelOf}
          onClose={picker.close}
          afterClose={picker.afterClose}
          onConfirm={(picked) => onPick(fromPickerDate(picked))}
        />
      )}
    </>
  );
}

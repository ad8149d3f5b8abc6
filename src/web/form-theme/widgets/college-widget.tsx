import { useState } from 'react';
import { useAppQuery } from '../../shared/api/query-hooks.ts';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { queries } from '../../shared/api/queries.ts';
import styles from '../form-theme.module.css';
import { siblingInsured, useFormDataSelection } from '../form-data-store.ts';

/** The insured's school name next to this field (`root_insureds_0_collegeName` → insureds[0].schoolName). */
export function siblingSchool(id: string, data: unknown): string | undefined {
  const name = siblingInsured(id, data)?.schoolName;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}

/**
 * 学院名称: free text, with the colleges of the chosen university as
 * suggestions when the directory knows them (getSchoolByNameAddressPhone for
 * the school of the same insured, then selectSchoolCollege).
 */
export function CollegeWidget(props: WidgetProps) {
  const { id, options, registry, onChange, readonly, disabled, value } = props;
  const areaCode = typeof options.areaCode === 'string' ? options.areaCode : undefined;
  const school = useFormDataSelection(registry.formContext, (data) => siblingSchool(id, data));
  const [focused, setFocused] = useState(false);
  // Suggestions only: a failure shows none, without retries.
  const schools = useAppQuery({
    ...queries.schoolSearch({ areaCode: areaCode ?? '', name: school ?? '', pageSize: 5 }),
    enabled: Boolean(school && areaCode),
    retry: false,
  });
  const match = school ? schools.data?.list.find((s) => s.schoolName === school && s.hasColleges) : undefined;
  const found = useAppQuery({ ...queries.schoolColleges(match?.id ?? 0), enabled: match !== undefined, retry: false });
  const colleges: string[] = match && found.data ? found.data.list : [];

  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const text = typeof value === 'string' ? value : '';
  const shown = focused && !readonly && !disabled ? colleges.filter((c) => c !== text && (text === '' || c.includes(text))) : [];
  return (
    <>
      <BaseInputTemplate
        {...props}
        onFocus={(fid, v) => {
          setFocused(true);
          props.onFocus(fid, v);
        }}
        onBlur={(fid, v) => {
          setTimeout(() => setFocused(false), 150);
          props.onBlur(fid, v);
        }}
      />
      {shown.length > 0 && (
        <ul className={styles.suggestions} role="listbox" aria-label="学院列表">
          {shown.map((college) => (
            <li key={college}>
              <button type="button" role="option" aria-selected={false} className={styles.suggestion} onMouseDown={(e) => e.preventDefault()} onClick={() => onChange(college)}>
                {college}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

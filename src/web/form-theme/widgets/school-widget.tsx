import { useEffect, useState, type ComponentProps } from 'react';
import { useAppQuery } from '../../shared/api/query-hooks.ts';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import type { EnumOption } from '../../../engine/rules/enums.ts';
import type { SchoolItem } from '../../../contract/school.ts';
import { queries } from '../../shared/api/queries.ts';
import styles from '../form-theme.module.css';
import { siblingInsured, useFormDataSelection } from '../form-data-store.ts';
import { SelectWidget } from './select-widget.tsx';
import { lazyPopup } from '../../shared/ui/lazy-popup.tsx';
import type { SchoolAddPopup as LoadedSchoolAddPopup } from './school-add-popup.tsx';

/** 添加学校, loaded when the parent first asks for it (its Popup brings react-spring and use-gesture). */
const SchoolAddPopup = lazyPopup<ComponentProps<typeof LoadedSchoolAddPopup>>(
  () => import('./school-add-popup.tsx').then((m) => m.SchoolAddPopup),
  (props) => props.visible,
);

const MAX_SUGGESTIONS = 6;
const SEARCH_DELAY_MS = 250;

interface Suggestion {
  name: string;
  /** Added by this parent, not yet verified. */
  unverified: boolean;
  meta?: string;
}

/**
 * The school name, by the product's customSchoolMode (ui:options.schoolMode):
 *
 * - 01 custom plus choose: free text; suggestions from the manifest's list and
 *   from the school directory of the product's sales area (edu-svc
 *   getSchoolByNameAddressPhone, the parent's own added schools included),
 *   and 添加学校 for a school the directory lacks (addSchoolInfo).
 * - 02 choose only: a picker over the manifest's list (insure.schools), the
 *   same list the order check enforces.
 * - 03 custom only: free text, no suggestions, nothing added to the directory.
 */
export function SchoolWidget(props: WidgetProps) {
  const { id, options, value, registry, onChange, readonly, disabled } = props;
  const [focused, setFocused] = useState(false);
  const [adding, setAdding] = useState(false);
  const schools = Array.isArray(options.schools) ? options.schools.filter((s): s is string => typeof s === 'string') : [];
  const mode = options.schoolMode;
  const productArea = typeof options.areaCode === 'string' ? options.areaCode : undefined;
  // The district and school type the parent chose for this insured (asked before the school) narrow the
  // suggestions and the school added: 鼓楼区 + 小学 suggests the primary schools of 鼓楼区 only.
  const chosenArea = useFormDataSelection(registry.formContext, (data) => {
    const region = siblingInsured(id, data)?.region as { countyCode?: unknown; cityCode?: unknown } | undefined;
    return [region?.countyCode, region?.cityCode].find((c): c is string => typeof c === 'string' && /^\d{6}$/.test(c));
  });
  const areaCode = productArea === undefined ? undefined : (chosenArea ?? productArea);
  const schoolKind = useFormDataSelection(registry.formContext, (data) => {
    const kind = siblingInsured(id, data)?.schoolKind;
    return typeof kind === 'string' && kind !== '' ? kind : undefined;
  });
  const schoolTypes = (Array.isArray(options.schoolTypes) ? options.schoolTypes : []) as EnumOption[];
  const text = typeof value === 'string' ? value : '';
  const searching = mode === '01' && focused && text.trim().length >= 2 && !readonly && !disabled && areaCode !== undefined;

  // The name searched: the text once typing has paused for SEARCH_DELAY_MS.
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useAppQuery({
    ...queries.schoolSearch({ areaCode: areaCode ?? '', name: settled, pageSize: MAX_SUGGESTIONS, ...(schoolKind ? { schoolKind } : {}) }),
    enabled: searching && areaCode !== undefined && settled === text.trim(),
    // Suggestions only: a failed search shows none rather than waiting for retries.
    retry: false,
  });
  const found: SchoolItem[] = searching && settled === text.trim() ? (search.data?.list ?? []) : [];

  if (mode === '02' && schools.length > 0) {
    return <SelectWidget {...props} options={{ ...options, enumOptions: schools.map((s) => ({ value: s, label: s })) }} />;
  }

  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const suggestions: Suggestion[] = [];
  if (mode === '01' && focused && text !== '' && !readonly && !disabled) {
    const seen = new Set<string>([text]);
    const push = (s: Suggestion) => {
      if (seen.has(s.name) || suggestions.length >= MAX_SUGGESTIONS) return;
      seen.add(s.name);
      suggestions.push(s);
    };
    schools.filter((s) => s.includes(text)).forEach((name) => push({ name, unverified: false }));
    if (searching) found.forEach((s) => push({ name: s.schoolName, unverified: !s.verified, meta: s.address ?? undefined }));
  }
  const exact = schools.includes(text) || found.some((s) => s.schoolName === text);
  // Offered while the parent is typing a name the list lacks; once the field is left (a school picked) it goes,
  // rather than squeezing the chosen name.
  const canAdd = mode === '01' && focused && areaCode !== undefined && text.trim().length >= 2 && !exact && !readonly && !disabled;

  return (
    <>
      <BaseInputTemplate
        {...props}
        // Typing means the field is in use, also when it kept the focus through a popup (no new focus event).
        onChange={(next: unknown) => {
          setFocused(true);
          onChange(next);
        }}
        onFocus={(id, v) => {
          setFocused(true);
          props.onFocus(id, v);
        }}
        onBlur={(id, v) => {
          // Let a tap on a suggestion land before the list goes away.
          setTimeout(() => setFocused(false), 150);
          props.onBlur(id, v);
        }}
      />
      {suggestions.length > 0 && (
        <ul className={styles.suggestions} role="listbox" aria-label="学校列表">
          {suggestions.map((school) => (
            <li key={school.name}>
              <button
                type="button"
                role="option"
                aria-selected={false}
                className={styles.suggestion}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onChange(school.name)}
              >
                {school.name}
                {school.unverified && <span className={styles.suggestionTag}>待审核</span>}
                {school.meta && <span className={styles.suggestionMeta}>{school.meta}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <button type="button" className={styles.addSchoolLink} onMouseDown={(e) => e.preventDefault()} onClick={() => setAdding(true)}>
          找不到学校？添加「{text.trim()}」
        </button>
      )}
      {adding && areaCode && (
        <SchoolAddPopup
          visible={adding}
          initialName={text.trim()}
          areaCode={areaCode}
          schoolTypes={schoolTypes}
          onClose={() => setAdding(false)}
          onAdded={(name) => {
            setAdding(false);
            onChange(name);
          }}
        />
      )}
    </>
  );
}

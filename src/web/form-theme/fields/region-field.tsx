import { useCallback, useEffect, useMemo, useState } from 'react';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import type { AreaNode } from '../../../contract/market.ts';
import type { RegionValue } from '../../../engine/insure/form-schema.ts';
import { ROOT_REGION_CODE } from '../../../engine/rules/regions.ts';
import { cachedAreaChildren, loadAreaChildren } from '../../shared/api/regions.ts';
import { ArrowIcon, cx } from '../arrow-icon.tsx';
import { labelId } from '../field-aria.ts';
import styles from '../form-theme.module.css';
import { preloadPickers, useLazyPopup } from '../widgets/use-lazy-popup.ts';
import { regionPath, regionText, useRegionLabels, type RegionNode } from '../region-data.ts';

/** The part of the tree loaded so far, as CascadePicker options (unloaded levels have no children yet). */
function loadedTree(): RegionNode[] {
  const nodes = (list: readonly AreaNode[] | undefined, depth: number): RegionNode[] | undefined =>
    list?.map((n) => {
      const children = depth < 2 && !n.isLeaf ? nodes(cachedAreaChildren(n.value), depth + 1) : undefined;
      return children ? { value: n.value, label: n.label, children } : { value: n.value, label: n.label };
    });
  return nodes(cachedAreaChildren(ROOT_REGION_CODE), 0) ?? [];
}

/** Loads the provinces, then the cities of `path[0]` and the counties of `path[1]`. */
async function loadAlong(path: readonly (string | undefined)[]): Promise<void> {
  await loadAreaChildren(ROOT_REGION_CODE);
  const [province, city] = path;
  await Promise.all([province && loadAreaChildren(province), city && loadAreaChildren(city)]);
}

/**
 * Province / city / county in one row: a CascadePicker over the national
 * region tree, loaded level by level through getArea (only the levels the
 * visitor opens are fetched, each once). The value is one object of three
 * codes, so this is a field (it owns an object) rather than a widget. The
 * picker opens on the current value, else on ui:options.defaultRegion (the
 * product's city, or Chongqing).
 */
export function RegionField({ formData, onChange, onBlur, fieldPathId, uiSchema, schema, disabled, readonly }: FieldProps<RegionValue>) {
  const picker = useLazyPopup();
  const { visible } = picker;
  const [options, setOptions] = useState<RegionNode[]>(loadedTree);
  const [loading, setLoading] = useState(false);
  const { defaultRegion, placeholder } = getUiOptions(uiSchema);
  const codes = [formData?.provinceCode, formData?.cityCode, formData?.countyCode].filter((c): c is string => Boolean(c));
  useRegionLabels(codes);
  const text = regionText(formData ?? {});
  const id = fieldPathId.$id;
  const startKey = (codes.length > 0 ? codes : regionPath(typeof defaultRegion === 'string' ? defaultRegion : undefined)).join(',');
  const start = useMemo(() => (startKey ? startKey.split(',') : []), [startKey]);

  const load = useCallback((path: readonly (string | undefined)[]) => {
    setLoading(cachedAreaChildren(ROOT_REGION_CODE) === undefined);
    loadAlong(path).then(
      () => setOptions(loadedTree()),
      () => undefined, // the picker keeps what it has; opening it again retries
    ).finally(() => setLoading(false));
  }, []);
  // Warm the cache as soon as the field shows (three small cached calls, no re-render), so the picker opens ready on its path.
  useEffect(() => {
    loadAlong(start).catch(() => undefined);
  }, [start]);
  useEffect(() => {
    if (visible) load(start);
  }, [visible, start, load]);

  return (
    <>
      <button type="button" id={id} className={styles.trigger} disabled={disabled || readonly} aria-haspopup="dialog" aria-labelledby={`${labelId(id)} ${id}`} onPointerDown={preloadPickers} onClick={() => {
          setOptions(loadedTree());
          picker.open();
        }}>
        <span className={cx(styles.triggerText, !text && styles.placeholder)}>
          {text || (typeof placeholder === 'string' ? placeholder : '请选择')}
        </span>
        <ArrowIcon />
      </button>
      {picker.pickers && (
        <picker.pickers.CascadePicker
          title={schema.title}
          options={options}
          loading={loading}
          value={start}
          visible={visible}
          afterClose={picker.afterClose}
          onSelect={(path) => load(path.map((v) => (v === null ? undefined : String(v))))}
          onClose={() => {
            picker.close();
            onBlur(id, formData);
          }}
          onConfirm={([provinceCode, cityCode, countyCode]) => {
            const next: RegionValue = {};
            if (provinceCode) next.provinceCode = String(provinceCode);
            if (cityCode) next.cityCode = String(cityCode);
            if (countyCode) next.countyCode = String(countyCode);
            onChange(next, fieldPathId.path);
          }}
        />
      )}
    </>
  );
}

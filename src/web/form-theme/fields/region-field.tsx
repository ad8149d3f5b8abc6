import { useState } from 'react';
import { CascadePicker } from 'antd-mobile';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import type { RegionValue } from '../../../engine/insure/form-schema.ts';
import { ArrowIcon, cx } from '../arrow-icon.tsx';
import styles from '../form-theme.module.css';
import { REGION_TREE, regionPath, regionText, type RegionNode } from '../region-data.ts';

/**
 * Province / city / county in one row: a CascadePicker over the region tree.
 * The value is one object of three codes, so this is a field (it owns an
 * object) rather than a widget. The picker opens on the current value, else
 * on ui:options.defaultRegion (the product's city, or Chongqing).
 */
export function RegionField({ formData, onChange, onBlur, fieldPathId, uiSchema, schema, disabled, readonly }: FieldProps<RegionValue>) {
  const [visible, setVisible] = useState(false);
  const { defaultRegion, placeholder } = getUiOptions(uiSchema);
  const codes = [formData?.provinceCode, formData?.cityCode, formData?.countyCode].filter((c): c is string => Boolean(c));
  const text = regionText(formData ?? {});
  const id = fieldPathId.$id;
  return (
    <>
      <button type="button" id={id} className={styles.trigger} disabled={disabled || readonly} aria-haspopup="dialog" onClick={() => setVisible(true)}>
        <span className={cx(styles.triggerText, !text && styles.placeholder)}>
          {text || (typeof placeholder === 'string' ? placeholder : '请选择')}
        </span>
        <ArrowIcon />
      </button>
      <CascadePicker
        title={schema.title}
        options={REGION_TREE as RegionNode[]}
        value={codes.length > 0 ? codes : regionPath(typeof defaultRegion === 'string' ? defaultRegion : undefined)}
        visible={visible}
        onClose={() => {
          setVisible(false);
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
    </>
  );
}

import { useEffect, useState } from 'react';
import { useAppQuery } from '../../shared/api/query-hooks.ts';
import { Button, Input, Selector } from 'antd-mobile';
import { Popup } from '../../shared/ui/overlays-antd.ts';
import { infoToast } from '../../shared/ui/toast.ts';
import { isValidSchoolName } from '../../../engine/rules/school-name.ts';
import type { EnumOption } from '../../../engine/rules/enums.ts';
import { SCHOOL_MESSAGES, type AddSchoolBody } from '../../../contract/school.ts';
import { infoApi } from '../../shared/api/info.ts';
import { loadCountiesUnder, type County } from './school-areas.ts';
import styles from '../form-theme.module.css';
import '../../shared/ui/a11y/selector.css';

/**
 * 添加学校 (custom-school mode 01): the school the parent could not find,
 * saved to their own list through addSchoolInfo (unverified, visible only to
 * them) and put into the field. Loaded when first opened (school-widget.tsx:
 * its Popup brings react-spring and use-gesture).
 */
export function SchoolAddPopup({
  visible,
  initialName,
  areaCode,
  schoolTypes,
  onClose,
  onAdded,
}: {
  visible: boolean;
  initialName: string;
  areaCode: string;
  schoolTypes: readonly EnumOption[];
  onClose: () => void;
  onAdded: (name: string) => void;
}) {
  const [name, setName] = useState(initialName);
  const [kind, setKind] = useState<string | undefined>(undefined);
  const [county, setCounty] = useState<string | undefined>(undefined);

  // The counties of the area, from the region levels in the query cache; none when they cannot be loaded.
  const countyQuery = useAppQuery({
    queryKey: ['regions', 'countiesUnder', areaCode],
    queryFn: () => loadCountiesUnder(areaCode),
    staleTime: Infinity,
  });
  const counties: County[] | null = countyQuery.data ?? (countyQuery.isError ? [] : null);
  const only = counties?.length === 1 ? counties[0]?.value : undefined;
  useEffect(() => {
    if (only !== undefined) setCounty(only);
  }, [only]);
  const [address, setAddress] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!isValidSchoolName(name)) return infoToast(SCHOOL_MESSAGES.badName);
    if (!kind) return infoToast('请选择学校类型');
    if (!county) return infoToast(SCHOOL_MESSAGES.unknownArea);
    setSaving(true);
    try {
      const result = await infoApi.addSchool({ schoolName: name.trim(), schoolKind: kind as AddSchoolBody['schoolKind'], areaCode: county, ...(address.trim() ? { address: address.trim() } : {}) });
      infoToast(result.existing ? SCHOOL_MESSAGES.exists : SCHOOL_MESSAGES.added);
      onAdded(result.school.schoolName);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85vh', overflowY: 'auto' }} destroyOnClose>
      <div className={styles.addSchool} role="dialog" aria-label="添加学校">
        <h3 className={styles.addSchoolTitle}>添加学校</h3>
        <p className={styles.addSchoolHint}>找不到孩子的学校？填写后将添加到您的学校列表，审核前仅您可见。</p>
        <label className={styles.addSchoolLabel}>
          学校名称
          <Input value={name} onChange={setName} placeholder="请输入学校全称" maxLength={60} data-testid="add-school-name" />
        </label>
        <div className={styles.addSchoolLabel}>学校类型</div>
        <Selector columns={3} options={schoolTypes.map((o) => ({ label: o.label, value: o.value }))} value={kind ? [kind] : []} onChange={(v) => setKind(v[0])} />
        <div className={styles.addSchoolLabel}>所在区县</div>
        {counties === null ? (
          <p className={styles.addSchoolHint}>正在加载区县…</p>
        ) : counties.length > 0 ? (
          <Selector columns={3} options={counties.map((c) => ({ label: c.label, value: c.value }))} value={county ? [county] : []} onChange={(v) => setCounty(v[0])} />
        ) : (
          <p className={styles.addSchoolHint}>该地区暂不支持添加学校，请直接输入学校名称。</p>
        )}
        <label className={styles.addSchoolLabel}>
          详细地址（选填）
          <Input value={address} onChange={setAddress} placeholder="如：人民路88号" maxLength={100} />
        </label>
        <div className={styles.addSchoolActions}>
          <Button shape="rounded" onClick={onClose}>
            取消
          </Button>
          <Button color="primary" shape="rounded" loading={saving} disabled={!counties || counties.length === 0} onClick={() => void submit()}>
            确认添加
          </Button>
        </div>
      </div>
    </Popup>
  );
}

import { useEffect, useState } from 'react';
import type { FamilyMemberView } from '../../../../../contract/family.ts';
import { enumLabel, ID_TYPES } from '../../../../../engine/rules/enums.ts';
import { familyApi } from '../../../../shared/api/family-members.ts';
import { Popup } from '../../../../shared/ui/overlays-antd.ts';
import styles from './insure.module.css';
import family from './family-picker.module.css';

type State = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; list: FamilyMemberView[] };

/** The list of 选择常用被保人: each saved person masked; tapping one picks them. Loaded on the first open. */
export function FamilyPopup({
  open,
  onPick,
  onManage,
  onClose,
}: {
  open: boolean;
  onPick: (member: FamilyMemberView) => void;
  onManage: () => void;
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setState({ phase: 'loading' });
    familyApi.list().then(
      (data) => live && setState({ phase: 'ready', list: data.list }),
      () => live && setState({ phase: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [open, attempt]);

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className={styles.popup} role="dialog" aria-label="选择常用被保人">
        <header className={styles.popupHeader}>
          <h3 className={styles.popupTitle}>选择常用被保人</h3>
          <button type="button" className={styles.popupClose} aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </header>
        <div className={styles.popupBody}>
          {state.phase === 'loading' && <p className={family.familyHint}>加载中…</p>}
          {state.phase === 'error' && (
            <p className={family.familyHint}>
              常用被保人加载失败，
              <button type="button" className={family.familyLink} onClick={() => setAttempt((n) => n + 1)}>
                点击重试
              </button>
            </p>
          )}
          {state.phase === 'ready' && state.list.length === 0 && <p className={family.familyHint}>还没有常用被保人，添加后投保时可一键填入。</p>}
          {state.phase === 'ready' && state.list.length > 0 && (
            <ul className={family.familyList} data-testid="family-pick-list">
              {state.list.map((member) => (
                <li key={member.id}>
                  <button type="button" className={family.familyItem} onClick={() => onPick(member)}>
                    <span className={family.familyName}>{member.name}</span>
                    <span className={family.familyId}>
                      {enumLabel(ID_TYPES, member.idType)} {member.idNo}
                    </span>
                    {(member.schoolName || member.className) && <span className={family.familyId}>{[member.schoolName, member.className].filter(Boolean).join(' ')}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={styles.popupFooter}>
          <button type="button" className={family.familyManage} onClick={onManage}>
            管理常用被保人
          </button>
        </div>
      </div>
    </Popup>
  );
}

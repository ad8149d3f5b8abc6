import { useState } from 'react';
import { Checkbox, Input } from 'antd-mobile';
import type { FamilyMemberBody, FamilyMemberView } from '../../../../../contract/family.ts';
import { checkFamilyMember, FAMILY_MEMBER_LENGTHS } from '../../../../../engine/insure/family-member.ts';
import { ID_TYPE_ID_CARD, ID_TYPE_OPTIONS } from '../../../../../engine/rules/enums.ts';
import { isMainlandNumber } from '../../../../../engine/rules/person.ts';
import { PHONE_LENGTH } from '../../../../../engine/rules/phone.ts';
import { AccountForm } from '../../components/account-form.tsx';
import { SexField } from '../../components/sex-field.tsx';
import styles from '../../components/account-form.module.css';
import { infoToast } from '../../../../shared/ui/toast.ts';
import own from './family-members-screen.module.css';

/** What the parent agrees to by ticking the box: shown in full beside it. */
export const CONSENT_TEXT =
  '我已获得该成员（或其监护人）的同意，授权平台保存以上信息（含证件号码），仅用于本人投保时快速填写被保人信息。证件号码加密保存、全程脱敏展示，我可随时修改或删除。';

interface Draft {
  name: string;
  idType: string;
  idNo: string;
  birthday: string;
  sex: string;
  phone: string;
  schoolName: string;
  className: string;
}

const blank: Draft = { name: '', idType: ID_TYPE_ID_CARD, idNo: '', birthday: '', sex: '', phone: '', schoolName: '', className: '' };

/**
 * Adds or edits one person. Editing shows the saved ID number and phone masked
 * as hints: left empty they stay as saved (the screen never holds them in full).
 * The engine's check runs before the call; the server checks again.
 */
export function MemberForm({ member, onSave }: { member: FamilyMemberView | null; onSave: (body: FamilyMemberBody) => Promise<void> }) {
  const [draft, setDraft] = useState<Draft>(() =>
    member ? { ...blank, name: member.name, idType: member.idType, birthday: member.birthday, sex: member.sex, schoolName: member.schoolName, className: member.className } : blank,
  );
  const [consent, setConsent] = useState(false);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  // A mainland number gives the birthday and sex; other documents ask for them.
  const typedMainland = draft.idNo !== '' && isMainlandNumber(draft.idType, draft.idNo.trim());
  const asksBirthday = draft.idType !== ID_TYPE_ID_CARD && !typedMainland;

  const submit = async () => {
    const body: FamilyMemberBody = {
      name: draft.name.trim(),
      idType: draft.idType as FamilyMemberBody['idType'],
      ...(draft.idNo.trim() ? { idNo: draft.idNo.trim().toUpperCase() } : {}),
      ...(asksBirthday ? { birthday: draft.birthday, sex: draft.sex as FamilyMemberBody['sex'] } : {}),
      ...(draft.phone.trim() || !member ? { phone: draft.phone.trim() as FamilyMemberBody['phone'] } : {}),
      schoolName: draft.schoolName.trim(),
      className: draft.className.trim(),
      consent,
    };
    const problem = checkFamilyMember(body, consent, new Date(), member !== null);
    if (problem) return infoToast(problem.message);
    setSaving(true);
    try {
      await onSave(body);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AccountForm
      title={member ? '编辑常用被保人' : '添加常用被保人'}
      subtitle="保存后，填写投保信息时可一键填入被保人"
      submitText="保存"
      submitting={saving}
      onSubmit={submit}
    >
      <div className={styles.field}>
        <label className={styles.label} htmlFor="member-name">姓名</label>
        <Input id="member-name" placeholder="请输入姓名" maxLength={FAMILY_MEMBER_LENGTHS.name} value={draft.name} onChange={(v) => set({ name: v })} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="member-id-type">证件类型</label>
        <select id="member-id-type" className={own.select} value={draft.idType} onChange={(e) => set({ idType: e.target.value, idNo: '' })}>
          {ID_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="member-id-no">证件号码</label>
        <Input
          id="member-id-no"
          placeholder={member && member.idType === draft.idType ? `${member.idNo}（不修改请留空）` : '请输入证件号码'}
          maxLength={FAMILY_MEMBER_LENGTHS.idNo}
          value={draft.idNo}
          onChange={(v) => set({ idNo: v })}
        />
      </div>
      {asksBirthday && (
        <>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="member-birthday">出生日期</label>
            <input id="member-birthday" className={own.select} type="date" value={draft.birthday} onChange={(e) => set({ birthday: e.target.value })} />
          </div>
          <SexField id="member-sex-label" value={draft.sex} onChange={(sex) => set({ sex })} />
        </>
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor="member-phone">手机号码</label>
        <Input
          id="member-phone"
          type="tel"
          placeholder={member?.phone ? `${member.phone}（不修改请留空）` : '选填'}
          maxLength={PHONE_LENGTH}
          value={draft.phone}
          onChange={(v) => set({ phone: v })}
        />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="member-school">学校名称</label>
        <Input id="member-school" placeholder="选填，学生请填写" maxLength={FAMILY_MEMBER_LENGTHS.schoolName} value={draft.schoolName} onChange={(v) => set({ schoolName: v })} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="member-class">班级</label>
        <Input id="member-class" placeholder="选填，如三年级2班" maxLength={FAMILY_MEMBER_LENGTHS.className} value={draft.className} onChange={(v) => set({ className: v })} />
      </div>
      <div className={own.consent}>
        <Checkbox checked={consent} onChange={setConsent} data-testid="member-consent" style={{ '--icon-size': '18px', '--font-size': '13px' }}>
          {CONSENT_TEXT}
        </Checkbox>
      </div>
    </AccountForm>
  );
}

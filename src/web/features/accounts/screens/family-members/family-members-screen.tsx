import { useCallback, useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import type { FamilyMemberBody, FamilyMemberView } from '../../../../../contract/family.ts';
import { FAMILY_MEMBERS_MAX, msgFamilyLimit } from '../../../../../engine/insure/family-member.ts';
import { enumLabel, GENDERS, ID_TYPES } from '../../../../../engine/rules/enums.ts';
import { familyApi } from '../../../../shared/api/family-members.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { confirmDialog } from '../../../../shared/ui/dialog.ts';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { CardList, CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { infoToast, successToast } from '../../../../shared/ui/toast.ts';
import { MemberForm } from './member-form.tsx';
import own from './family-members-screen.module.css';

const TITLE = '常用被保人';
const MSG_LOAD_FAILED = '常用被保人加载失败，请稍后重试';

type State = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; list: FamilyMemberView[] };
/** The person being edited: null adds one. */
type Editing = { member: FamilyMemberView | null } | null;

/** `/familyMembers` (log-in, from 个人中心): the people saved to fill the insure form; add, edit, delete. */
export default function FamilyMembersScreen() {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [editing, setEditing] = useState<Editing>(null);

  const load = useCallback(async () => {
    try {
      setState({ phase: 'ready', list: (await familyApi.list()).list });
    } catch {
      setState({ phase: 'error' });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (body: FamilyMemberBody) => {
    const member = editing?.member;
    try {
      const saved = member ? await familyApi.update(member.id, body) : await familyApi.add(body);
      successToast('保存成功');
      setState((s) => (s.phase === 'ready' ? { phase: 'ready', list: member ? s.list.map((m) => (m.id === saved.id ? saved : m)) : [...s.list, saved] } : s));
      setEditing(null);
    } catch {
      // The client has shown the server's message.
    }
  };

  const remove = async (member: FamilyMemberView) => {
    const confirmed = await confirmDialog({ content: `确定删除常用被保人「${member.name}」吗？删除后其信息将被彻底清除，不可恢复。`, confirmText: '删除', cancelText: '取消' });
    if (!confirmed) return;
    try {
      await familyApi.remove(member.id);
      successToast('删除成功');
      setState((s) => (s.phase === 'ready' ? { phase: 'ready', list: s.list.filter((m) => m.id !== member.id) } : s));
    } catch {
      // The client has shown the server's message.
    }
  };

  const add = () => {
    if (state.phase === 'ready' && state.list.length >= FAMILY_MEMBERS_MAX) return infoToast(msgFamilyLimit(FAMILY_MEMBERS_MAX));
    setEditing({ member: null });
  };

  if (editing) {
    return (
      <AppPage
        title={editing.member ? '编辑常用被保人' : '添加常用被保人'}
        right={
          <Button size="mini" fill="none" color="primary" className={own.navAction} onClick={() => setEditing(null)}>
            取消
          </Button>
        }
      >
        <MemberForm member={editing.member} onSave={save} />
      </AppPage>
    );
  }

  return (
    <AppPage title={TITLE} hasBottomBar={state.phase === 'ready'}>
      {state.phase === 'loading' && <CardSkeleton />}
      {state.phase === 'error' && (
        <LoadError
          description={MSG_LOAD_FAILED}
          onRetry={() => {
            setState({ phase: 'loading' });
            void load();
          }}
        />
      )}
      {state.phase === 'ready' && state.list.length === 0 && (
        <StatusBlock kind="empty" title="还没有常用被保人" description="添加孩子或家人的信息后，投保时点击「选择常用被保人」即可一键填入" />
      )}
      {state.phase === 'ready' && state.list.length > 0 && (
        <>
          <p className={own.note}>证件号码已加密保存，页面仅展示脱敏信息。</p>
          <CardList testId="family-members">
            {state.list.map((member) => (
              <SectionCard
                key={member.id}
                as="li"
                testId="family-member-card"
                title={member.name}
                footer={
                  <>
                    <Button size="small" fill="outline" shape="rounded" onClick={() => void remove(member)}>
                      删除
                    </Button>
                    <Button size="small" color="primary" fill="outline" shape="rounded" onClick={() => setEditing({ member })}>
                      编辑
                    </Button>
                  </>
                }
              >
                <InfoRows
                  rows={[
                    { label: '证件号码', value: `${enumLabel(ID_TYPES, member.idType) ?? ''} ${member.idNo}` },
                    { label: '性别', value: enumLabel(GENDERS, member.sex) },
                    { label: '出生日期', value: member.birthday },
                    { label: '手机号码', value: member.phone },
                    { label: '学校班级', value: [member.schoolName, member.className].filter(Boolean).join(' ') },
                  ]}
                />
              </SectionCard>
            ))}
          </CardList>
        </>
      )}
      {state.phase === 'ready' && (
        <BottomBar>
          <Button block color="primary" shape="rounded" onClick={add} data-testid="add-family-member">
            添加常用被保人
          </Button>
        </BottomBar>
      )}
    </AppPage>
  );
}

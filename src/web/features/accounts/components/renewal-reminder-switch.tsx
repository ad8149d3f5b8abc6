import { useEffect, useState } from 'react';
import { List, Switch } from 'antd-mobile';
import { accountApi } from '../api/accounts.ts';
import { successToast } from '../../../shared/ui/toast.ts';

/**
 * 续保到期提醒 in 个人中心: whether the renewal reminders of the user's
 * policies are texted (on unless switched off). The switch shows the saved
 * choice; it is disabled until that is known and while a change is saved,
 * and a failed save leaves it as it was (the client shows why).
 */
export function RenewalReminderSwitch() {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    accountApi.reminderSettings({ silent: true }).then(
      (settings) => setEnabled(settings.renewalReminders),
      () => setEnabled(null),
    );
  }, []);
  const change = async (next: boolean) => {
    setSaving(true);
    try {
      const saved = await accountApi.saveReminderSettings({ renewalReminders: next });
      setEnabled(saved.renewalReminders);
      successToast(saved.renewalReminders ? '已开启续保提醒' : '已关闭续保提醒');
    } catch {
      // The client has shown the server's message; the switch keeps the saved choice.
    } finally {
      setSaving(false);
    }
  };
  return (
    <List.Item
      description="保单到期前以短信提醒您续保，续保后不再提醒"
      extra={<Switch className="hit-44" checked={enabled ?? false} disabled={enabled === null || saving} loading={saving} onChange={(next) => void change(next)} aria-label="续保到期提醒" />}
    >
      续保到期提醒
    </List.Item>
  );
}

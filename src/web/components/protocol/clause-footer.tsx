import { Button } from 'antd-mobile';
import type { ProtocolReading } from '../../state/insure-flow.ts';
import styles from './clause-footer.module.css';

/**
 * The footer of a clause popup (the clause page's and the insure form's): 全部已读 marks every
 * clause read and closes; 下一份 opens the next unread clause, or, once none is left, the
 * caller's `finish` (我已阅读 closes, 我已阅读并同意 also ticks the agreement box).
 */
export function ClauseFooter({
  clauses,
  reading,
  onOpen,
  onClose,
  finish,
}: {
  clauses: readonly { name: string }[];
  reading: ProtocolReading;
  onOpen: (index: number) => void;
  onClose: () => void;
  finish: { label: string; onClick: () => void };
}) {
  const nextUnread = clauses.findIndex((c) => !reading.read.has(c.name));
  return (
    <footer className={styles.footer}>
      <Button
        shape="rounded"
        onClick={() => {
          reading.markAllRead();
          onClose();
        }}
      >
        全部已读
      </Button>
      {nextUnread >= 0 ? (
        <Button color="primary" shape="rounded" onClick={() => onOpen(nextUnread)}>
          下一份
        </Button>
      ) : (
        <Button color="primary" shape="rounded" onClick={finish.onClick}>
          {finish.label}
        </Button>
      )}
    </footer>
  );
}

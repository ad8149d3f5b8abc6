import { Button } from 'antd-mobile';
import type { ProtocolReading } from '../../state/insure-flow.ts';

/**
 * The footer of a clause popup (the reading screen's and the insure form's): 全部已读 reads every
 * clause and closes; 下一份 opens the first unread clause; once none is unread, the last button
 * (`done`: its label and what it does besides closing) takes its place.
 */
export function ClausePopupActions({
  className,
  clauses,
  reading,
  onOpen,
  onClose,
  done,
}: {
  className: string | undefined;
  clauses: readonly { name: string }[];
  reading: ProtocolReading;
  onOpen: (index: number) => void;
  onClose: () => void;
  done: { label: string; act?: () => void };
}) {
  const nextUnread = clauses.findIndex((c) => !reading.read.has(c.name));
  return (
    <footer className={className}>
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
        <Button
          color="primary"
          shape="rounded"
          onClick={() => {
            done.act?.();
            onClose();
          }}
        >
          {done.label}
        </Button>
      )}
    </footer>
  );
}

import type { Protocol } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { Popup } from '../../../../shared/ui/overlays-antd.ts';
import { ClausePopupActions } from '../../components/protocol/clause-popup-actions.tsx';
import { saleStep } from '../../../recording/index.ts';
import type { ProtocolReading } from '../../state/insure-flow.ts';
import styles from './insure.module.css';
import { paragraphs } from './protocol-groups.ts';

/** Clauses whose end the buyer reached, once per page view (the recorded sale's clauseReadEnd step). */
const readToEnd = new Set<string>();

function onBodyScroll(body: HTMLElement, name: string): void {
  if (readToEnd.has(name) || body.clientHeight === 0 || body.scrollTop + body.clientHeight < body.scrollHeight - 4) return;
  readToEnd.add(name);
  saleStep('clauseReadEnd', { clauseName: name.slice(0, 100) });
}

/** A clause short enough to show whole is read to its end when shown. */
const readEnd = (name: string) => (body: HTMLDivElement | null) => {
  if (body) onBodyScroll(body, name);
};

/** One clause of the insure form's agreement in a popup, with 全部已读 and the next unread clause (or 我已阅读并同意 after the last). */
export function ClausePopup({
  protocols,
  reading,
  open,
  onOpen,
  onClose,
}: {
  protocols: readonly Protocol[];
  reading: ProtocolReading;
  open: number | null;
  onOpen: (index: number) => void;
  onClose: () => void;
}) {
  const clause = open === null ? undefined : protocols[open];
  return (
    <Popup visible={clause !== undefined} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} destroyOnClose>
      {clause && (
        <div className={styles.popup} role="dialog" aria-label={clause.name}>
          <header className={styles.popupHeader}>
            <h3 className={styles.popupTitle}>{clause.name}</h3>
            <div className={styles.popupIndex}>
              {open! + 1}/{protocols.length}
            </div>
            <button type="button" className={styles.popupClose} aria-label="关闭" onClick={onClose}>
              ×
            </button>
          </header>
          <div className={styles.popupBody} ref={readEnd(clause.name)} onScroll={(e) => onBodyScroll(e.currentTarget, clause.name)}>
            {paragraphs(clause.content).map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </div>
          <ClausePopupActions className={styles.popupFooter} clauses={protocols} reading={reading} onOpen={onOpen} onClose={onClose} done={{ label: '我已阅读并同意', act: () => reading.setAgreed(true) }} />
        </div>
      )}
    </Popup>
  );
}

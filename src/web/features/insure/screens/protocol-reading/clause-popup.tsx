import { Popup } from '../../../../shared/ui/overlays-antd.ts';
import { ClausePopupActions } from '../../components/protocol/clause-popup-actions.tsx';
import type { NotificationItem } from '../../../../../contract/product.ts';
import { clauseMarkup } from '../../components/protocol/use-product-clauses.ts';
import type { ProtocolReading } from '../../state/insure-flow.ts';
import styles from '../../components/protocol/protocol-reading.module.css';

/** One clause in a popup (the reading screen's), with 全部已读 and the next unread clause. */
export function ClausePopup({
  items,
  open,
  reading,
  onOpen,
  onClose,
}: {
  items: NotificationItem[];
  open: number | null;
  reading: ProtocolReading;
  onOpen: (index: number) => void;
  onClose: () => void;
}) {
  const item = open === null ? undefined : items[open];
  return (
    <Popup visible={item !== undefined} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} destroyOnClose>
      {item && (
        <div className={styles.popup} role="dialog" aria-label={item.name}>
          <header className={styles.popupHeader}>
            <h3 className={styles.popupTitle}>{item.name}</h3>
            <span>
              {open! + 1}/{items.length}
            </span>
          </header>
          <div className={styles.popupBody} dangerouslySetInnerHTML={clauseMarkup(item)} />
          <ClausePopupActions className={styles.popupFooter} clauses={items} reading={reading} onOpen={onOpen} onClose={onClose} done={{ label: '我已阅读' }} />
        </div>
      )}
    </Popup>
  );
}

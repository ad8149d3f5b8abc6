import { Fragment, memo, useEffect, type ComponentProps } from 'react';
import { Checkbox } from 'antd-mobile';
import type { Protocol } from '../../../../../engine/manifest/manifest-types.generated.ts';
import type { ProtocolReading } from '../../state/insure-flow.ts';
import styles from './insure.module.css';
import { groupProtocols } from './protocol-groups.ts';
import { saleStep } from '../../../recording/index.ts';
import { lazyPopup } from '../../../../shared/ui/lazy-popup.tsx';
import type { ClausePopup as LoadedClausePopup } from './clause-popup.tsx';
import '../../../../shared/ui/a11y/choice-inputs.css';

/** A clause's popup, loaded when the first clause is opened (Popup brings react-spring and use-gesture). */
const ClausePopup = lazyPopup<ComponentProps<typeof LoadedClausePopup>>(
  () => import('./clause-popup.tsx').then((m) => m.ClausePopup),
  (props) => props.open !== null,
);

/**
 * 我已阅读并同意《…》: the product's clauses in their two groups (spec §4
 * Protocol reading). Opening a clause marks it read; ticking the box before
 * every clause is read opens the first unread one; 全部已读 marks them all.
 * `open` is the index (in `protocols`) of the clause shown in the popup.
 * Memoised: the screen re-renders on every draft change, and the box's
 * antd-mobile Checkbox rewrites its <input>'s name and type when it renders
 * (DOM changes the sale recorder records).
 */
export const ProtocolAgreement = memo(function ProtocolAgreement({
  protocols,
  reading,
  open,
  onOpen,
}: {
  protocols: readonly Protocol[];
  reading: ProtocolReading;
  open: number | null;
  onOpen: (index: number | null) => void;
}) {
  const { notices, others } = groupProtocols(protocols);
  const indexOf = (p: Protocol) => protocols.indexOf(p);
  const show = (index: number) => {
    const clause = protocols[index];
    if (!clause) return;
    reading.markRead(clause.name);
    saleStep('clauseOpen', { clauseName: clause.name.slice(0, 100) });
    onOpen(index);
  };
  // The recorded sale's timeline: every clause read (docs/recording.md).
  const allRead = reading.allRead;
  useEffect(() => {
    if (allRead && protocols.length > 0) saleStep('allClausesRead');
  }, [allRead, protocols.length]);
  const firstUnread = protocols.findIndex((p) => !reading.read.has(p.name));
  const links = (list: Protocol[]) =>
    list.map((p) => (
      <button
        key={p.name}
        type="button"
        className={`${styles.clauseLink} ${reading.read.has(p.name) ? styles.clauseLinkRead : ''}`}
        onClick={() => show(indexOf(p))}
      >
        《{p.name}》
      </button>
    ));

  return (
    <section className={styles.agreement} aria-label="投保声明" id="insure-agreement">
      <div className={styles.agreementLine}>
        {/* The box's name is its hidden text (an aria-label would land on antd-mobile's <label>, where it is not allowed);
            its input covers the 44 px box, the text beside it is the sentence with the clause links. */}
        <Checkbox
          className={`${styles.agreementCheck} a11y-input-cover`}
          checked={reading.agreed}
          onChange={(checked) => {
            if (checked && !reading.allRead) show(firstUnread);
            else reading.setAgreed(checked);
          }}
        >
          <span className="visually-hidden">我已阅读并同意</span>
        </Checkbox>
        <p style={{ margin: 0 }}>
          我已阅读并同意{links(notices)}
          {notices.length > 0 && others.length > 0 && <Fragment>，以及</Fragment>}
          {links(others)}
        </p>
      </div>
      <div className={styles.agreementMeta}>
        <span>
          已阅读 {reading.readCount}/{protocols.length}
        </span>
        {!reading.allRead && (
          <button type="button" className={styles.readAll} onClick={() => show(firstUnread)}>
            去阅读
          </button>
        )}
      </div>
      <ClausePopup protocols={protocols} reading={reading} open={open} onOpen={show} onClose={() => onOpen(null)} />
    </section>
  );
});

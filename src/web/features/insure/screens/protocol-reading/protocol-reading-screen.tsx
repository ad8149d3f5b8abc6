import { useMemo, useState, type ComponentProps } from 'react';
import { Button, Checkbox } from 'antd-mobile';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { NotificationItem } from '../../../../../contract/product.ts';
import { groupClauses, READING_MESSAGES } from '../../../../../engine/protocol/protocol-reading.ts';
import { paths, ROUTES } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { NotFoundResult } from '../../../../shared/ui/not-found-result.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { infoToast } from '../../../../shared/ui/toast.ts';
import { lazyPopup } from '../../../../shared/ui/lazy-popup.tsx';
import { useProtocolReading } from '../../state/insure-flow.ts';
import { NOTICE_TITLES } from './notice-routes.ts';
import styles from '../../components/protocol/protocol-reading.module.css';
import { useProductClauses } from '../../components/protocol/use-product-clauses.ts';
import type { ClausePopup as LoadedClausePopup } from './clause-popup.tsx';

/** A clause's popup, loaded when the first clause is opened (Popup brings react-spring and use-gesture). */
const ClausePopup = lazyPopup<ComponentProps<typeof LoadedClausePopup>>(
  () => import('./clause-popup.tsx').then((m) => m.ClausePopup),
  (props) => props.open !== null,
);
import '../../../../shared/ui/a11y/choice-inputs.css';

/**
 * The clauses of a product in the two lists of spec §4 (notices of
 * notificationType 2 and 3, then the others), each opened in a popup, which
 * counts as reading it; 全部已读 reads them all. Going on to the insure form
 * is blocked until every listed clause is read (the engine's rule), and on
 * /checkProtocol until the box is ticked too. Reading state is the insure
 * form's (local storage), so it survives a reload and counts on /insure.
 *
 * Serves /checkProtocol, /calmCareNotify, /fuxingNotify and
 * /insuranceNotificationAgreement.
 */
/**
 * The product a notice screen shows: `?productCode=`, else the product whose
 * manifest binds this route (`noticeRoute`, from the catalogue); null while
 * the catalogue loads, '' when no product is bound.
 */
function useNoticeProduct(pathname: string, queryCode: string | null): string | null {
  const catalogue = useAppQuery({ ...queries.catalogue(), enabled: !queryCode });
  if (queryCode) return queryCode;
  if (catalogue.data) return catalogue.data.find((item) => item.noticeRoute === pathname)?.productCode ?? '';
  return catalogue.isError ? '' : null;
}

export default function ProtocolReadingScreen() {
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const productCode = useNoticeProduct(pathname, query.get('productCode'));
  const title = NOTICE_TITLES[pathname] ?? '投保须知及条款';
  const state = useProductClauses(productCode ?? '');
  // While the bound product is looked up, the clause state of '' (not found) is not shown.
  const phase = productCode === null ? 'loading' : state.phase;
  return (
    <AppPage title={title} hasBottomBar={phase === 'ready'}>
      {phase === 'loading' && <PageLoading />}
      {phase === 'notFound' && <NotFoundResult description="商品不存在或已下架" />}
      {state.phase === 'error' && <LoadError description={state.message} onRetry={state.retry} />}
      {productCode !== null && state.phase === 'ready' && (
        <ClauseLists productCode={productCode} items={state.items} needsAgreement={pathname === ROUTES.checkProtocol} />
      )}
    </AppPage>
  );
}

function ClauseLists({ productCode, items, needsAgreement }: { productCode: string; items: NotificationItem[]; needsAgreement: boolean }) {
  const navigate = useAppNavigate();
  const names = useMemo(() => items.map((i) => i.name), [items]);
  const reading = useProtocolReading(productCode, names);
  const [open, setOpen] = useState<number | null>(null);
  const { notices, others } = groupClauses(items);

  const show = (index: number) => {
    const item = items[index];
    if (!item) return;
    reading.markRead(item.name);
    setOpen(index);
  };
  const firstUnread = items.findIndex((i) => !reading.read.has(i.name));
  const block = needsAgreement ? reading.block : reading.allRead ? null : 'unread';

  const proceed = () => {
    if (block === 'unread') {
      infoToast(READING_MESSAGES.unread);
      show(firstUnread);
      return;
    }
    if (block === 'notAgreed') {
      infoToast(READING_MESSAGES.notAgreed);
      return;
    }
    navigate(paths.insure(productCode));
  };

  const list = (heading: string, group: NotificationItem[]) =>
    group.length > 0 && (
      <section className={styles.group} aria-label={heading}>
        <h2 className={styles.groupTitle}>{heading}</h2>
        {group.map((item) => (
          <button key={item.name} type="button" className={styles.row} onClick={() => show(items.indexOf(item))}>
            <span className={styles.rowName}>《{item.name}》</span>
            {reading.read.has(item.name) ? <span className={styles.read}>已读</span> : <span className={styles.unread}>未读</span>}
          </button>
        ))}
      </section>
    );

  return (
    <>
      <p className={styles.intro}>请您在投保前逐一阅读以下须知及条款，特别是其中的责任免除、等待期、免赔额等内容。阅读全部文件后方可继续投保。</p>
      {list('投保须知及保险条款', notices)}
      {list('其他告知及授权', others)}
      {needsAgreement && (
        <div className={styles.agree}>
          {/* The sentence is the box's label (its name, and 44 px of row to tap), not an aria-label on antd's <label>. */}
          <Checkbox
            className={styles.agreeBox}
            checked={reading.agreed}
            onChange={(checked) => {
              if (checked && !reading.allRead) show(firstUnread);
              else reading.setAgreed(checked);
            }}
          >
            我已阅读并同意以上全部内容
          </Checkbox>
        </div>
      )}
      <ClausePopup items={items} open={open} reading={reading} onOpen={show} onClose={() => setOpen(null)} />
      <BottomBar>
        <div className={styles.bar}>
          <span className={styles.progress} data-testid="read-progress">
            已阅读 {reading.readCount}/{items.length}
          </span>
          {!reading.allRead && (
            <Button shape="rounded" size="small" onClick={() => show(firstUnread)}>
              去阅读
            </Button>
          )}
          <Button color="primary" shape="rounded" disabled={block !== null} onClick={proceed}>
            {needsAgreement ? '同意并继续' : '我已阅读，继续投保'}
          </Button>
        </div>
      </BottomBar>
    </>
  );
}

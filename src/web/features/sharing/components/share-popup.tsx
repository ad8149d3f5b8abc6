import { useEffect, useRef, useState, type JSX } from 'react';
import { Button } from 'antd-mobile';
import { Popup, SpinLoading } from '../../../shared/ui/overlays-antd.ts';
import { useAppQuery } from '../../../shared/api/query-hooks.ts';
import { SHARE, type PromoterCard } from '../../../../contract/promoter.ts';
import { getUser } from '../../../shared/state/session.ts';
import { failToast, successToast } from '../../../shared/ui/toast.ts';
import { promoterCardQuery, shareLink } from './share-link.ts';
import { isWeChat } from './use-wechat-share.ts';
import styles from './share-popup.module.css';
import { copyText } from '../../../shared/ui/clipboard.ts';
import { UserText } from '../../../shared/ui/user-text.tsx';

export const POSTER_HINT = '长按图片保存或发送给好友';
export const POSTER_FAILED = '图片生成失败，请截屏保存';
export const CARD_FAILED = '推广信息加载失败';

/*
 * Both libraries load on first use only (dynamic import), so neither enters
 * the bundle of a route that merely offers sharing. Both are CommonJS/UMD:
 * the namespace's default is the library when the bundler wraps it.
 */
async function qrDataUrl(text: string): Promise<string> {
  const mod = await import('qrcode');
  const qrcode = mod.default ?? mod;
  return qrcode.toDataURL(text, { width: SHARE.qrSize, margin: SHARE.qrMargin });
}

async function nodeToPng(node: HTMLElement): Promise<string> {
  const mod = await import('dom-to-image-more');
  const domToImage = mod.default ?? mod;
  return domToImage.toPng(node, { bgcolor: '#ffffff', pixelRatio: Math.min(window.devicePixelRatio || 1, 3) });
}

/** Whether the browser can save a download (WeChat and Alipay cannot: their users long-press the image). */
function canDownload(): boolean {
  return !isWeChat() && !/AlipayClient/i.test(navigator.userAgent);
}

/**
 * The share popup (spec §2): a poster with the sharer's card, the target's
 * title and a QR code of the share link, 复制链接 and 保存图片. A logged-in
 * user shares with their promo code (their card, loaded here); a visitor
 * gets a link without code and is asked to log in first.
 */
export function SharePopup({
  visible,
  onClose,
  target,
}: {
  visible: boolean;
  onClose: () => void;
  target: { route: string; title: string };
}): JSX.Element {
  const user = getUser();
  const cardQuery = useAppQuery({ ...promoterCardQuery(user?.userCode ?? ''), enabled: visible && Boolean(user) });
  const card: PromoterCard | null = user ? (cardQuery.data ?? null) : null;
  // A logged-in user's link waits for the card: without it the link would credit nobody.
  const link = !user ? shareLink(target.route, null) : card ? shareLink(target.route, card.promoCode) : null;

  const [qr, setQr] = useState<{ link: string; dataUrl: string } | null>(null);
  useEffect(() => {
    if (!visible || !link || qr?.link === link) return;
    let live = true;
    qrDataUrl(link).then(
      (dataUrl) => live && setQr({ link, dataUrl }),
      () => live && failToast(SHARE.qrFailed),
    );
    return () => {
      live = false;
    };
  }, [visible, link, qr?.link]);
  const qrUrl = qr && qr.link === link ? qr.dataUrl : null;

  const [poster, setPoster] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const posterRef = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      window.clearTimeout(timer.current);
    };
  }, []);
  // A new target or link is a new poster.
  useEffect(() => setPoster(null), [link, target.title]);

  const copy = async () => {
    if (!link) return;
    if (await copyText(link)) successToast(SHARE.copied);
    else failToast(SHARE.qrFailed);
  };

  const save = () => {
    if (saving || !qrUrl) return;
    setSaving(true);
    // The delay lets fonts and the QR image settle before the poster is drawn (spec §9).
    timer.current = window.setTimeout(() => {
      const node = posterRef.current;
      const done = (png: string | null) => {
        if (!mounted.current) return;
        setSaving(false);
        if (png) setPoster(png);
        else failToast(POSTER_FAILED);
      };
      if (!node) return done(null);
      nodeToPng(node).then(done, () => done(null));
    }, SHARE.screenshotDelayMs);
  };

  const staff = Boolean(card?.isStaff);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.body} destroyOnClose>
      <div className={styles.popup} data-testid="share-popup">
        <header className={styles.header}>
          <h2 className={styles.title}>分享</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="关闭">
            ×
          </button>
        </header>

        {user && cardQuery.isError && (
          <div className={styles.state} role="alert">
            <p>{CARD_FAILED}</p>
            <Button size="small" shape="rounded" onClick={() => void cardQuery.refetch()}>
              重试
            </Button>
          </div>
        )}
        {user && !card && !cardQuery.isError && (
          <div className={styles.state}>
            <SpinLoading aria-label="加载中" />
          </div>
        )}

        {link && poster && (
          <figure className={styles.result}>
            <img className={styles.resultImage} src={poster} alt="分享海报" />
            <figcaption className={styles.hint}>{POSTER_HINT}</figcaption>
            {canDownload() && (
              <a className={styles.download} href={poster} download={`${target.title}.png`}>
                下载图片
              </a>
            )}
          </figure>
        )}

        {link && !poster && (
          <div ref={posterRef} className={`${styles.poster} ${staff ? styles.posterStaff : ''}`} data-testid="share-poster" data-staff={staff}>
            <div className={styles.band}>
              <div className={styles.company}>{card?.companyName || SHARE.brand}</div>
              {card?.branchName && <div className={styles.branch}>{card.branchName}</div>}
              {staff && (
                <div className={styles.badge} data-testid="staff-badge">
                  持证经纪人 · {card?.licenseNumber}
                </div>
              )}
            </div>
            <div className={styles.posterBody}>
              <p className={styles.productTitle}>{target.title}</p>
              <div className={styles.qrBox}>
                {qrUrl ? <img className={styles.qr} src={qrUrl} alt="分享二维码" width={SHARE.qrSize} height={SHARE.qrSize} /> : <SpinLoading />}
              </div>
              <p className={styles.qrHint}>
                {user ? '' : SHARE.visitorPrefix}
                {SHARE.qrHint}
              </p>
              {card && (
                <dl className={styles.promoter}>
                  <div>
                    <dt>{card.roleLabel}</dt>
                    <dd><UserText>{card.name}</UserText></dd>
                  </div>
                  {card.isStaff && card.licenseNumber && (
                    <div>
                      <dt>执业证号</dt>
                      <dd>{card.licenseNumber}</dd>
                    </div>
                  )}
                  <div>
                    <dt>推荐码</dt>
                    <dd data-testid="manager-code">{card.managerCode}</dd>
                  </div>
                </dl>
              )}
            </div>
          </div>
        )}

        <div className={styles.actions}>
          <Button block shape="rounded" disabled={!link} onClick={() => void copy()}>
            复制链接
          </Button>
          <Button block shape="rounded" color="primary" disabled={!qrUrl || Boolean(poster)} loading={saving} onClick={save}>
            保存图片
          </Button>
        </div>
      </div>
    </Popup>
  );
}

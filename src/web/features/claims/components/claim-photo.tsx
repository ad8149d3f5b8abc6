import { useEffect, useState } from 'react';
import type { ClaimFile } from '../../../../contract/claims.ts';
import { confirmDialog } from '../../../shared/ui/dialog.ts';
import { successToast } from '../../../shared/ui/toast.ts';
import { claimApi } from '../api/claims.ts';
import styles from './claims.module.css';

type Shown = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; url: string };

/**
 * One photo of a claim as the server stores it (the reduced picture): a
 * thumbnail that opens the picture full screen, and 删除 while the claim can
 * be sent. A HEIC photo, which browsers cannot draw, shows as a labelled tile.
 */
export function ClaimPhoto({ claimNo, file, index, removable, onRemoved }: { claimNo: string; file: ClaimFile; index: number; removable: boolean; onRemoved: () => void }) {
  const drawable = file.contentType !== 'image/heic';
  const [shown, setShown] = useState<Shown>({ phase: 'loading' });
  const [open, setOpen] = useState(false);
  const label = `第${index + 1}张`;

  useEffect(() => {
    if (!drawable) return;
    let url: string | null = null;
    let live = true;
    claimApi.photo(claimNo, file.id).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setShown({ phase: 'ready', url });
        else URL.revokeObjectURL(url);
      },
      () => live && setShown({ phase: 'error' }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [claimNo, file.id, drawable]);

  const remove = async () => {
    if (!(await confirmDialog({ content: `确定删除${label}照片吗？`, confirmText: '删除', cancelText: '取消' }))) return;
    try {
      await claimApi.removeFile(claimNo, file.id);
      successToast('已删除');
    } catch {
      // The client has shown the server's message.
    }
    onRemoved();
  };

  return (
    <li className={styles.photo} data-testid="claim-photo">
      {drawable && shown.phase === 'ready' ? (
        <button type="button" className={styles.thumb} onClick={() => setOpen(true)} aria-label={`查看${label}照片`}>
          <img src={shown.url} alt={`${label}照片`} />
        </button>
      ) : (
        <span className={styles.thumb}>{!drawable ? 'HEIC' : shown.phase === 'error' ? '加载失败' : '加载中'}</span>
      )}
      <span className={styles.photoMeta}>
        {label} · {(file.bytes / 1024).toFixed(0)} KB
      </span>
      {removable && (
        <button type="button" className={styles.photoRemove} onClick={() => void remove()} aria-label={`删除${label}照片`}>
          删除
        </button>
      )}
      {open && shown.phase === 'ready' && (
        <div className={styles.viewer} role="dialog" aria-label={`${label}照片`} onClick={() => setOpen(false)}>
          <img src={shown.url} alt={`${label}照片`} />
        </div>
      )}
    </li>
  );
}

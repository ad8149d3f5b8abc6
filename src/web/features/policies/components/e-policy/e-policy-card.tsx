import { useState } from 'react';
import { Button } from 'antd-mobile';
import { fillPath, GW } from '../../../../../contract/define-call.ts';
import { documentViewerLink } from '../../../../../contract/documents.ts';
import { policyCalls } from '../../../../../contract/policy.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { lazyPopup } from '../../../../shared/ui/lazy-popup.tsx';
import { SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import type { EPolicyMailProps } from './e-policy-mail-popup.tsx';
import styles from '../policy-detail.module.css';

const LazyMailPopup = lazyPopup<EPolicyMailProps>(() => import('./e-policy-mail-popup.tsx').then((m) => m.EPolicyMailPopup), (p) => p.visible);

/**
 * 电子保单 on the detail of an issued policy: 查看电子保单 opens the PDF in
 * the viewer (the e-policy's address is one of the documents it opens), and
 * 发送到邮箱 mails it (the popup loads on first open).
 */
export function EPolicyCard({ applicationFormCode, policyNo }: { applicationFormCode: string; policyNo: string }) {
  const navigate = useAppNavigate();
  const [mailing, setMailing] = useState(false);
  const link = documentViewerLink(GW + fillPath(policyCalls.ePolicy.path, { applicationFormCode }));
  return (
    <SectionCard title="电子保单">
      <p className={styles.note}>电子保单与纸质保单具有同等法律效力，可用于学校查验及医疗费用报销。</p>
      <div className={styles.ePolicyActions}>
        {link && (
          <Button color="primary" fill="outline" shape="rounded" size="small" onClick={() => navigate(link)}>
            查看电子保单
          </Button>
        )}
        <Button fill="outline" shape="rounded" size="small" onClick={() => setMailing(true)}>
          发送到邮箱
        </Button>
      </div>
      <LazyMailPopup visible={mailing} policyNo={policyNo} onClose={() => setMailing(false)} />
    </SectionCard>
  );
}

import { Button } from 'antd-mobile';
import { useLocation } from 'react-router-dom';
import { shareTitle } from '../../../../../contract/promoter.ts';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { selectPlan } from '../../../../../engine/pricing/premium.ts';
import { BottomBar } from '../../../../shared/ui/app-page.tsx';
import { formatYuan } from '../../../../shared/ui/format.ts';
import { ShareButton } from '../../../sharing/index.ts';
import { useWeChatShare } from '../../../sharing/index.ts';
import { DETAIL_SECTIONS, layoutOf } from './registry.ts';
import { usePlanSelection } from './use-plan-selection.ts';
import styles from './detail.module.css';

/**
 * The generic product detail page: the manifest's sections in its template's
 * order, and a fixed bar with the live premium and 立即投保. The manifest is
 * the one the server serves, with a plan builder's three plans already built
 * (engine withBuiltPlans in the server's manifest store). Inside WeChat the
 * page's share card is configured (title of spec §9, the banner's subtitle,
 * the sharer's link); {@link DetailShareButton} opens the share popup.
 */
/** What a detail page shares: its own route (with its query) under the spec §9 title. */
function useDetailShare(manifest: ProductManifest) {
  const location = useLocation();
  return { route: location.pathname + location.search, title: shareTitle(manifest.productName) };
}

/**
 * 分享 of a detail page, for its nav bar's right slot: in the nav bar, not
 * floating over the page, so it never hides a guarantee amount or a price.
 */
export function DetailShareButton({ manifest }: { manifest: ProductManifest }) {
  return <ShareButton target={useDetailShare(manifest)} />;
}

export function DetailRenderer({ manifest, onInsure }: { manifest: ProductManifest; onInsure: () => void }) {
  const { selection, premium, quoting, select } = usePlanSelection(manifest);
  const { plan } = selectPlan(manifest, selection.planIndex);
  const share = useDetailShare(manifest);
  useWeChatShare(share.route, share.title, manifest.detail.banner.subtitle);
  return (
    <>
      {layoutOf(manifest).map((type) => {
        const Section = DETAIL_SECTIONS[type];
        return <Section key={type} manifest={manifest} plan={plan} selection={selection} select={select} />;
      })}
      <BottomBar>
        <div className={styles.bottom}>
          <div className={styles.bottomPrice}>
            <span className={styles.bottomLabel}>{plan.name}</span>
            <span className={styles.bottomAmount} data-testid="detail-premium" aria-busy={quoting}>
              {formatYuan(premium)}
            </span>
          </div>
          <Button color="primary" shape="rounded" size="large" className={styles.insureButton} onClick={onInsure} data-testid="insure-now">
            立即投保
          </Button>
        </div>
      </BottomBar>
    </>
  );
}

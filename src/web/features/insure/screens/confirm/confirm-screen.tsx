import { useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { selectPlan } from '../../../../../engine/pricing/premium.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { LazyNoticeBar } from '../../../../shared/ui/lazy-notice-bar.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { buildConfirmModel } from '../../renderers/confirm/confirm-model.ts';
import type { HealthConclusion } from '../../renderers/confirm/health-review.tsx';
import { ConfirmRenderer } from '../../renderers/confirm/confirm-renderer.tsx';
import { useOrderSubmission } from '../../renderers/confirm/use-order-submission.ts';
import { insureYearOf } from '../../renderers/detail/selection.ts';
import { usePlanSelection } from '../../renderers/detail/use-plan-selection.ts';
import { PremiumBar } from '../../renderers/insure/premium-bar.tsx';
import { ManifestGate } from '../../components/manifest-gate.tsx';
import { useStepAlerts } from '../../renderers/insure/use-step-alerts.ts';
import { useProductDraft } from '../../state/insure-flow.ts';
import { useRegionLabels } from '../../../../form-theme/region-data.ts';
import { RecordingNotice, useSaleRecording } from '../../../recording/index.ts';

const TITLE = '确认投保信息';

/**
 * /confirm, /confirmIndex, /confirmIndexOneConfig, /confirmIndexForMulti
 * (?productCode=): the application as it will be ordered, and 确认投保. The
 * layout follows manifest.confirm.variant, whatever the route.
 */
export default function ConfirmScreen() {
  return <ManifestGate title={TITLE}>{(manifest) => <ConfirmPage manifest={manifest} />}</ManifestGate>;
}

function ConfirmPage({ manifest }: { manifest: ProductManifest }) {
  const navigate = useAppNavigate();
  const now = useMemo(() => new Date(), []);
  const { selection, premium } = usePlanSelection(manifest);
  const [draft] = useProductDraft(manifest.productCode);
  // The start the parent picked, for a product that lets them (the window's first day until then).
  const [pickedDay, setPickedDay] = useState<string | undefined>(undefined);
  // Region names come level by level from getArea; rebuild the rows when they arrive.
  const regions = useRegionLabels((draft?.insureds ?? []).flatMap((i) => [i.provinceCode, i.cityCode, i.countyCode]));
  // The health card's conclusion (a product with a notice): a refusal or an open question blocks; until the
  // card has loaded the answers go unjudged to the server, which checks them anyway.
  const [health, setHealth] = useState<HealthConclusion | null>(null);
  const live = useMemo(() => {
    const { plan } = selectPlan(manifest, selection.planIndex);
    const choice = { planCode: plan.code, copies: selection.copies, factors: selection.factors, ...insureYearOf(manifest, selection) };
    const model = buildConfirmModel(manifest, draft, choice, premium, now, pickedDay);
    return health && model.health ? { ...model, blocker: model.blocker ?? health.blocker, healthOutcome: health.outcome } : model;
  }, [manifest, draft, selection, premium, now, regions, pickedDay, health]);
  const submission = useOrderSubmission(manifest, live);
  const model = submission.shown;
  useStepAlerts(manifest, 'confirm');
  useSaleRecording(true, manifest.productCode);

  if (!draft && model === live) {
    return (
      <AppPage title={TITLE}>
        <StatusBlock kind="empty" title={live.blocker ?? ''} description="请先填写投保人及被保人信息">
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.insure(manifest.productCode), { replace: true })}>
            去填写
          </Button>
        </StatusBlock>
      </AppPage>
    );
  }

  return (
    <AppPage title={TITLE} hasBottomBar>
      {model.blocker && (
        <LazyNoticeBar
          style={{ margin: '12px 12px 0', borderRadius: 8 }}
          color="alert"
          content={model.blocker}
          extra={
            <Button size="mini" fill="none" color="primary" onClick={() => navigate(paths.insure(manifest.productCode))}>
              去修改
            </Button>
          }
        />
      )}
      <RecordingNotice />
      <ConfirmRenderer manifest={manifest} model={model} onPickStart={setPickedDay} onHealthReview={setHealth} />
      <BottomBar>
        <PremiumBar premium={model.premium} action="确认投保" onAction={submission.submit} disabled={submission.disabled} loading={submission.loading} />
      </BottomBar>
    </AppPage>
  );
}

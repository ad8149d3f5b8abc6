import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { selectPlan } from '../../../../../engine/pricing/premium.ts';
import { coverPeriod } from '../../../../../engine/cover/cover-period.ts';
import { priceApplication } from '../../../../../engine/pricing/price-application.ts';
import { applicationFromDraft } from '../../../../../engine/insure/form-schema.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { RecordingNotice, useSaleRecording } from '../../../recording/index.ts';
import { confirmPath } from '../../renderers/confirm/variants.ts';
import { insureYearOf } from '../../renderers/detail/selection.ts';
import { usePlanSelection } from '../../renderers/detail/use-plan-selection.ts';
import { FamilyPicker } from '../../renderers/insure/family-picker.tsx';
import { InsureFormRenderer, type InsureFormHandle } from '../../renderers/insure/insure-form-renderer.tsx';
import { PlanSummary } from '../../renderers/insure/plan-summary.tsx';
import { PremiumBar } from '../../renderers/insure/premium-bar.tsx';
import { ProtocolAgreement } from '../../renderers/insure/protocol-agreement.tsx';
import { HEALTH_NOTICE_ID, HealthNoticeSection, healthQuestionId } from '../../renderers/insure/health-notice-section.tsx';
import { healthNoticeBlock } from '../../../../../engine/health/health-check.ts';
import { ManifestGate } from '../../components/manifest-gate.tsx';
import { useStepAlerts } from '../../renderers/insure/use-step-alerts.ts';
import { useProductDraft, useProtocolReading } from '../../state/insure-flow.ts';
import { READING_MESSAGES } from '../../../../../engine/protocol/protocol-reading.ts';
import { paths } from '../../../../app/paths.ts';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { infoToast } from '../../../../shared/ui/toast.ts';
import { forgetPlacedOrder, placedOrderOf, type PlacedOrder } from '../../../orders/index.ts';
import { getUser } from '../../../../shared/state/session.ts';
import styles from '../../renderers/insure/insure.module.css';
// --- policies
import { useServerDraft } from './use-server-draft.ts';
import { yuanText } from '../../../../../engine/pricing/money.ts';

const TITLE = '填写投保信息';

/** `/insure?productCode=`: the holder and insured form of a product, its clauses, the premium and 下一步. */
export default function InsureScreen() {
  return <ManifestGate title={TITLE}>{(manifest) => <InsurePage manifest={manifest} />}</ManifestGate>;
}

function InsurePage({ manifest }: { manifest: ProductManifest }) {
  const [draft] = useProductDraft(manifest.productCode);
  // Back from the payment page: the form was cleared when the order was made; show that order, not an empty form.
  const [placed, setPlaced] = useState(() => placedOrderOf(manifest.productCode));
  if (placed && !draft) {
    return (
      <PlacedOrderView
        order={placed}
        onNew={() => {
          forgetPlacedOrder();
          setPlaced(null);
        }}
      />
    );
  }
  return <InsureForm manifest={manifest} />;
}

/** The order just placed from this form, still to be paid: pay it, see it in 我的保单, or fill in a new application. */
function PlacedOrderView({ order, onNew }: { order: PlacedOrder; onNew: () => void }) {
  const navigate = useAppNavigate();
  return (
    <AppPage title={TITLE}>
      <StatusBlock kind="empty" title="订单已提交，待支付" description={`您刚刚提交的投保订单（¥${yuanText(order.amount)}）尚未支付，支付后保单才会生效。`}>
        <div className={styles.placedActions} data-testid="placed-order">
          <Button block color="primary" shape="rounded" onClick={() => navigate(order.payPath)}>
            继续支付
          </Button>
          <Button block shape="rounded" onClick={() => navigate(paths.policyList())}>
            查看我的保单
          </Button>
          <Button block fill="none" color="primary" onClick={onNew}>
            重新填写投保信息
          </Button>
        </div>
      </StatusBlock>
    </AppPage>
  );
}

function InsureForm({ manifest }: { manifest: ProductManifest }) {
  const navigate = useAppNavigate();
  const now = useMemo(() => new Date(), []);
  // The plan chosen on the detail page (planMsg), else the first plan; quoted again on entry.
  const { selection, premium } = usePlanSelection(manifest);
  const { plan } = selectPlan(manifest, selection.planIndex);
  const choice = useMemo(
    () => ({ planCode: plan.code, copies: selection.copies, factors: selection.factors, ...insureYearOf(manifest, { years: selection.years }) }),
    [manifest, plan.code, selection.copies, selection.factors, selection.years],
  );
  const [draft, saveDraft] = useProductDraft(manifest.productCode);
  // The holder is usually the parent who logged in: their phone starts filled in (they can change it).
  useEffect(() => {
    const phone = getUser()?.ownPhone;
    if (!phone || draft?.policyHolder.phone) return;
    saveDraft({ policyHolder: { ...draft?.policyHolder, phone }, insureds: draft?.insureds ?? [], wards: draft?.wards ?? [] });
    // Once, on opening the form.
  }, []);
  // Live premium of what is filled in: an insured's answer to a bound factor (有无社保) and their
  // age band (from the ID number, on the cover start day) reprice it.
  const priced = useMemo(
    () => priceApplication(manifest, applicationFromDraft(manifest, draft, choice), coverPeriod(manifest, now).start),
    [manifest, draft, choice, now],
  );
  const clauseNames = useMemo(() => manifest.protocols.map((p) => p.name), [manifest]);
  const reading = useProtocolReading(manifest.productCode, clauseNames);
  const [openClause, setOpenClause] = useState<number | null>(null);
  const form = useRef<InsureFormHandle>(null);
  // The clause agreement comes with the form: below a loading form it was moved down by the form's arrival.
  const [formShown, setFormShown] = useState(false);
  const showAgreement = useCallback(() => setFormShown(true), []);
  useStepAlerts(manifest, 'insure');
  // Resumes the sale's recording (or starts it, when the sale starts here: docs/recording.md).
  useSaleRecording(true, manifest.productCode);
  // --- policies: 暂存 to the server, and resuming a draft saved on any device (?tempSerialNo=).
  const { saveToServer, saving } = useServerDraft(manifest.productCode, draft, saveDraft);
  // The health notice's answers live in the draft beside the people: a reload keeps them.
  const saveAnswers = useCallback(
    (healthAnswers: Record<string, string>) => saveDraft({ policyHolder: draft?.policyHolder ?? {}, insureds: draft?.insureds ?? [], wards: draft?.wards ?? [], healthAnswers }),
    [saveDraft, draft],
  );

  const next = () => {
    const problem = form.current?.check();
    if (problem) {
      infoToast(problem);
      return;
    }
    // The health notice: a refusal (or manual underwriting) blocks with the manifest's message; a question left open is asked.
    const health = healthNoticeBlock(manifest.healthNotice, draft?.healthAnswers);
    if (health) {
      infoToast(health.message);
      document.getElementById(health.questionId ? healthQuestionId(health.questionId) : HEALTH_NOTICE_ID)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    if (reading.block === 'unread') {
      infoToast(READING_MESSAGES.unread);
      const unread = manifest.protocols.findIndex((p) => !reading.read.has(p.name));
      const clause = manifest.protocols[unread];
      if (clause) {
        reading.markRead(clause.name);
        setOpenClause(unread);
      }
      return;
    }
    if (reading.block === 'notAgreed') {
      infoToast(READING_MESSAGES.notAgreed);
      document.getElementById('insure-agreement')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    navigate(confirmPath(manifest));
  };

  return (
    <AppPage
      title={TITLE}
      hasBottomBar
      right={
        <Button size="mini" fill="none" color="primary" loading={saving} onClick={() => void saveToServer()} className={styles.navAction} data-testid="save-draft">
          暂存
        </Button>
      }
    >
      <RecordingNotice />
      <PlanSummary manifest={manifest} planName={plan.name} copies={selection.copies} years={selection.years} now={now} />
      {formShown && <FamilyPicker manifest={manifest} draft={draft} plan={choice} onDraftChange={saveDraft} form={form} />}
      <InsureFormRenderer ref={form} manifest={manifest} plan={choice} draft={draft} onDraftChange={saveDraft} onShown={showAgreement} />
      {formShown && manifest.healthNotice && <HealthNoticeSection notice={manifest.healthNotice} answers={draft?.healthAnswers ?? {}} onAnswers={saveAnswers} />}
      {formShown && <ProtocolAgreement protocols={manifest.protocols} reading={reading} open={openClause} onOpen={setOpenClause} />}
      <BottomBar>
        <PremiumBar premium={priced.ok ? priced.totalPremium : premium} action="下一步" onAction={next} />
      </BottomBar>
    </AppPage>
  );
}

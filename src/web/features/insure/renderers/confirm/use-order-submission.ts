import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { coverPeriod } from '../../../../../engine/cover/cover-period.ts';
import { api } from '../../../../shared/api/endpoints.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { confirmDialog, showDialog } from '../../../../shared/ui/dialog.ts';
import { clearToast, failToast, infoToast, loadingToast, successToast } from '../../../../shared/ui/toast.ts';
import { clearAfterOrder, orderSerialFor, useProductDraft } from '../../state/insure-flow.ts';
import { rememberPlacedOrder } from '../../../orders/index.ts';
import { renewalDataFor } from '../../../policies/index.ts';
import { getPromoCode } from '../../../../shared/state/promo-code.ts';
import { getUser } from '../../../../shared/state/session.ts';
import { saleStep } from '../../../recording/index.ts';
import type { ConfirmModel } from './confirm-model.ts';
import { alipayPayUrl, MSG_TO_PAYMENT, payBrowser, paymentStep, type PaymentStep } from './pay-route.ts';
import { duplicateMessage, MSG_ORDER_CREATED, MSG_SUBMITTING, paymentPath, placeOrder } from './place-order.ts';

/** Spec §4.1 and §9: the confirm button is locked for 2 s after the page loads. */
export const CONFIRM_LOCK_MS = 2000;

export interface OrderSubmission {
  disabled: boolean;
  loading: boolean;
  /** The model to show: once the order exists, what was ordered (the draft is cleared while the page leaves). */
  shown: ConfirmModel;
  submit: () => void;
}

/**
 * The 确认投保 button of spec §4: locked 2 s after load; pressing it checks
 * the page's blocker, disables it with a loading state and places the order;
 * a refused order re-enables it and fetches a fresh anti-resubmit token.
 */
export function useOrderSubmission(manifest: ProductManifest, model: ConfirmModel): OrderSubmission {
  const navigate = useAppNavigate();
  const [locked, setLocked] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [placed, setPlaced] = useState<ConfirmModel | null>(null);
  const token = useRef<Promise<string> | null>(null);
  // The server draft (暂存) this form was resumed from: the order deletes it (spec §4 step 5).
  const [draft] = useProductDraft(manifest.productCode);
  const tempSerialNo = draft?.tempSerialNo;

  const prefetchToken = useCallback(() => {
    const pending = api.resubToken();
    // A failed prefetch is fetched again when the button is pressed.
    pending.catch(() => {
      if (token.current === pending) token.current = null;
    });
    token.current = pending;
  }, []);

  useEffect(() => {
    prefetchToken();
    const timer = setTimeout(() => setLocked(false), CONFIRM_LOCK_MS);
    return () => clearTimeout(timer);
  }, [prefetchToken]);

  /** A token is used once: hand out the prefetched one and forget it. */
  const takeToken = useCallback(() => {
    const pending = token.current ?? api.resubToken();
    token.current = null;
    return pending;
  }, []);

  /** Spec §4.4: performs the payment step of a created order. */
  const pay = useCallback(
    async (step: PaymentStep, payoffPath: string): Promise<void> => {
      if (step.kind === 'navigate') {
        navigate(step.path, { replace: true });
        return;
      }
      loadingToast(MSG_TO_PAYMENT);
      if (step.kind === 'wechatAuth') {
        window.location.href = step.url;
        return;
      }
      const outcome = await alipayPayUrl(() => api.payUrl(step.applicationFormCode, { silent: true, channel: 'alipay' }), step.provinceProduct);
      if (outcome.kind === 'redirect') {
        window.location.href = outcome.url;
        return;
      }
      clearToast();
      // Spec §8: a province product goes to its policy list, where the order waits to be paid.
      if (outcome.kind === 'policyList') {
        navigate(paths.policyList(), { replace: true });
        return;
      }
      const retry = await confirmDialog({ title: '网络异常', content: '获取支付信息失败', confirmText: '请重试', cancelText: '取消' });
      if (retry) await pay(step, payoffPath);
      else navigate(payoffPath, { replace: true });
    },
    [navigate],
  );

  const submit = useCallback(() => {
    if (model.blocker) {
      infoToast(model.blocker);
      return;
    }
    setSubmitting(true);
    saleStep('confirm');
    const reEnable = () => {
      setSubmitting(false);
      prefetchToken();
    };
    placeOrder(
      {
        manifest,
        application: model.application,
        // Taken at the press, not at page load: a page left open over Beijing midnight must
        // check repeat insurance and record the pay-out for the start the server will use
        // (a picked day is the parent's, which the server checks against its own window).
        startDate: coverPeriod(manifest, new Date(), 1, model.pick?.day).startDate,
        endDate: model.endDate,
        promoCode: getPromoCode(),
        premium: model.premium,
        user: getUser(),
        // Only renewal data stored for this product: a renewal renews the same product.
        renewal: renewalDataFor(manifest.productCode),
        ...(tempSerialNo ? { tempSerialNo } : {}),
        healthOutcome: model.healthOutcome,
      },
      {
        repeatInsurance: api.repeatInsurance,
        serialFor: (fingerprint) => orderSerialFor(fingerprint, api.serial),
        resubToken: takeToken,
        submitOrder: api.submitOrder,
        savePayOut: api.savePayOut,
        onSubmitting: () => loadingToast(MSG_SUBMITTING),
      },
    ).then(
      (outcome) => {
        if (outcome.kind === 'duplicate') {
          setSubmitting(false);
          void showDialog({
            content: duplicateMessage(outcome.name),
            closeOnAction: true,
            actions: [
              [
                { key: 'center', text: '去个人中心' },
                { key: 'ok', text: '好的', bold: true },
              ],
            ],
            onAction: (action) => navigate(action.key === 'center' ? paths.myIndex() : paths.home()),
          });
          return;
        }
        if (outcome.kind === 'failed') {
          failToast(outcome.message);
          reEnable();
          return;
        }
        successToast(MSG_ORDER_CREATED);
        // Links the recorded sale to its order before the payment may leave the app.
        saleStep('orderCreated', { orderCode: outcome.orderCode });
        setPlaced(model);
        const step = paymentStep(manifest, outcome, payBrowser(navigator.userAgent), window.location.pathname);
        const payPath = paymentPath(manifest, outcome);
        const { orderCode, applicationFormCode, amount } = outcome;
        rememberPlacedOrder({ productCode: manifest.productCode, orderCode, applicationFormCode, amount, payPath });
        // After the snapshot is committed, so the page never flashes its empty state.
        setTimeout(clearAfterOrder, 0);
        void pay(step, payPath);
      },
      // Check, serial or token call failed: the API client has shown why.
      reEnable,
    );
  }, [manifest, model, navigate, prefetchToken, takeToken, pay, tempSerialNo]);

  return { disabled: locked || submitting || placed !== null, loading: submitting || placed !== null, shown: placed ?? model, submit };
}

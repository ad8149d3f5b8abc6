import { useCallback, useEffect, useRef, useState } from 'react';
import { Dialog, Toast } from 'antd-mobile';
import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { coverPeriod } from '../../../engine/cover/cover-period.ts';
import { api } from '../../api/endpoints.ts';
import { paths } from '../../app/paths.ts';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { failToast, loadingToast } from '../../components/toast.ts';
import { clearAfterOrder, orderSerialFor } from '../../state/insure-flow.ts';
import { getPromoCode } from '../../state/promo-code.ts';
import type { ConfirmModel } from './confirm-model.ts';
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

  const submit = useCallback(() => {
    if (model.blocker) {
      Toast.show({ content: model.blocker });
      return;
    }
    setSubmitting(true);
    const reEnable = () => {
      setSubmitting(false);
      prefetchToken();
    };
    placeOrder(
      {
        manifest,
        application: model.application,
        // Taken at the press, not at page load: a page left open over Beijing midnight must
        // check repeat insurance and record the pay-out for the start the server will use.
        startDate: coverPeriod(manifest, new Date()).startDate,
        promoCode: getPromoCode(),
        premium: model.premium,
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
          void Dialog.show({
            content: duplicateMessage(outcome.name),
            closeOnAction: true,
            actions: [
              [
                // The personal centre (/myIndex) is not built yet: its policy list stands in.
                { key: 'center', text: '去个人中心' },
                { key: 'ok', text: '好的', bold: true },
              ],
            ],
            onAction: (action) => navigate(action.key === 'center' ? paths.policyList() : paths.home()),
          });
          return;
        }
        if (outcome.kind === 'failed') {
          failToast(outcome.message);
          reEnable();
          return;
        }
        Toast.show({ icon: 'success', content: MSG_ORDER_CREATED });
        setPlaced(model);
        navigate(paymentPath(manifest, outcome), { replace: true });
        // After the snapshot is committed, so the page never flashes its empty state.
        setTimeout(clearAfterOrder, 0);
      },
      // Check, serial or token call failed: the API client has shown why.
      reEnable,
    );
  }, [manifest, model, navigate, prefetchToken, takeToken]);

  return { disabled: locked || submitting || placed !== null, loading: submitting || placed !== null, shown: placed ?? model, submit };
}

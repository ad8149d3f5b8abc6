import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { selectPlan } from '../../../../../engine/pricing/premium.ts';
import { quotePremium } from '../../../../shared/api/quote-api.ts';
import { usePlanMsg } from '../../state/insure-draft.ts';
import { buildQuoteRequest, initialSelection, localPremium, toPlanMsg, type PlanSelection } from './selection.ts';

export interface PlanSelectionState {
  selection: PlanSelection;
  /** Premium shown: the last successful quote, the engine's own figure until the first one. */
  premium: number | null;
  quoting: boolean;
  select: (patch: Partial<PlanSelection>) => void;
}

/**
 * Plan selection of spec §4: the first plan (or the saved planMsg) on
 * creation; every change is quoted by the server and saved as planMsg. A
 * failed quote keeps the previous premium and logs 计算保费失败. Only the
 * latest quote counts when the parent taps quickly.
 */
export function usePlanSelection(manifest: ProductManifest): PlanSelectionState {
  const [savedPlanMsg, setPlanMsg] = usePlanMsg();
  const [selection, setSelection] = useState(() => initialSelection(manifest, savedPlanMsg));
  const [premium, setPremium] = useState<number | null>(() => localPremium(manifest, selection));
  const [quoting, setQuoting] = useState(false);
  const latestQuote = useRef(0);

  useEffect(() => {
    const id = ++latestQuote.current;
    setQuoting(true);
    // Saved at once (without a premium) so the insure page never sees a stale plan.
    setPlanMsg(toPlanMsg(manifest, selection, null));
    quotePremium(buildQuoteRequest(manifest, selection)).then(
      (result) => {
        if (id !== latestQuote.current) return;
        const totalPremium = Number(result?.totalPremium ?? 0);
        setPremium(totalPremium);
        setPlanMsg(toPlanMsg(manifest, selection, totalPremium));
        setQuoting(false);
      },
      (error: unknown) => {
        if (id !== latestQuote.current) return;
        console.warn('计算保费失败', error);
        setQuoting(false);
      },
    );
  }, [manifest, selection, setPlanMsg]);

  const select = useCallback(
    (patch: Partial<PlanSelection>) =>
      setSelection((current) => {
        const next = { ...current, ...patch, factors: { ...current.factors, ...patch.factors } };
        next.planIndex = selectPlan(manifest, next.planIndex).index;
        const same =
          next.planIndex === current.planIndex &&
          next.copies === current.copies &&
          next.years === current.years &&
          Object.keys(next.factors).every((k) => next.factors[k] === current.factors[k]);
        return same ? current : next;
      }),
    [manifest],
  );

  return { selection, premium, quoting, select };
}

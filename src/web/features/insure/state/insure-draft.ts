import { getDefaultStore, useAtom } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';
import type { HolderInput, InsuredInput, WardInput } from '../../../../contract/order.ts';
import { onStoredFormCleared } from '../../../shared/state/form-reset.ts';
import { STORAGE_KEYS } from '../../../shared/state/storage.ts';

/**
 * The plan choice saved as `planMsg` (spec §4 Plan selection): chosen on the
 * detail page, read by the insure and confirm pages.
 */
export interface PlanMsg {
  productCode: string;
  planIndex: number;
  planCode: string;
  planName: string;
  copies: number;
  factors: Record<string, string>;
  /**
   * Guarantee years (保障年限) chosen on the detail page, one of the product's
   * guaranteeYears. Absent in a planMsg saved before the choice existed: the
   * product's first allowed value applies.
   */
  years?: number;
  /** Last premium the server quoted, in yuan; null until the first quote. */
  totalPremium: number | null;
}

/** Insure form data in progress; survives a reload (local storage). */
export interface InsureDraft {
  productCode: string;
  policyHolder: Partial<HolderInput>;
  insureds: Partial<InsuredInput>[];
  wards: Partial<WardInput>[];
  /** The server draft (暂存) this form was saved as or resumed from; the order made from it deletes it. */
  tempSerialNo?: string;
  /** The health notice answers (question id → answer) of a product with a healthNotice. */
  healthAnswers?: Record<string, string>;
}

// getOnInit: read storage synchronously so a reload renders the saved values at once.
const storage = createJSONStorage<never>(() => localStorage);
export const planMsgAtom = atomWithStorage<PlanMsg | null>(STORAGE_KEYS.planMsg, null, storage as never, { getOnInit: true });
export const insureDraftAtom = atomWithStorage<InsureDraft | null>(STORAGE_KEYS.insureDraft, null, storage as never, {
  getOnInit: true,
});

// A clear-form route resets the atom too, so a mounted screen sees the reset, not only local storage.
onStoredFormCleared(() => getDefaultStore().set(insureDraftAtom, RESET));

export function usePlanMsg() {
  return useAtom(planMsgAtom);
}

export function useInsureDraft() {
  return useAtom(insureDraftAtom);
}

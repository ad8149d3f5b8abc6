import type { ClaimKind, ClaimOptions } from '../../../../../contract/claims.ts';
import { shanghaiDate } from '../../../../../engine/time/shanghai-time.ts';

/** What the parent has typed on the report form. */
export interface Draft {
  insuredIndex: number | undefined;
  kind: ClaimKind | undefined;
  accidentDate: string;
  accidentPlace: string;
  description: string;
  accountName: string;
  bankName: string;
  accountNo: string;
}
export const blank: Draft = { insuredIndex: undefined, kind: undefined, accidentDate: '', accidentPlace: '', description: '', accountName: '', bankName: '', accountNo: '' };

/** Today in Beijing, YYYY-MM-DD: an accident is never after it. */
export function beijingToday(): string {
  return shanghaiDate(new Date());
}

/** The first problem of the draft, in the words the server uses, or null. */
export function draftProblem(draft: Draft, options: ClaimOptions): string | null {
  if (draft.insuredIndex === undefined) return '请选择出险人';
  if (!draft.kind) return '请选择报案类型';
  if (!draft.accidentDate) return '请选择出险日期';
  if (draft.accidentDate < options.coverStart || draft.accidentDate > options.coverEnd || draft.accidentDate > beijingToday()) return '出险日期须在保障期间内且不晚于今天';
  if (draft.accidentPlace.trim().length < 2) return '请填写出险地点';
  if (draft.description.trim().length < 5) return '请简要描述事故经过（至少5个字）';
  if (!draft.accountName.trim()) return '请填写收款人姓名';
  if (draft.bankName.trim().length < 2) return '请填写开户银行';
  if (!/^[0-9]{12,30}$/.test(draft.accountNo.replace(/\s/g, ''))) return '请填写正确的银行卡号';
  return null;
}


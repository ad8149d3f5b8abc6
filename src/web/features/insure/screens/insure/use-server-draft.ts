import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MSG_DRAFT_CALL_FAILED, policyApi } from '../../../../shared/api/policy-api.ts';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';
import type { InsureDraft } from '../../state/insure-draft.ts';
import { draftFormOf } from './draft-form.ts';

/**
 * The insure screen's server drafts (暂存, spec §2 /zancunList): 暂存 saves the
 * form in progress as the caller's draft (the same serial on every save), and
 * `?tempSerialNo=` loads a draft into the form, so a form started on one
 * device resumes on another. Failures show 接口调用失败 (spec §8).
 */
export function useServerDraft(productCode: string, draft: InsureDraft | null, saveDraft: (next: Omit<InsureDraft, 'productCode'>) => void) {
  const [query] = useSearchParams();
  const resumeSerial = query.get('tempSerialNo');
  const [saving, setSaving] = useState(false);
  const resumed = useRef<string | null>(null);

  useEffect(() => {
    if (!resumeSerial || resumed.current === resumeSerial) return;
    resumed.current = resumeSerial;
    policyApi
      .drafts({ tempSerialNo: resumeSerial })
      .then((data) => {
        const item = data?.list[0];
        if (!item?.form || item.productCode !== productCode) throw new Error('not this product');
        saveDraft({
          policyHolder: item.form.policyHolder,
          insureds: item.form.insureds,
          wards: item.form.wards ?? [],
          ...(item.form.healthAnswers ? { healthAnswers: item.form.healthAnswers } : {}),
          tempSerialNo: item.tempSerialNo,
        });
      })
      .catch(() => failToast(MSG_DRAFT_CALL_FAILED));
  }, [resumeSerial, productCode, saveDraft]);

  const saveToServer = useCallback(async () => {
    setSaving(true);
    try {
      const saved = await policyApi.saveDraft({
        productCode,
        form: draftFormOf(draft),
        ...(draft?.tempSerialNo ? { tempSerialNo: draft.tempSerialNo } : {}),
      });
      if (saved) saveDraft({ policyHolder: draft?.policyHolder ?? {}, insureds: draft?.insureds ?? [], wards: draft?.wards ?? [], tempSerialNo: saved.tempSerialNo });
      successToast('暂存成功');
    } catch {
      failToast(MSG_DRAFT_CALL_FAILED);
    } finally {
      setSaving(false);
    }
  }, [productCode, draft, saveDraft]);

  return { saveToServer, saving };
}

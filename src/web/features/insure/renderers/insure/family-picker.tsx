import { useState, type ComponentProps, type RefObject } from 'react';
import { Button } from 'antd-mobile';
import type { FamilyMemberView } from '../../../../../contract/family.ts';
import { insuredRelations, type InsureDraftData, type InsureDraftLike, type PlanChoice } from '../../../../../engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { paths } from '../../../../app/paths.ts';
import { familyApi } from '../../../../shared/api/family-members.ts';
import { confirmDialog } from '../../../../shared/ui/dialog.ts';
import { lazyPopup } from '../../../../shared/ui/lazy-popup.tsx';
import { infoToast, successToast } from '../../../../shared/ui/toast.ts';
import { fillFromMember, fillTarget, SELF_RELATION } from './family-fill.ts';
import type { FamilyPopup as LoadedFamilyPopup } from './family-popup.tsx';
import type { InsureFormHandle } from './insure-form-renderer.tsx';
import family from './family-picker.module.css';

/** The list's popup, loaded on the first open (Popup brings react-spring and use-gesture). */
const FamilyPopup = lazyPopup<ComponentProps<typeof LoadedFamilyPopup>>(
  () => import('./family-popup.tsx').then((m) => m.FamilyPopup),
  (props) => props.open,
);

/**
 * 选择常用被保人 above the insure form: picks a saved person, asks the server
 * for their full data (the one call that answers it), and fills the insured
 * (the ward of a guardian product) through the form's data path; a problem
 * the product's rules find in them shows at its field.
 */
export function FamilyPicker({
  manifest,
  draft,
  plan,
  onDraftChange,
  form,
}: {
  manifest: ProductManifest;
  draft: InsureDraftLike | null;
  plan: PlanChoice;
  onDraftChange: (draft: InsureDraftData) => void;
  form: RefObject<InsureFormHandle | null>;
}) {
  const navigate = useAppNavigate();
  const [open, setOpen] = useState(false);
  const guardian = manifest.insure.template === 'guardian';
  const who = guardian ? '监护对象' : '被保人';
  // A product that insures only the holder has no one to fill.
  if (!guardian && !insuredRelations(manifest).some((code) => code !== SELF_RELATION)) return null;

  const pick = async (member: FamilyMemberView) => {
    const target = fillTarget(manifest, draft);
    if (target.filled && !(await confirmDialog({ content: `将用「${member.name}」的信息替换已填写的${who}信息，是否继续？`, confirmText: '替换', cancelText: '取消' }))) return;
    let full;
    try {
      full = await familyApi.fill(member.id);
    } catch {
      return; // The client has shown the server's message.
    }
    const filled = fillFromMember(manifest, draft, full, target.index, plan);
    if (!filled) return infoToast('本产品仅可为投保人本人投保');
    setOpen(false);
    onDraftChange(filled.draft);
    if (filled.problem) {
      const { id, message } = filled.problem;
      // After the form has rendered the filled values.
      requestAnimationFrame(() => form.current?.reveal(id, message));
      infoToast(message);
    } else successToast(`已填入${who}信息`);
  };

  return (
    <>
      <div className={family.familyBar}>
        <span>{who}信息可一键填入</span>
        <Button size="small" color="primary" fill="none" onClick={() => setOpen(true)} data-testid="pick-family-member">
          选择常用被保人
        </Button>
      </div>
      <FamilyPopup open={open} onPick={(m) => void pick(m)} onManage={() => navigate(paths.familyMembers())} onClose={() => setOpen(false)} />
    </>
  );
}

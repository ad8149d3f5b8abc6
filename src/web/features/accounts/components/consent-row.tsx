import { Checkbox } from 'antd-mobile';
import { AppLink } from '../../../shared/ui/app-link.tsx';
import { ROUTES } from '../../../app/paths.ts';
import styles from './account-form.module.css';
import '../../../shared/ui/a11y/choice-inputs.css';

/**
 * The consent under every log-in and sign-up form: the checkbox (its hit area
 * is the whole 44 px row start, not the 16 px box) and the two agreements as
 * links to their pages (/registerKnow, /registerPrivacyClause), so the user can
 * read what they agree to; back returns to the form.
 */
export function ConsentRow({ agreed, onChange }: { agreed: boolean; onChange: (agreed: boolean) => void }) {
  return (
    <div className={styles.agreement}>
      <Checkbox checked={agreed} onChange={onChange} className={styles.agreeBox} style={{ '--icon-size': '18px', '--font-size': '12px' }} data-testid="agree">
        我已阅读并同意
      </Checkbox>
      <AppLink to={ROUTES.registerKnow} className={styles.agreementLink}>
        《注册须知》
      </AppLink>
      和
      <AppLink to={ROUTES.registerPrivacyClause} className={styles.agreementLink}>
        《隐私条款》
      </AppLink>
    </div>
  );
}

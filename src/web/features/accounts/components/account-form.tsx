import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import styles from './account-form.module.css';
import { ConsentRow } from './consent-row.tsx';

/**
 * The sheet of every account screen (log-in, register, passwords, phone,
 * real name, personal details): a head (a title and a line under it, or the
 * screen's own `head`), then the form: its fields, the submit button, the
 * text links under it and the consent row of log-in and sign-up.
 */
export function AccountForm({
  title,
  subtitle,
  subtitleTestId,
  head,
  submitText,
  submitting,
  onSubmit,
  links,
  consent,
  children,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  subtitleTestId?: string;
  /** In place of the title and subtitle. */
  head?: ReactNode;
  submitText: string;
  submitting: boolean;
  onSubmit: () => unknown;
  /** Under the submit button, at either end of a row (`null` keeps a side empty). */
  links?: readonly (AccountLink | null)[];
  /** The agreements' checkbox (log-in and sign-up). */
  consent?: { agreed: boolean; onChange: (agreed: boolean) => void };
  children: ReactNode;
}) {
  return (
    <div className={styles.sheet}>
      {head ?? (
        <div className={styles.hero}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle} data-testid={subtitleTestId}>
            {subtitle}
          </p>
        </div>
      )}
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        {children}
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting} className={styles.submit}>
          {submitText}
        </Button>
        {links && <AccountLinks links={links} />}
        {consent && <ConsentRow agreed={consent.agreed} onChange={consent.onChange} />}
      </form>
    </div>
  );
}

interface AccountLink {
  label: string;
  onClick: () => void;
}

function AccountLinks({ links }: { links: readonly (AccountLink | null)[] }) {
  return (
    <div className={styles.links}>
      {links.map((link, i) =>
        link ? (
          <button key={link.label} type="button" className={styles.link} onClick={link.onClick}>
            {link.label}
          </button>
        ) : (
          <span key={`empty-${i}`} />
        ),
      )}
    </div>
  );
}

/**
 * Outgoing e-mail (the e-policy of mail/sendEmail?type=99). A real adapter
 * (the brokerage's SMTP relay or a mail service) implements this; the sandbox
 * keeps an outbox and sends nothing.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; the e-policy mail carries no personal data unmasked. */
  text: string;
}

export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

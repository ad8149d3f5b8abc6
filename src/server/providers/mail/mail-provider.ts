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
  /** Files sent with the message (the e-policy PDF). */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailProvider {
  readonly name: string;
  /** False when the deployment sends no mail (MAIL_PROVIDER=none): sendEmail says 邮件服务暂未开通. */
  readonly accepting: boolean;
  /** @throws OutboundError when the relay refuses or cannot be reached */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections before the app closes. */
  stop?(): void;
}

/** MAIL_PROVIDER=none: a deployment that sends no e-mail. */
export class NoMailProvider implements MailProvider {
  readonly name = 'none';
  readonly accepting = false;
  async send(): Promise<void> {
    throw new Error('MAIL_PROVIDER=none sends no mail');
  }
}

import nodemailer, { type Transporter } from 'nodemailer';
import { OutboundError, type CallOut } from '../outbound.ts';
import type { MailMessage, MailProvider } from './mail-provider.ts';

export interface SmtpSettings {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
  url: string;
  /** The sender, e.g. `学平险 <noreply@example.com>`. */
  from: string;
}

/** SMTP reply codes 4xx are transient (greylisting, mailbox busy); 5xx and the rest are final. */
function transient(error: unknown): boolean {
  const code = (error as { responseCode?: number; code?: string } | null) ?? {};
  if (typeof code.responseCode === 'number') return code.responseCode >= 400 && code.responseCode < 500;
  // Connection-level failures: refused, reset, timed out, DNS.
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS'].includes(String(code.code));
}

/**
 * The brokerage's SMTP relay, through nodemailer (pooled connections, STARTTLS,
 * authentication). A send is not idempotent (a retry after a lost answer may
 * deliver twice), so it is tried once; the caller tells the user to try again.
 */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  readonly accepting = true;
  private readonly transport: Transporter;

  constructor(
    private readonly settings: SmtpSettings,
    private readonly callOut: CallOut,
  ) {
    this.transport = nodemailer.createTransport(settings.url, { from: settings.from });
  }

  async send(message: MailMessage): Promise<void> {
    await this.callOut({
      vendor: 'smtp',
      call: 'sendMail',
      idempotent: false,
      timeoutMs: 20_000,
      run: async () => {
        try {
          await this.transport.sendMail({
            from: this.settings.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
          });
        } catch (error) {
          const code = (error as { responseCode?: number }).responseCode;
          throw new OutboundError(`SMTP refused the message${code ? ` (${code})` : ''}`, transient(error), code ? String(code) : (error as { code?: string }).code);
        }
      },
    });
  }

  stop(): void {
    this.transport.close();
  }
}

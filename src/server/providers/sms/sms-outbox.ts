import { codeInText, type SmsProvider } from './sms-provider.ts';

export interface OutboxMessage {
  phone: string;
  text: string;
  sentAt: Date;
}

/** Phones kept; the oldest is forgotten first so a long-running dev server does not grow without bound. */
const MAX_PHONES = 1000;

/**
 * Remembers the last message per phone (development and test only) and passes
 * every message on to the wrapped provider. Read by GET /_gw/__dev/sms/latest.
 */
export class SmsOutbox implements SmsProvider {
  private readonly latest = new Map<string, OutboxMessage>();

  constructor(private readonly inner?: SmsProvider) {}

  async send(phone: string, text: string): Promise<void> {
    this.latest.delete(phone);
    this.latest.set(phone, { phone, text, sentAt: new Date() });
    if (this.latest.size > MAX_PHONES) {
      const oldest = this.latest.keys().next().value;
      if (oldest !== undefined) this.latest.delete(oldest);
    }
    await this.inner?.send(phone, text);
  }

  latestMessage(phone: string): OutboxMessage | undefined {
    return this.latest.get(phone);
  }

  /** The 6-digit code of the last message to `phone`, as the user would read it. */
  latestCode(phone: string): string | undefined {
    const message = this.latest.get(phone);
    return message && codeInText(message.text);
  }
}

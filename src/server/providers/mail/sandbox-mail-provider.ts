import type { MailMessage, MailProvider } from './mail-provider.ts';

/** Addresses kept; the oldest is forgotten first so a long-running dev server does not grow without bound. */
const MAX_ADDRESSES = 1000;

/**
 * The sandbox: no network. It remembers the last message per address
 * (development and test only), read by GET /_gw/__dev/mail/latest.
 */
export class SandboxMailProvider implements MailProvider {
  readonly name = 'sandbox';
  readonly accepting = true;
  private readonly latest = new Map<string, MailMessage & { sentAt: Date }>();

  async send(message: MailMessage): Promise<void> {
    const key = message.to.toLowerCase();
    this.latest.delete(key);
    this.latest.set(key, { ...message, sentAt: new Date() });
    if (this.latest.size > MAX_ADDRESSES) {
      const oldest = this.latest.keys().next().value;
      if (oldest !== undefined) this.latest.delete(oldest);
    }
  }

  latestTo(address: string): (MailMessage & { sentAt: Date }) | undefined {
    return this.latest.get(address.toLowerCase());
  }
}

import { LRUCache } from 'lru-cache';
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
  private readonly latest = new LRUCache<string, MailMessage & { sentAt: Date }>({ max: MAX_ADDRESSES });

  async send(message: MailMessage): Promise<void> {
    const key = message.to.toLowerCase();
    this.latest.set(key, { ...message, sentAt: new Date() });
  }

  latestTo(address: string): (MailMessage & { sentAt: Date }) | undefined {
    return this.latest.get(address.toLowerCase());
  }
}

import { LRUCache } from 'lru-cache';
import type { SmsProvider } from './sms-provider.ts';
import { renderSms, type SmsParams, type SmsTemplateId } from './sms-templates.ts';

export interface OutboxMessage {
  phone: string;
  template: SmsTemplateId;
  params: Readonly<Record<string, string>>;
  /** As the phone shows it. */
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
  /** The most recently texted phones (lru-cache drops the least recent beyond MAX_PHONES). */
  private readonly latest = new LRUCache<string, OutboxMessage>({ max: MAX_PHONES });

  constructor(private readonly inner?: SmsProvider) {}

  async send<T extends SmsTemplateId>(phone: string, template: T, params: SmsParams<T>): Promise<void> {
    const values = params as Readonly<Record<string, string>>;
    this.latest.set(phone, { phone, template, params: values, text: renderSms(template, values), sentAt: new Date() });
    await this.inner?.send(phone, template, params);
  }

  latestMessage(phone: string): OutboxMessage | undefined {
    return this.latest.get(phone);
  }

  /** The code of the last message to `phone`, from the message's own parameters. */
  latestCode(phone: string): string | undefined {
    return this.latest.get(phone)?.params.code;
  }
}

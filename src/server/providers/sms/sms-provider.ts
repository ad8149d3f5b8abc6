import type { SmsParams, SmsTemplateId } from './sms-templates.ts';

/**
 * Sends one text message by template (sms-templates.ts): real vendors send a
 * registered template with its parameters, not free text. An adapter throws
 * {@link SmsRefused} when the vendor refuses (a blacklisted phone, a template
 * not approved, a rate limit) and OutboundError when it cannot be reached;
 * either way the caller tells the user 短信发送失败，请稍后重试.
 */
export interface SmsProvider {
  send<T extends SmsTemplateId>(phone: string, template: T, params: SmsParams<T>): Promise<void>;
}

/** Why a vendor refused a message, as a clear outcome (the vendor's own code is kept for the log). */
export type SmsRefusal = 'blacklisted' | 'template' | 'rateLimited' | 'badPhone' | 'account' | 'other';

export class SmsRefused extends Error {
  constructor(
    readonly refusal: SmsRefusal,
    readonly vendorCode: string,
  ) {
    super(`SMS refused (${refusal}: ${vendorCode})`);
    this.name = 'SmsRefused';
  }
}

/** What the user is told when a message could not be sent. */
export const MSG_SMS_FAILED = '短信发送失败，请稍后重试';

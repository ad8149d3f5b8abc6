/** Sends one text message. A real adapter (Aliyun, Tencent Cloud SMS…) implements this. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/** The 6-digit verification code in a message, as the user would read it. */
export function codeInText(text: string): string | undefined {
  return /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
}

/** Sends one text message. A real adapter (Aliyun, Tencent Cloud SMS…) implements this. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

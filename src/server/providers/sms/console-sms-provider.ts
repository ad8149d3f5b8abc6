import { maskPhone } from '../../../engine/rules/index.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * Development provider: prints the message instead of sending it. The phone is
 * masked; the text (with the code) is printed because a developer needs it to log in.
 */
export class ConsoleSmsProvider implements SmsProvider {
  constructor(private readonly print: (line: string) => void = (line) => console.log(line)) {}

  async send(phone: string, text: string): Promise<void> {
    this.print(`[sms] ${maskPhone(phone)} ${text}`);
  }
}

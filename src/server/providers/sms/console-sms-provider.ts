import { maskPhone } from '../../../engine/rules/index.ts';
import { codeInText, type SmsProvider } from './sms-provider.ts';

/**
 * Development provider: prints `[sms] 138****8000 code 123456` instead of
 * sending. The phone is masked; the code is printed because a developer needs
 * it to log in.
 */
export class ConsoleSmsProvider implements SmsProvider {
  constructor(private readonly print: (line: string) => void = (line) => console.log(line)) {}

  async send(phone: string, text: string): Promise<void> {
    const code = codeInText(text);
    this.print(`[sms] ${maskPhone(phone)} ${code ? `code ${code}` : text}`);
  }
}

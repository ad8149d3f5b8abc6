import { maskPhone } from '../../../engine/rules/index.ts';
import type { SmsProvider } from './sms-provider.ts';
import type { SmsParams, SmsTemplateId } from './sms-templates.ts';

/**
 * The console provider (a sandbox): prints `[sms] 138****8000 loginCode code
 * 123456` instead of sending. The phone is masked; the code is printed in
 * development, where a developer needs it to log in, and withheld when
 * `revealCodes` is false (production with ALLOW_SANDBOX=true: anyone who
 * reads the log could log in as any phone).
 */
export class ConsoleSmsProvider implements SmsProvider {
  constructor(
    private readonly print: (line: string) => void = (line) => console.log(line),
    private readonly revealCodes = true,
  ) {}

  async send<T extends SmsTemplateId>(phone: string, template: T, params: SmsParams<T>): Promise<void> {
    const code = (params as Record<string, string>).code;
    const shown = code === undefined ? '' : this.revealCodes ? ` code ${code}` : ' code withheld';
    this.print(`[sms] ${maskPhone(phone)} ${template}${shown}`);
  }
}

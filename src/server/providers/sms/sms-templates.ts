/**
 * Every text message the app sends, as the SMS vendors take them: a template
 * registered with the vendor (its wording below, approved with the
 * brokerage's signature 【学平险】 or the one in settings) and the values of
 * its parameters. Each real adapter maps a template id to the vendor's own
 * template code (settings); the console and outbox render the wording.
 */
import { BROKERAGE } from '../../../engine/rules/brokerage.ts';

export const SMS_TEMPLATES = {
  /** Log-in and registration codes. */
  loginCode: { params: ['code'], text: '您的验证码是${code}，5分钟内有效，请勿泄露给他人。' },
  /** Password reset codes. */
  resetCode: { params: ['code'], text: '您正在找回密码，验证码是${code}，5分钟内有效，请勿泄露给他人。' },
  /** The new phone's code when a user changes phone. */
  phoneChangeCode: { params: ['code'], text: '您正在更换绑定手机号，验证码是${code}，5分钟内有效，请勿泄露给他人。' },
  /** Registration asked for a phone that has an account (no code: accounts are not told apart by the answer). */
  alreadyRegistered: { params: [], text: '您的手机号已注册，可直接使用验证码或密码登录。如非本人操作，请忽略。' },
  /** A password reset asked for a phone without an account. */
  notRegistered: { params: [], text: '您的手机号尚未注册，无法找回密码，可使用验证码直接登录。如非本人操作，请忽略。' },
  /** A phone change to a phone bound to another account. */
  boundElsewhere: { params: [], text: '您的手机号已绑定其他账号，无法换绑。如非本人操作，请忽略。' },
  /** A promoter reminds a customer that a policy is due for renewal. */
  renewalReminder: { params: ['product', 'link'], text: '您的${product}即将到期，点击续保：${link}' },
  /** A promoter sends a customer a product. */
  customerPush: { params: ['product', 'link'], text: '为您推荐${product}，点击查看：${link}' },
  /** A claim the holder reported changed status (docs/claims.md). */
  claimStatus: { params: ['claimNo', 'status'], text: '您的理赔申请${claimNo}状态更新为：${status}，详情请登录查看。' },
} as const satisfies Record<string, { params: readonly string[]; text: string }>;

export type SmsTemplateId = keyof typeof SMS_TEMPLATES;
export const SMS_TEMPLATE_IDS = Object.keys(SMS_TEMPLATES) as SmsTemplateId[];

/** The parameters of one template, by name. */
export type SmsParams<T extends SmsTemplateId> = { [K in (typeof SMS_TEMPLATES)[T]['params'][number]]: string };

/** The signature the messages carry unless SMS_SIGN_NAME says otherwise. */
export const DEFAULT_SMS_SIGN_NAME = BROKERAGE.platformName;

/** The message as the phone shows it: 【signature】 then the template's wording with its parameters. */
export function renderSms(template: SmsTemplateId, params: Readonly<Record<string, string>>, signName = DEFAULT_SMS_SIGN_NAME): string {
  return `【${signName}】${SMS_TEMPLATES[template].text.replace(/\$\{(\w+)\}/g, (_, name: string) => params[name] ?? '')}`;
}

/**
 * User-facing validation messages (spec §5 "Validation rules").
 *
 * The strings are copied verbatim from the spec, including the ASCII `!`
 * and the full-width comma in {@link MSG_NAME_CHINESE_ONLY}. Do not reword
 * them: tests and the UI compare against these exact values.
 */

/** Phone number is not a valid mainland mobile number. */
export const MSG_PHONE = '请填写正确的手机号!';

/** ID number of the policyholder (投保人) has the wrong length or format. */
export const MSG_ID_LENGTH_HOLDER = '投保人身份证号位数有误!';

/** ID number of the insured person (被保人) has the wrong length or format. */
export const MSG_ID_LENGTH_INSURED = '被保人身份证号位数有误!';

/** ID number of the ward (监护对象) has the wrong length or format. */
export const MSG_ID_LENGTH_WARD = '监护对象身份证号位数有误!';

/** ID number has a bad region prefix, an impossible date or a wrong check digit. */
export const MSG_ID_CHECKSUM = '身份证号码校验错误!';

/**
 * Hong Kong / Macau / Taiwan card number has the wrong format.
 *
 * NOTE: the spec defines the rule (a letter followed by 8 or 10 digits) but
 * gives no message for it; this wording is our own choice.
 */
export const MSG_HK_MO_TW_CARD = '证件号码格式错误!';

/** Standard person name (2-20 Chinese characters or letters, middle dot inside). */
export const MSG_NAME = '请输入2-20位中文名或汉字和字母任意组合!';

/**
 * Chinese-only name.
 *
 * NOTE: the spec's rule allows 2-40 characters while its message says 2-20;
 * the rule is implemented as specified and the message is kept verbatim.
 */
export const MSG_NAME_CHINESE_ONLY = '中文名，2(含)-20(含)位';

/** Latin-or-Chinese name (2-30 characters). The spec gives this message in English. */
export const MSG_NAME_LATIN_OR_CHINESE = 'Please enter your name.';

/** E-mail address has the wrong format. */
export const MSG_EMAIL = '请填写正确的邮箱';

/** Password does not meet the 8-16 letters + digits + special characters rule. */
export const MSG_PASSWORD = '请输入8-16字母数字特殊字符组合密码!';

/** The password rule as the password forms state it under the field. */
export const PASSWORD_RULE_HINT = '密码为8-16位字母、数字和特殊字符!@#$%^&*的组合';

/** A required field is empty. */
export const MSG_REQUIRED = '请完善投保信息!';

/** Confirm page: the user has not confirmed the application details yet. */
export const MSG_CONFIRM_FIRST = '请您先确认投保信息!';

/** Confirm page: an insured person lacks an ID number. */
export const MSG_CONFIRM_INSURED_ID = '请您先确认被保人证件号信息!';

/**
 * Guarantee years (保障年限) not among the product's `pricing.guaranteeYears`.
 *
 * NOTE: the spec lists the allowed years (default [1]) but gives no message;
 * this wording is our own. The detail page only offers allowed values, so
 * only a stale or tampered request gets here.
 */
export const MSG_GUARANTEE_YEARS = '保障年限无效';

/**
 * Documents other than a mainland ID number carry no birth date: the form asks
 * for it. Our wording; the spec gives none.
 */
export const MSG_BIRTHDAY_REQUIRED = '请选择出生日期（非身份证号码的证件须填写）';

/** Documents other than a mainland ID number: the sex is asked for (our wording). */
export const MSG_SEX_REQUIRED = '请选择性别（非身份证号码的证件须填写）';

/** A typed birthday that is not a real date from 1900 on (our wording). */
export const MSG_BIRTHDAY_INVALID = '出生日期有误，请重新选择';

/** A typed birthday after today (our wording). */
export const MSG_BIRTHDAY_FUTURE = '出生日期不能晚于今天';

/** An insured's age falls in none of the product's age bands (our wording). */
export const MSG_AGE_BAND = '被保人年龄不在可投保的年龄段内';

/**
 * A picked cover start (起保日期) outside the product's window, which the
 * server recomputes from its own clock (our wording; `from` and `to` are
 * 'YYYY-MM-DD'). The picker offers only the window, so a page left open past
 * midnight or a tampered request gets here.
 */
export const msgPickedStart = (from: string, to: string) => `起保日期须在${from}至${to}之间`;

/** The same person twice on one application, by name and birthday (our wording). */
export const MSG_DUPLICATE_INSURED_PERSON = '同一被保人不能重复填写';

/**
 * The mainland mobile number (spec §5 "Validation rules"), the one place it is written: 11 digits, first
 * digit 1, second digit 3-9. The source has no anchors so that a schema pattern, a whole-value test and a
 * search in free text all derive from it; `[0-9]` rather than `\d` keeps it the same in every JSON Schema
 * validator. The module imports nothing and runs nothing on load, so a schema or a screen that needs only
 * the rule carries no validator or message with it.
 */

export const PHONE_LENGTH = 11;
export const PHONE_DIGITS = `1[3-9][0-9]{${PHONE_LENGTH - 2}}`;
/** The whole value is a mobile number: the pattern of a schema field (TypeBox `pattern`). */
export const PHONE_PATTERN = `^${PHONE_DIGITS}$`;
/** Only the shape of one (as many digits): a schema that leaves the refusal, and its message, to validatePhone. */
export const PHONE_SHAPE_PATTERN = `^[0-9]{${PHONE_LENGTH}}$`;

const WHOLE = /* @__PURE__ */ new RegExp(PHONE_PATTERN);

/** Whether `v` is exactly a mainland mobile number. */
export function isMobilePhone(v: string): boolean {
  return WHOLE.test(v);
}

/**
 * Every mobile number standing alone in free text (not inside a longer run of letters and digits such as an
 * order code): a new global expression per call, since a shared one would carry its `lastIndex` between callers.
 */
export function phonesInText(): RegExp {
  return new RegExp(`(?<![0-9A-Za-z])${PHONE_DIGITS}(?![0-9A-Za-z])`, 'g');
}

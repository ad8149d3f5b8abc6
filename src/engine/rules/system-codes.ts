/**
 * Business constants sent with requests (spec §9), in a module of their own: the web's `/_gw`
 * client sends SYS_CODE with every call, and importing it from ./enums.ts would put every
 * enumeration in the home route's chunk. Re-exported by ./enums.ts.
 */

/** Channel number sent with quotes and orders. */
export const CHANNEL_NO = 'edu';
/** System code. */
export const SYS_CODE = 'sys_edu_wxb_wx';

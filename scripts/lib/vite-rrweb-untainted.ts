/**
 * Vite plugin: the sale recorder's first snapshot without a throw-away iframe
 * (the insure page's total blocking time; docs/recording.md).
 *
 * rrweb reads the DOM through "untainted" prototypes: before it trusts
 * `Element.prototype` it checks that the names it lists as accessors have
 * native getters, and when one has not it appends a hidden `<iframe>` to the
 * page and takes the prototype of that fresh window instead (a page whose
 * `Element.prototype` a framework patched). @rrweb/record 2.1.6 lists
 * `querySelector` and `querySelectorAll`, which are methods, among
 * `Element`'s accessors, so the check fails in every browser and every full
 * snapshot of a page load starts by creating a browsing context: 45 % of the
 * recorder's first task on the insure form at 4× CPU (a CDP profile, before:
 * 185 of 414 ms). rrweb's own fix (rrweb-io/rrweb#1802, not released) moves
 * the two names to the methods checked; this transform does the same in the
 * one file the web build takes (@rrweb/record's ES module). A page whose
 * prototypes really are patched still gets the iframe.
 *
 * The build fails when the list is not found (another rrweb release): check
 * whether it still lists the two methods as accessors, and change or drop the
 * plugin.
 */
import type { Plugin } from 'vite';

const RRWEB_RECORD = /[\\/]node_modules[\\/]@rrweb[\\/]record[\\/]dist[\\/]record\.js$/;
const ACCESSORS = 'Element: ["shadowRoot", "querySelector", "querySelectorAll"],';
const METHODS = /(const testableMethods = \{[^}]*?)Element: \[\],/;

/** The transform itself, or null when rrweb's lists are not the ones this fix knows. */
export function fixUntaintedElementCheck(code: string): string | null {
  if (!code.includes(ACCESSORS) || !METHODS.test(code)) return null;
  return code.replace(ACCESSORS, 'Element: ["shadowRoot"],').replace(METHODS, '$1Element: ["querySelector", "querySelectorAll"],');
}

export function rrwebUntainted(): Plugin {
  return {
    name: 'edu-rrweb-untainted',
    apply: 'build',
    transform(code, id) {
      if (!RRWEB_RECORD.test(id.split('?')[0] ?? id)) return undefined;
      const fixed = fixUntaintedElementCheck(code);
      if (fixed === null) this.error('rrweb-untainted: @rrweb/record no longer lists Element\'s checks as this plugin knows them (scripts/lib/vite-rrweb-untainted.ts)');
      return { code: fixed, map: null };
    },
  };
}

// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixUntaintedElementCheck } from '../../scripts/lib/vite-rrweb-untainted.ts';

/**
 * The sale recorder's rrweb, as the web build takes it (scripts/lib/vite-rrweb-untainted.ts): rrweb trusts a
 * prototype when the names it checks as accessors have native getters and those it checks as methods are native
 * functions, and otherwise takes the prototype from a throw-away iframe on every page load. Each name must be
 * checked as what it is, or the check fails on an untouched page.
 */
const RECORD = 'node_modules/@rrweb/record/dist/record.js';

function checkedNames(code: string, list: 'testableAccessors' | 'testableMethods'): Record<string, string[]> {
  const literal = new RegExp(`const ${list} = (\\{[^}]*\\});`).exec(code)?.[1];
  if (!literal) throw new Error(`${list} not found`);
  return new Function(`return ${literal};`)() as Record<string, string[]>;
}

describe("rrweb's untainted-prototype check in the web build", () => {
  const fixed = fixUntaintedElementCheck(readFileSync(RECORD, 'utf8'));

  it('applies to the installed @rrweb/record', () => {
    expect(fixed).not.toBeNull();
  });

  it("checks Element's accessors as accessors and its methods as methods", () => {
    const accessors = checkedNames(fixed ?? '', 'testableAccessors').Element ?? [];
    const methods = checkedNames(fixed ?? '', 'testableMethods').Element ?? [];
    expect(accessors.length + methods.length).toBeGreaterThan(0);
    for (const name of accessors) expect(Object.getOwnPropertyDescriptor(Element.prototype, name)?.get, name).toBeTypeOf('function');
    for (const name of methods) expect(Element.prototype[name as keyof Element], name).toBeTypeOf('function');
  });

  it('refuses an rrweb whose lists it does not know (the build fails rather than ship the iframe again)', () => {
    expect(fixUntaintedElementCheck('const testableAccessors = { Element: ["shadowRoot"] };')).toBeNull();
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markReactRouterPure } from '../../scripts/lib/vite-react-router-pure.ts';

describe('react-router in the web bundle (scripts/lib/vite-react-router-pure.ts)', () => {
  it('marks top-level component and context factories pure and drops their displayName writes', () => {
    const { code, edits } = markReactRouterPure(`var Ctx = React.createContext(null);
Ctx.displayName = "Ctx";
var Link = React10.forwardRef(
  function LinkWithRef() {}
);
Link.displayName = "Link";
var M = React3.memo(Inner);
function f() {
  const local = React.createContext(null);
  local.displayName = "kept";
}`);
    expect(code).toContain('var Ctx = /* @__PURE__ */ React.createContext(null);');
    expect(code).toContain('var Link = /* @__PURE__ */ React10.forwardRef(');
    expect(code).toContain('var M = /* @__PURE__ */ React3.memo(Inner);');
    expect(code).not.toMatch(/^\w+\.displayName/m);
    // Only top-level statements: code inside functions is left as it is.
    expect(code).toContain('  const local = React.createContext(null);\n  local.displayName = "kept";');
    expect(edits).toBe(5);
  });

  it('finds what it marks in the installed react-router, as the bundler resolves it (a release that changed its output would leave it all)', () => {
    const dir = 'node_modules/react-router/dist/development';
    const edits = readdirSync(dir)
      .filter((name) => name.endsWith('.mjs'))
      .reduce((sum, name) => sum + markReactRouterPure(readFileSync(join(dir, name), 'utf8')).edits, 0);
    expect(edits).toBeGreaterThan(20);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripDeclarationsForWeb } from '../../scripts/lib/vite-contract-for-web.ts';

describe('call declarations in the web bundle', () => {
  it('keep only the method and path the client reads', () => {
    const source = `export const calls = {
  x: defineCall({ method: 'POST', path: '/a/:id', summary: 'S', auth: 'user', params: P, body: Type.Object({ a: Type.String() }), data: D }),
};`;
    const out = stripDeclarationsForWeb(source);
    expect(out).toContain(`x: /*#__PURE__*/ defineCall({ method: 'POST', path: '/a/:id' })`);
    expect(out).not.toMatch(/summary|Type\.Object|data: D/);
  });

  it('marks every other call pure, so a schema nobody reads drops out with what built it', () => {
    const out = stripDeclarationsForWeb(`const keys = Object.keys(A.properties);
export const B = Type.Object({ a: Type.String(), b: helper(A) });`);
    expect(out).toContain('const keys = /*#__PURE__*/ Object.keys(A.properties);');
    expect(out).toContain('export const B = /*#__PURE__*/ Type.Object({ a: /*#__PURE__*/ Type.String(), b: /*#__PURE__*/ helper(A) });');
  });

  it('applies to every declaration of src/contract (each has a literal method and path)', () => {
    const dir = 'src/contract';
    let declarations = 0;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const code = readFileSync(join(dir, file), 'utf8');
      const out = stripDeclarationsForWeb(code, file);
      declarations += (out.match(/defineCall\(\{ method: '(GET|POST)', path: '[^']+' \}\)/g) ?? []).length;
    }
    expect(declarations).toBeGreaterThan(100);
  });
});

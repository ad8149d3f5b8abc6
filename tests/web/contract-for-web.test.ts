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
    expect(out).toContain(`x: defineCall({ method: 'POST', path: '/a/:id' })`);
    expect(out).not.toMatch(/summary|Type\.Object|data: D/);
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

/**
 * The fixture catalogue the price-table and picked-start e2e specs serve
 * (tests/fixtures/suzhou-catalogue) passes the checker as the real one does:
 * its server refuses to start on a manifest the schema refuses.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the e2e fixture catalogue', () => {
  it('passes manifests:check', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/manifests-check.ts', '--dir', 'tests/fixtures/suzhou-catalogue'], { encoding: 'utf8' });
    expect(out).toMatch(/2 manifests, .* valid/);
  }, 60_000);
});

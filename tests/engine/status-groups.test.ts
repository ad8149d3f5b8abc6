/**
 * Status groups are written once, derived from the transition table in
 * src/contract/policy-lifecycle.ts: no list of two or more statuses is
 * written anywhere else in src/ or scripts/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POLICY_STATUSES } from '../../src/contract/policy-status.ts';
import { codeLinesMatching } from './source-lines.ts';

const status = `'(?:${POLICY_STATUSES.join('|')})'`;

describe('status groups', () => {
  it('are listed only in the lifecycle module', () => {
    // An array or SQL list of statuses: two status literals in a row, separated by a comma.
    const list = new RegExp(`${status}\\s*,\\s*${status}`);
    const text = (at: string) => readFileSync(at.slice(0, at.lastIndexOf(':')), 'utf8').split('\n')[Number(at.slice(at.lastIndexOf(':') + 1)) - 1] ?? '';
    // Not groups: the statuses themselves, the refund reasons (named like two statuses), the policy list's fixed tabs
    // (an order of the screen), and the expiry sweep's partial index, whose predicate is the migration's SQL as written.
    const notGroups = [/^src\/contract\/policy-status\.ts:/, /REFUND_REASONS = /, /FIXED_TABS: /, /application_forms_end_due_idx/];
    expect(codeLinesMatching(list, 'src/contract/policy-lifecycle.ts').filter((at) => !notGroups.some((p) => p.test(at) || p.test(text(at))))).toEqual([]);
  });
});

/**
 * Facts written in one module only: the mobile-number rule (src/engine/rules/phone.ts), the masks of
 * personal data (src/engine/rules/masking.ts; text-masking.ts applies them to free text and writes no
 * star), the region codes of the tree's root and of the default domain (src/engine/rules/regions.ts), the
 * rating codes (src/engine/ratings/ratings.ts), and the status groups written as comparisons
 * (src/contract/policy-lifecycle.ts). Code anywhere else in src/ and scripts/ derives from them; a line
 * that writes one again fails here, named by file and line.
 *
 * Guarded elsewhere, so not here: lists of statuses (status-groups.test.ts), amounts with toFixed(2)
 * (money.test.ts), the +08:00 offset (shanghai-time.test.ts), the brokerage (brokerage-identity.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AgreementBody, VerifyCardQuery } from '../../src/contract/contracts.ts';
import { POLICY_STATUSES } from '../../src/contract/policy-status.ts';
import { ID_CARD_SHAPE_SOURCE } from '../../src/engine/rules/patterns.ts';
import { codeLinesMatching } from './source-lines.ts';

/** A line a fact's pattern finds that is no copy of the fact: its file, a piece of its text, and why it may stay. */
interface Exception {
  file: string;
  text: string;
  reason: string;
}

/** The code of the line `file:line`. */
function textAt(at: string): string {
  const colon = at.lastIndexOf(':');
  return readFileSync(at.slice(0, colon), 'utf8').split('\n')[Number(at.slice(colon + 1)) - 1] ?? '';
}

const excepted = (at: string, exceptions: readonly Exception[]) => exceptions.some((e) => at.startsWith(`${e.file}:`) && textAt(at).includes(e.text));

/** Where `pattern` finds a copy of the fact outside `owner`, except the lines excepted with their reason. */
function copies(pattern: RegExp, owner: string, exceptions: readonly Exception[] = []): string[] {
  return codeLinesMatching(pattern, owner).filter((at) => !excepted(at, exceptions));
}

describe('facts written in one place', () => {
  it('the mobile-number rule is written only in phone.ts', () => {
    // The rule itself, any eleven-digit pattern standing for it, or its length written as a number.
    expect(copies(/1\[3-9\]|1\[3456789\]|1\\d\{10\}|\\d\{11\}|\[0-9\*?\]\{11\}|(minLength|maxLength)(:\s*|=\{)11\b/, 'src/engine/rules/phone.ts')).toEqual([]);
  });

  it('personal data is masked only by masking.ts', () => {
    // A run of stars in a string, a star repeated, a text replaced by stars, a backreference followed by stars.
    const mask = /\*{3,}|['"`]\*['"`]\s*\.repeat\(|repeat\(\s*['"`]\*['"`]|,\s*['"`]\*+['"`]\s*\)|\$\d\*/;
    const notMasks: Exception[] = [
      { file: 'src/server/db/open-db.ts', text: "parsed.password = '***'", reason: 'a credential in a connection URL is redacted, not a person’s data masked' },
      {
        file: 'src/server/promoters/promoter-area-repo.ts',
        text: "repeat('*'",
        reason: 'the customer search filters and pages by the masked name in SQL; masked-name-sql.test.ts holds it to maskName and maskPhone',
      },
    ];
    expect(copies(mask, 'src/engine/rules/masking.ts', notMasks)).toEqual([]);
  });

  it('the region codes of the root and of the default domain are written only in regions.ts', () => {
    const dataTables: Exception[] = [
      { file: 'src/server/seed/seed-schools.ts', text: "'500000': '023'", reason: 'the area phone code of Chongqing in the seed’s table of codes, not the default domain' },
      { file: 'src/engine/manifest/visual-identity.ts', text: 'MUNICIPALITIES', reason: 'the four municipalities, Chongqing among them, not the default domain' },
    ];
    expect(copies(/['"`]000000['"`]/, 'src/engine/rules/regions.ts')).toEqual([]);
    expect(copies(/['"`]500000['"`]/, 'src/engine/rules/regions.ts', dataTables)).toEqual([]);
  });

  it('the rating codes are written only in ratings.ts', () => {
    // A code 00-02 on a line that speaks of a rating node or a business type.
    const ratingCode = /\b(commentNode|bizType|CommentNode|BizType|node|ratingStatus|rating)\b.*'0[0-2]'|'0[0-2]'.*\b(commentNode|bizType|CommentNode|BizType)\b/;
    expect(copies(ratingCode, 'src/engine/ratings/ratings.ts')).toEqual([]);
  });

  it('the shapes of an ID number and of a name are written only in patterns.ts', () => {
    // Seventeen digits then a check character, as a RegExp or as JSON-schema text.
    expect(copies(/\\d\{17\}|\[0-9\]\{17\}/, 'src/engine/rules/patterns.ts', [
      { file: 'src/engine/rules/text-masking.ts', text: '(?<![0-9A-Za-z])', reason: 'finds ID numbers inside free text to mask them (no anchors), not the rule of a field' },
      { file: 'src/contract/contracts.ts', text: "pattern: '^[0-9]{17}[0-9Xx]$'", reason: 'the bodies’ shape as text, so that the contract imports no rule into the web’s chunks; held equal to ID_CARD_SHAPE_SOURCE below' },
      { file: 'src/web/features/contracts/screens/contract/sign-view.tsx', text: '/^[0-9]{17}[0-9Xx]$/', reason: 'the form’s first filter, as the contract writes it; the server’s rule decides' },
      { file: 'src/engine/rules/id-card.ts', text: '/^\\d{17}$/.test(first17)', reason: 'the check digit is computed over exactly the first 17 digits, not a whole number’s shape' },
    ])).toEqual([]);
    // A character class of Chinese characters with the middle dot: a name rule.
    expect(copies(/\\{1,2}u4e00-\\{1,2}u9fa5(·|\\{1,2}u00b7)/, 'src/engine/rules/patterns.ts', [
      { file: 'src/contract/contracts.ts', text: "pattern: '^[\\\\u4e00-\\\\u9fa5·A-Za-z ]+$'", reason: 'a first filter of the body as text (no rule imported into the web’s chunks); validateName decides on the server' },
    ])).toEqual([]);
    expect(AgreementBody.properties.insuredIdNo.pattern).toBe(ID_CARD_SHAPE_SOURCE);
    expect(VerifyCardQuery.properties.cardNo.pattern).toBe(ID_CARD_SHAPE_SOURCE);
  });

  it('no status group is written as comparisons outside the lifecycle module', () => {
    const status = `'(?:${POLICY_STATUSES.join('|')})'`;
    // Two statuses compared on one line and joined (`status === 'a' || … status === 'b'`), or "not unpaid" (every status but one).
    const joined = new RegExp(`status\\s*[!=]==\\s*${status}.*(\\|\\||&&).*status\\s*[!=]==\\s*${status}|status\\s*!==\\s*'toBePaid'`);
    expect(copies(joined, 'src/contract/policy-lifecycle.ts')).toEqual([]);
  });
});

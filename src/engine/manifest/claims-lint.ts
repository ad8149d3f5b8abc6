/**
 * Cross-field rules of online claims (`claims`, docs/claims.md) that JSON
 * Schema cannot express: each kind once, every coveredBy liability the
 * limitName of a duty of some plan, document codes unique within a kind, and
 * at least one required document a kind.
 */
import type { ProductManifest } from './manifest-types.generated.ts';
import type { ManifestProblem } from './validate-manifest.ts';

export function lintClaims(file: string, m: ProductManifest): ManifestProblem[] {
  if (!m.claims) return [];
  const problems: ManifestProblem[] = [];
  const liabilities = new Set(m.plans.flatMap((plan) => plan.risks.flatMap((risk) => risk.duties.map((duty) => duty.limitName))));
  const seen = new Set<string>();
  m.claims.kinds.forEach((kind, i) => {
    const at = `/claims/kinds/${i}`;
    if (seen.has(kind.kind)) problems.push({ file, pointer: `${at}/kind`, message: `claim kind "${kind.kind}" is declared twice`, hint: 'declare every kind once' });
    seen.add(kind.kind);
    kind.coveredBy.forEach((name, j) => {
      if (!liabilities.has(name)) problems.push({ file, pointer: `${at}/coveredBy/${j}`, message: `"${name}" is no duty of any plan`, hint: `write the limitName of a duty, e.g. ${[...liabilities].slice(0, 3).join(', ')}` });
    });
    const codes = new Set<string>();
    kind.documents.forEach((doc, j) => {
      if (codes.has(doc.code)) problems.push({ file, pointer: `${at}/documents/${j}/code`, message: `document code "${doc.code}" is used twice in the kind`, hint: 'give every document of a kind its own code' });
      codes.add(doc.code);
    });
    if (!kind.documents.some((doc) => doc.required)) problems.push({ file, pointer: `${at}/documents`, message: `claim kind "${kind.kind}" requires no document`, hint: 'set required: true on at least one document' });
  });
  return problems;
}

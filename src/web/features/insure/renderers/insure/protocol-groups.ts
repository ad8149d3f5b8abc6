import type { Protocol } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { groupClauses } from '../../../../../engine/protocol/protocol-reading.ts';

export interface ProtocolGroups {
  /** Insurance notices and clauses (notificationType 2 or 3). */
  notices: Protocol[];
  /** Everything else (authorisations, statements). */
  others: Protocol[];
}

/** Splits the product's clauses into the two lists of spec §4 Protocol reading, keeping their order. */
export function groupProtocols(protocols: readonly Protocol[]): ProtocolGroups {
  return groupClauses(protocols);
}

/** Paragraphs of a clause (separated by blank lines). */
export function paragraphs(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

import type { Protocol } from '../../../engine/manifest/manifest-types.generated.ts';

/** Notice types that form the first group (spec §3: notificationType 2 and 3 form one group, others another). */
const NOTICE_TYPES: ReadonlySet<number> = new Set([2, 3]);

export interface ProtocolGroups {
  /** Insurance notices and clauses (notificationType 2 or 3). */
  notices: Protocol[];
  /** Everything else (authorisations, statements). */
  others: Protocol[];
}

/** Splits the product's clauses into the two lists of spec §4 Protocol reading, keeping their order. */
export function groupProtocols(protocols: readonly Protocol[]): ProtocolGroups {
  const notices: Protocol[] = [];
  const others: Protocol[] = [];
  for (const p of protocols) (p.notificationType !== undefined && NOTICE_TYPES.has(p.notificationType) ? notices : others).push(p);
  return { notices, others };
}

/** Paragraphs of a clause (separated by blank lines). */
export function paragraphs(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** PostgreSQL SQLSTATE of a unique-key violation. */
const UNIQUE_VIOLATION = '23505';

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The driver error under drizzle's DrizzleQueryError wrapper (pg and PGlite both carry `code`). */
function driverError(error: unknown): PgLikeError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/**
 * True when `error` is a unique violation, optionally of a given constraint.
 * Used where a race is settled by the database: the loser catches this and re-reads.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error);
  if (found?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || found.constraint === constraint;
}

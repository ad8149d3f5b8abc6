import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { sharedCredentials } from '../db/schema.ts';

/** A credential is renewed this long before the vendor says it expires. */
const RENEW_BEFORE_MS = 5 * 60_000;

export interface FetchedCredential {
  value: string;
  expiresInSeconds: number;
}

/**
 * The current value of a vendor credential shared by every instance: read
 * from the database while it is fresh; otherwise fetched by one instance
 * only, under an advisory lock of its name, while the others wait and then
 * read what it stored. `replace` names a value the vendor has refused (it
 * was invalidated early): it is fetched anew even if it looks fresh.
 *
 * `fetchCredential` runs inside the transaction that holds the lock and is
 * given it: a credential fetched with another one (a ticket needs a token)
 * looks that one up through it, since PGlite's one connection is taken.
 */
export async function sharedCredential(
  db: Db,
  name: string,
  now: () => Date,
  fetchCredential: (db: Db) => Promise<FetchedCredential>,
  options: { replace?: string } = {},
): Promise<string> {
  const usable = (row: typeof sharedCredentials.$inferSelect | undefined) =>
    row && row.expiresAt.getTime() - RENEW_BEFORE_MS > now().getTime() && row.value !== options.replace ? row.value : undefined;
  const [cached] = await db.select().from(sharedCredentials).where(eq(sharedCredentials.name, name)).limit(1);
  const fresh = usable(cached);
  if (fresh) return fresh;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credential:${name}`}))`);
    const [row] = await tx.select().from(sharedCredentials).where(eq(sharedCredentials.name, name)).limit(1);
    const stored = usable(row);
    if (stored) return stored;
    const fetched = await fetchCredential(tx);
    const at = now();
    const expiresAt = new Date(at.getTime() + fetched.expiresInSeconds * 1000);
    await tx
      .insert(sharedCredentials)
      .values({ name, value: fetched.value, expiresAt, updatedAt: at })
      .onConflictDoUpdate({ target: sharedCredentials.name, set: { value: fetched.value, expiresAt, updatedAt: at } });
    return fetched.value;
  });
}

import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schoolNameKey } from '../../engine/rules/school-name.ts';
import type { Db } from '../db/db.ts';
import { schools } from '../db/schema.ts';
import { regionLevel } from './region-lookup.ts';

export type SchoolRow = typeof schools.$inferSelect;

/** `%text%` for ILIKE with the pattern characters of `text` escaped. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Schools of a province, city or county code. */
function inArea(areaCode: string): SQL {
  const level = regionLevel(areaCode);
  if (level === 'province') return eq(schools.provinceCode, areaCode);
  if (level === 'city') return eq(schools.cityCode, areaCode);
  return eq(schools.countyCode, areaCode);
}

/** The directory (verified) plus, for a logged-in caller, the schools they added; nobody else's. */
function visibleTo(userId: string | null): SQL {
  return userId ? or(isNull(schools.ownerUserId), eq(schools.ownerUserId, userId))! : isNull(schools.ownerUserId);
}

export interface SchoolSearch {
  areaCode: string;
  name?: string;
  address?: string;
  phone?: string;
  schoolKind?: string;
  userId: string | null;
  limit: number;
  offset: number;
}

/** One page of matching schools (the caller's own first, then by name) and the total. */
export async function searchSchools(db: Db, q: SchoolSearch): Promise<{ rows: SchoolRow[]; total: number }> {
  const conditions: SQL[] = [inArea(q.areaCode), visibleTo(q.userId)];
  const name = q.name?.trim();
  if (name) conditions.push(or(ilike(schools.name, contains(name)), ilike(schools.nameKey, contains(schoolNameKey(name))))!);
  const address = q.address?.trim();
  if (address) conditions.push(ilike(schools.address, contains(address)));
  const phone = q.phone?.replace(/-/g, '');
  if (phone) conditions.push(sql`replace(coalesce(${schools.phone}, ''), '-', '') like ${contains(phone)}`);
  if (q.schoolKind) conditions.push(eq(schools.schoolKind, q.schoolKind));
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(schools)
      .where(where)
      .orderBy(desc(sql`${schools.ownerUserId} is not null`), asc(schools.name), asc(schools.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(schools).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** A school the caller may see, by id. */
export async function getVisibleSchool(db: Db, id: number, userId: string | null): Promise<SchoolRow | undefined> {
  const [row] = await db.select().from(schools).where(and(eq(schools.id, id), visibleTo(userId))).limit(1);
  return row;
}

/** A directory school of the same city with the same name key (a parent adding it again gets this one). */
export async function findDirectorySchool(db: Db, cityCode: string, nameKey: string): Promise<SchoolRow | undefined> {
  const [row] = await db
    .select()
    .from(schools)
    .where(and(eq(schools.cityCode, cityCode), eq(schools.nameKey, nameKey), isNull(schools.ownerUserId)))
    .orderBy(asc(schools.id))
    .limit(1);
  return row;
}

/** The school `userId` added under this region and name key, if any. */
export async function findOwnSchool(db: Db, userId: string, regionCode: string, nameKey: string): Promise<SchoolRow | undefined> {
  const [row] = await db
    .select()
    .from(schools)
    .where(and(eq(schools.ownerUserId, userId), eq(schools.regionCode, regionCode), eq(schools.nameKey, nameKey)))
    .limit(1);
  return row;
}

export async function countOwnSchools(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schools).where(eq(schools.ownerUserId, userId));
  return row?.n ?? 0;
}

export type NewOwnSchool = Omit<typeof schools.$inferInsert, 'id' | 'verified' | 'ownerUserId' | 'colleges'> & { ownerUserId: string };

/**
 * Inserts the caller's school, or returns the one they added before with the
 * same name in the same region (the unique key makes two concurrent adds one row).
 */
export async function insertOwnSchool(db: Db, school: NewOwnSchool): Promise<{ row: SchoolRow; created: boolean }> {
  const [created] = await db.insert(schools).values({ ...school, verified: false }).onConflictDoNothing().returning();
  if (created) return { row: created, created: true };
  const existing = await findOwnSchool(db, school.ownerUserId, school.regionCode, school.nameKey);
  if (!existing) throw new Error('school insert conflicted but no row was found');
  return { row: existing, created: false };
}

/** Verified schools per city code (for /statistics). */
export async function countDirectoryByCity(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ cityCode: schools.cityCode, provinceCode: schools.provinceCode, n: count() })
    .from(schools)
    .where(isNull(schools.ownerUserId))
    .groupBy(schools.cityCode, schools.provinceCode);
  const out = new Map<string, number>();
  for (const r of rows) {
    out.set(r.cityCode, (out.get(r.cityCode) ?? 0) + r.n);
    out.set(r.provinceCode, (out.get(r.provinceCode) ?? 0) + r.n);
  }
  return out;
}

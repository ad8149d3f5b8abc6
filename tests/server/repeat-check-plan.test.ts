/**
 * The repeat-insurance check's plan (migrations 0019 and 0020): a connection that first
 * checks while application_forms is empty must not keep a sequential scan for
 * the table it grows into, and the check's GIN index takes its entries at
 * insert, so a check never reads a pending list of every recent form. Without
 * either, each submission's check read a share of the table that grew with it
 * (docs/performance.md, "The repeat check's plan"). PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_STATUSES } from "../../src/contract/policy-lifecycle.ts";
import { backends, makeTestApp, XUZHOU, type TestApp } from "./helpers.ts";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Migration 0018's generated column unnumbered_insureds, as its jsonpath (the column went in migration 0020). */
const UNNUMBERED_0018 = '$[*] ? (@.licenceType != "0" && !(@.licenceNo like_regex "^\\\\s*[0-9]{17}[0-9Xx]\\\\s*$"))';

describe.each(backends)(
  "the repeat check reads its indexes (%s)",
  (backend) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp({ backend });
    });
    afterAll(() => t.close());

    it("keeps an index plan on a connection that first planned it while the table was empty", async () => {
      const people = JSON.stringify([
        {
          document: [{ licenceNo: "320302201501010012" }],
          named: [{ name: "王小明", birthday: "2015-01-01" }],
          mainland: true,
        },
      ]);
      const live = sql`array[${sql.join(
        LIVE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}]::text[]`;
      await t.database.db.transaction(async (tx) => {
        const check = async () =>
          rows<{ taken: number | null }>(
            await tx.execute(
              sql`select covered_insured_index(${XUZHOU}, ${people}::jsonb, '2026-09-01'::timestamptz, '2027-09-01'::timestamptz, now(), ${live}) as taken`,
            ),
          )[0]!.taken;
        const scans = async () =>
          rows<{ seq: number; idx: number }>(
            await tx.execute(
              sql`select coalesce(seq_scan, 0)::int as seq, coalesce(idx_scan, 0)::int as idx from pg_stat_xact_user_tables where relname = 'application_forms'`,
            ),
          )[0] ?? { seq: 0, idx: 0 };
        // PL/pgSQL plans each statement for its first five calls and may keep a generic plan from the sixth.
        for (let call = 0; call < 8; call++) expect(await check()).toBeNull();
        const before = await scans();
        expect(await check()).toBeNull();
        const after = await scans();
        expect(after.seq - before.seq).toBe(0);
        expect(after.idx - before.idx).toBeGreaterThan(0);
      });
    });

    it("keys as unnumbered exactly the insured people migration 0018's rule held unnumbered", async () => {
      const person = (licenceType: unknown, licenceNo?: unknown) => ({
        name: "王小明",
        birthday: "2015-01-01",
        licenceType,
        ...(licenceNo === undefined ? {} : { licenceNo }),
      });
      const people = [
        person("0", "320302201501010012"),
        person("8", "320302201501010012"),
        person("8", " 32030220150101001x "),
        person("1", "E12345678"),
        person("1", "3203022015010100"),
        person("2"),
        person("0"),
        person(1, "E12345678"),
        person("1", 320302201501010),
      ];
      for (const insured of people) {
        const insureds = JSON.stringify([insured]);
        const [row] = rows<{ rule: boolean; keyed: boolean }>(
          await t.database.db.execute(sql`select
            jsonb_path_query_array(${insureds}::jsonb, ${UNNUMBERED_0018}::jsonpath) <> '[]'::jsonb as rule,
            'u:3:王小明|2015-01-01' = any (insured_identity_keys(${insureds}::jsonb)) as keyed`),
        );
        expect({ insured, unnumbered: row!.keyed }).toEqual({ insured, unnumbered: row!.rule });
      }
    });

    it("writes the GIN entries of insured people at insert, with no pending list to scan", async () => {
      const options = rows<{ name: string; options: string[] | null }>(
        await t.database.db.execute(
          sql`select relname as name, reloptions as options from pg_class where relname = 'application_forms_insured_keys_idx'`,
        ),
      );
      expect(options).toEqual([{ name: "application_forms_insured_keys_idx", options: ["fastupdate=off"] }]);
    });
  },
);

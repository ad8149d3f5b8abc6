-- The repeat check reads its GIN indexes,
-- and reads them without a pending list, whatever the table held when a
-- connection first planned it.
--
-- PL/pgSQL keeps each statement's plan for the session: five custom plans,
-- then a generic plan when it costs no more than they did. A connection that
-- first runs covered_insured_index while application_forms is nearly empty
-- (a new database, a new deployment) gets a sequential scan, which is the
-- cheapest plan for a page or two and stays cached while the table grows,
-- until autovacuum's next ANALYZE invalidates it (a minute or more later):
-- each check then reads every form. enable_seqscan = off for the function's
-- own statements makes the planner take the indexes whatever the table's size
-- (a sequential scan stays possible where no index applies); it is set for
-- the call only and restored when the function returns.
--
-- A GIN index with fastupdate (the default) keeps new entries in a pending
-- list that every scan reads in full until VACUUM merges it (PGlite has no
-- autovacuum: only at 4 MB); the check scans right after each insert, so it
-- read the entries of every form inserted since. fastupdate = off writes them
-- into the index at insert (a dearer insert, a check that no longer grows).
--
-- In the order bench (4,000 orders on a new database, auto_explain) the
-- check's median by quarter of the run was 0.52 / 1.59 / 2.69 / 3.14 ms with
-- the cached sequential scan, 0.61 / 1.84 / 3.47 / 5.28 ms with the indexes
-- and their pending lists, and 0.012-0.017 ms with both settings
-- (docs/performance.md, "The repeat check's plan").
ALTER FUNCTION covered_insured_index(text, jsonb, timestamptz, timestamptz, timestamptz, text[], bigint) SET enable_seqscan = off;
--> statement-breakpoint
ALTER INDEX "application_forms_insureds_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "application_forms_unnumbered_insureds_idx" SET (fastupdate = off);

-- Issue 15 (orders, twelfth stop): the repeat check's plan does not depend on
-- how many forms the table held when a connection first planned it.
--
-- PL/pgSQL keeps each statement's plan for the session: five custom plans,
-- then a generic plan when it costs no more than they did. A connection that
-- first runs covered_insured_index while application_forms is nearly empty
-- (a new database, a new deployment) gets a sequential scan, which is the
-- cheapest plan for a page or two and stays cached while the table grows,
-- until autovacuum's next ANALYZE invalidates it (a minute or more later):
-- each check then reads every form. In the order bench (4,000 orders on a
-- new database) the check's median went from 0.5 to 3.1 ms across the run
-- with that plan, against 0.3 ms with the GIN indexes' BitmapOr, and which
-- of the two a run got was down to timing (docs/performance.md, "The repeat
-- check's plan", twelfth stop). enable_seqscan = off for the function's own
-- statements makes the planner take the indexes whatever the table's size
-- (a sequential scan stays possible where no index applies); it is set for
-- the call only and restored when the function returns.
ALTER FUNCTION covered_insured_index(text, jsonb, timestamptz, timestamptz, timestamptz, text[], bigint) SET enable_seqscan = off;
--> statement-breakpoint
ALTER INDEX "application_forms_insureds_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "application_forms_unnumbered_insureds_idx" SET (fastupdate = off);

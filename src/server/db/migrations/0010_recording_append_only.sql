-- Traceable sales: recorded chunks and key steps are append-only.
-- The database refuses to change or remove them, whatever the application does.
CREATE OR REPLACE FUNCTION recording_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'recording rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER recording_chunks_append_only BEFORE UPDATE OR DELETE ON "recording_chunks" FOR EACH ROW EXECUTE FUNCTION recording_append_only();--> statement-breakpoint
CREATE TRIGGER recording_chunks_no_truncate BEFORE TRUNCATE ON "recording_chunks" FOR EACH STATEMENT EXECUTE FUNCTION recording_append_only();--> statement-breakpoint
CREATE TRIGGER recording_steps_append_only BEFORE UPDATE OR DELETE ON "recording_steps" FOR EACH ROW EXECUTE FUNCTION recording_append_only();--> statement-breakpoint
CREATE TRIGGER recording_steps_no_truncate BEFORE TRUNCATE ON "recording_steps" FOR EACH STATEMENT EXECUTE FUNCTION recording_append_only();

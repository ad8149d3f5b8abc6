CREATE TABLE "esign_sandbox_tasks" (
	"task_id" text PRIMARY KEY NOT NULL,
	"business_no" text NOT NULL,
	"title" text NOT NULL,
	"preview" jsonb NOT NULL,
	"signer_name" text NOT NULL,
	"signer_id_no" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'signing' NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"signature" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esign_sandbox_tasks_business_no_unique" UNIQUE("business_no")
);
--> statement-breakpoint
ALTER TABLE "offline_roster" ADD COLUMN "order_code" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "start_ip" text;--> statement-breakpoint
CREATE INDEX "recordings_start_ip_idx" ON "recordings" USING btree ("start_ip","created_at");--> statement-breakpoint
CREATE INDEX "recordings_unlinked_idx" ON "recordings" USING btree ("created_at") WHERE "recordings"."order_code" is null;--> statement-breakpoint
-- Retention (docs/recording.md): a recording never linked to an order (the sale was abandoned before
-- ordering) may be purged 90 days after it started; every other recorded row stays append-only.
-- The database itself decides: a DELETE of a chunk or step is refused unless its recording qualifies.
CREATE OR REPLACE FUNCTION recording_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (
      SELECT 1 FROM recordings r
      WHERE r.serial = OLD.serial AND r.order_code IS NULL AND r.created_at < now() - interval '90 days'
    ) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'recording rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
-- A recording row: deleted only when abandoned and past its 90 days; once linked to an order the link never changes.
CREATE OR REPLACE FUNCTION recording_retention() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.order_code IS NULL AND OLD.created_at < now() - interval '90 days' THEN
      RETURN OLD;
    END IF;
  ELSIF NEW.serial = OLD.serial AND (OLD.order_code IS NULL OR NEW.order_code IS NOT DISTINCT FROM OLD.order_code) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'recordings are kept for their retention period (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER recordings_retention BEFORE UPDATE OR DELETE ON "recordings" FOR EACH ROW EXECUTE FUNCTION recording_retention();--> statement-breakpoint
CREATE TRIGGER recordings_no_truncate BEFORE TRUNCATE ON "recordings" FOR EACH STATEMENT EXECUTE FUNCTION recording_append_only();

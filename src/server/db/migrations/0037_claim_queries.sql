ALTER TABLE "claims" ADD COLUMN "next_query_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "query_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "query_error" text;--> statement-breakpoint
CREATE INDEX "claims_query_due_idx" ON "claims" USING btree ("next_query_at") WHERE "claims"."next_query_at" is not null;
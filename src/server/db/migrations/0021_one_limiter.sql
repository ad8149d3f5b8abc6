CREATE TABLE "rate_limit_uses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_limit_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_uses_key_idx" ON "rate_limit_uses" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "rate_limit_uses_at_idx" ON "rate_limit_uses" USING btree ("at");--> statement-breakpoint
DROP TABLE "call_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "sms_sends" CASCADE;--> statement-breakpoint
DROP INDEX "recordings_start_ip_idx";

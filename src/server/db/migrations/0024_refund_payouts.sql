ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refund_no" text GENERATED ALWAYS AS ('RF' || lpad(id::text, 12, '0')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "platform_refund_no" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refused_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."next_attempt_at" is not null;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refund_no_unique" UNIQUE("refund_no");--> statement-breakpoint
UPDATE "refunds" SET "status" = 'succeeded', "next_attempt_at" = NULL WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'processing', 'succeeded', 'failed'));
ALTER TABLE "application_forms" ADD COLUMN "reward_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "application_forms" ADD COLUMN "reward_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_forms" ADD CONSTRAINT "application_forms_reward_rate_check" CHECK ("application_forms"."reward_rate_bp" between 0 and 10000);
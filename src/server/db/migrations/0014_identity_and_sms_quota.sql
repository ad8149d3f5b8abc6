ALTER TABLE "serials" ADD COLUMN "checked_hash" text;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD COLUMN "cleared" boolean DEFAULT false NOT NULL;
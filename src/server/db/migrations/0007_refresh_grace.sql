ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "rotated_for" text;
ALTER TABLE "identity_verifications" ADD COLUMN "face_vendor_token" text;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "face_reason" text;
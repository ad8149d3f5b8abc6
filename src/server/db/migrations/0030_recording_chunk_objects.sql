ALTER TABLE "recording_chunks" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recording_chunks" ADD COLUMN "object_key" text;--> statement-breakpoint
ALTER TABLE "recording_chunks" ADD CONSTRAINT "recording_chunks_data_check" CHECK (("recording_chunks"."data" is null) <> ("recording_chunks"."object_key" is null));
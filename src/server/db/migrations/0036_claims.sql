CREATE TABLE "claim_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" bigint NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "claim_files" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" bigint NOT NULL,
	"document" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_no" text NOT NULL,
	"application_form_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"insured_index" integer NOT NULL,
	"kind" text NOT NULL,
	"accident_date" text NOT NULL,
	"accident_place" text NOT NULL,
	"description" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_no_cipher" text NOT NULL,
	"account_no_masked" text NOT NULL,
	"status" text DEFAULT 'reported' NOT NULL,
	"amount_fen" integer,
	"insurer_note" text,
	"insurer_claim_no" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_claim_no_unique" UNIQUE("claim_no"),
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" in ('reported', 'reviewing', 'needMore', 'closed', 'declined')),
	CONSTRAINT "claims_kind_check" CHECK ("claims"."kind" in ('accidentOutpatient', 'accidentInpatient', 'accidentDeathDisability', 'illnessInpatient'))
);
--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_application_form_id_application_forms_id_fk" FOREIGN KEY ("application_form_id") REFERENCES "public"."application_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "claim_files_claim_idx" ON "claim_files" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "claims_form_idx" ON "claims" USING btree ("application_form_id");
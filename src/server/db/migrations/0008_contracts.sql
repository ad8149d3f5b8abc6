CREATE TABLE "contracts" (
	"contract_no" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_code" text NOT NULL,
	"status" text DEFAULT 'signing' NOT NULL,
	"holder_name" text NOT NULL,
	"holder_id_no" text NOT NULL,
	"insured_name" text NOT NULL,
	"insured_id_no" text NOT NULL,
	"school_name" text NOT NULL,
	"manager_employee_num" text NOT NULL,
	"esign_provider" text NOT NULL,
	"task_id" text,
	"sign_url" text,
	"document_sha256" text NOT NULL,
	"draft_key" text NOT NULL,
	"signed_key" text,
	"signed_at" timestamp with time zone,
	"last_event_seq" integer DEFAULT 0 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('signing', 'signed', 'expired', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "esign_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"contract_no" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esign_signers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"id_no" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_roster" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_roster_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_code" text NOT NULL,
	"id_no" text NOT NULL,
	"name" text NOT NULL,
	"school_name" text NOT NULL,
	"class_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"contract_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offline_roster_status_check" CHECK ("offline_roster"."status" in ('0', '1', '2'))
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_signers" ADD CONSTRAINT "esign_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_user_idx" ON "contracts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_roster_product_id_no" ON "offline_roster" USING btree ("product_code","id_no");
CREATE TABLE "promoter_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"promo_code" text NOT NULL,
	"manager_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoter_codes_promo_code_unique" UNIQUE("promo_code"),
	CONSTRAINT "promoter_codes_manager_code_unique" UNIQUE("manager_code")
);
--> statement-breakpoint
ALTER TABLE "application_forms" ADD COLUMN "promoter_user_id" uuid;--> statement-breakpoint
ALTER TABLE "application_forms" ADD COLUMN "agent_source" text;--> statement-breakpoint
ALTER TABLE "customer_managers" ADD COLUMN "source" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_managers" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "channel_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "roles" text[] DEFAULT '{broker}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promoter_codes" ADD CONSTRAINT "promoter_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_forms" ADD CONSTRAINT "application_forms_promoter_user_id_users_id_fk" FOREIGN KEY ("promoter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_forms_promoter_idx" ON "application_forms" USING btree ("promoter_user_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_managers_manager_idx" ON "customer_managers" USING btree ("manager_user_code");--> statement-breakpoint
ALTER TABLE "application_forms" ADD CONSTRAINT "application_forms_agent_source_check" CHECK ("application_forms"."agent_source" in ('promoCode', 'employeeNum', 'fixedAgent', 'manager'));--> statement-breakpoint
ALTER TABLE "customer_managers" ADD CONSTRAINT "customer_managers_source_check" CHECK ("customer_managers"."source" in ('link', 'order', 'staff'));
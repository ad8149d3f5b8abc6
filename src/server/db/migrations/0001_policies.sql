CREATE TABLE "policy_status_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_status_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_form_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"event" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_status_events_from_check" CHECK ("policy_status_events"."from_status" in ('toBePaid', 'paymentTimeout', 'waitIssue', 'issueFail', 'waitInsurance', 'guarantee', 'policyOverdue', 'surrender', 'cancel')),
	CONSTRAINT "policy_status_events_to_check" CHECK ("policy_status_events"."to_status" in ('toBePaid', 'paymentTimeout', 'waitIssue', 'issueFail', 'waitInsurance', 'guarantee', 'policyOverdue', 'surrender', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "temp_forms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "temp_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"user_id" uuid NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"form" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "temp_forms_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
ALTER TABLE "application_forms" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policy_status_events" ADD CONSTRAINT "policy_status_events_application_form_id_application_forms_id_fk" FOREIGN KEY ("application_form_id") REFERENCES "public"."application_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_status_events" ADD CONSTRAINT "policy_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_forms" ADD CONSTRAINT "temp_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_status_events_form_idx" ON "policy_status_events" USING btree ("application_form_id");--> statement-breakpoint
CREATE INDEX "temp_forms_user_idx" ON "temp_forms" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "application_forms_start_due_idx" ON "application_forms" USING btree ("start_date") WHERE "application_forms"."status" = 'waitInsurance';--> statement-breakpoint
CREATE INDEX "application_forms_end_due_idx" ON "application_forms" USING btree ("end_date") WHERE "application_forms"."status" in ('waitInsurance', 'guarantee');--> statement-breakpoint
CREATE INDEX "orders_pay_deadline_idx" ON "orders" USING btree ("pay_deadline") WHERE "orders"."status" = 'toBePaid';
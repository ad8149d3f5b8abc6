CREATE TABLE "application_forms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_form_code" text NOT NULL,
	"order_id" bigint NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"plan_code" text NOT NULL,
	"plan_name" text NOT NULL,
	"premium_fen" integer NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"holder" jsonb NOT NULL,
	"insureds" jsonb NOT NULL,
	"wards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"factors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"promo_code" text,
	"renewal" jsonb,
	"policy_no" text,
	"status" text DEFAULT 'toBePaid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "application_forms_application_form_code_unique" UNIQUE("application_form_code"),
	CONSTRAINT "application_forms_policy_no_unique" UNIQUE("policy_no"),
	CONSTRAINT "application_forms_status_check" CHECK ("application_forms"."status" in ('toBePaid', 'paymentTimeout', 'waitIssue', 'issueFail', 'waitInsurance', 'guarantee', 'policyOverdue', 'surrender', 'cancel')),
	CONSTRAINT "application_forms_premium_check" CHECK ("application_forms"."premium_fen" >= 0),
	CONSTRAINT "application_forms_copies_check" CHECK ("application_forms"."copies" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotent_serial_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'toBePaid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_order_code_unique" UNIQUE("order_code"),
	CONSTRAINT "orders_idempotent_serial_no_unique" UNIQUE("idempotent_serial_no"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('toBePaid', 'paymentTimeout', 'waitIssue', 'issueFail', 'waitInsurance', 'guarantee', 'policyOverdue', 'surrender', 'cancel')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pay_outs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_outs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_form_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"product_code" text NOT NULL,
	"start_time" text,
	"holder_code" text,
	"is_renewal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_outs_application_form_id_unique" UNIQUE("application_form_id")
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notify_id" text NOT NULL,
	"provider" text NOT NULL,
	"trade_no" text NOT NULL,
	"raw" text NOT NULL,
	"verified" boolean NOT NULL,
	"status" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_notifications_notify_id_unique" UNIQUE("notify_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"trade_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"subject" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_trade_no_unique" UNIQUE("trade_no"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'duplicate')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "resub_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "serials" (
	"serial" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sms_codes_purpose_check" CHECK ("sms_codes"."purpose" in ('login'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_code" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_user_code_unique" UNIQUE("user_code"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
ALTER TABLE "application_forms" ADD CONSTRAINT "application_forms_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_outs" ADD CONSTRAINT "pay_outs_application_form_id_application_forms_id_fk" FOREIGN KEY ("application_form_id") REFERENCES "public"."application_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_outs" ADD CONSTRAINT "pay_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resub_tokens" ADD CONSTRAINT "resub_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_forms_order_idx" ON "application_forms" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "application_forms_insureds_idx" ON "application_forms" USING gin ("insureds" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "resub_tokens_expires_idx" ON "resub_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_codes_phone_purpose_key" ON "sms_codes" USING btree ("phone","purpose");
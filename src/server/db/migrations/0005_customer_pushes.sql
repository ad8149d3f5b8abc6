CREATE TABLE "customer_pushes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_pushes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"promoter_user_id" uuid NOT NULL,
	"customer_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"product_code" text NOT NULL,
	"day" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_pushes_kind_check" CHECK ("customer_pushes"."kind" in ('product', 'renewal'))
);
--> statement-breakpoint
ALTER TABLE "customer_pushes" ADD CONSTRAINT "customer_pushes_promoter_user_id_users_id_fk" FOREIGN KEY ("promoter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_pushes" ADD CONSTRAINT "customer_pushes_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_pushes_daily_key" ON "customer_pushes" USING btree ("promoter_user_id","customer_user_id","day");
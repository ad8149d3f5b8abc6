CREATE TABLE "comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_code" text NOT NULL,
	"user_id" uuid,
	"login_account" text NOT NULL,
	"biz_no" text NOT NULL,
	"biz_type" text NOT NULL,
	"comment_node" text NOT NULL,
	"score_tenths" integer NOT NULL,
	"items" jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_node_check" CHECK ("comments"."comment_node" in ('00', '01')),
	CONSTRAINT "comments_biz_type_check" CHECK ("comments"."biz_type" in ('00', '01', '02')),
	CONSTRAINT "comments_score_check" CHECK ("comments"."score_tenths" between 10 and 50)
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comments_user_biz_node_key" ON "comments" USING btree ("user_id","biz_no","comment_node");--> statement-breakpoint
CREATE INDEX "comments_product_node_idx" ON "comments" USING btree ("product_code","comment_node","created_at");
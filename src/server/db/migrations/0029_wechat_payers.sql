CREATE TABLE "wechat_payers" (
	"user_id" uuid NOT NULL,
	"openid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_payers_user_id_openid_pk" PRIMARY KEY("user_id","openid")
);
--> statement-breakpoint
ALTER TABLE "wechat_payers" ADD CONSTRAINT "wechat_payers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
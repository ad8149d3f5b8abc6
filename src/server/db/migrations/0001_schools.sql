CREATE TABLE "schools" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"school_kind" text NOT NULL,
	"school_nature" text,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"county_code" text,
	"region_code" text NOT NULL,
	"address" text,
	"phone" text,
	"colleges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_owner_check" CHECK (("schools"."owner_user_id" is null) = "schools"."verified")
);
--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schools_directory_key" ON "schools" USING btree ("region_code","name_key") WHERE "schools"."owner_user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "schools_owner_key" ON "schools" USING btree ("owner_user_id","region_code","name_key") WHERE "schools"."owner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "schools_city_idx" ON "schools" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "schools_county_idx" ON "schools" USING btree ("county_code");
CREATE TABLE "sandbox_oauth_codes_used" (
	"code" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);

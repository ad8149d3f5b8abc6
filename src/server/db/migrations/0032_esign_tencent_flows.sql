CREATE TABLE "esign_tencent_flows" (
	"business_no" text PRIMARY KEY NOT NULL,
	"flow_id" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"sign_url" text,
	"sign_url_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esign_tencent_flows_flow_id_unique" UNIQUE("flow_id")
);

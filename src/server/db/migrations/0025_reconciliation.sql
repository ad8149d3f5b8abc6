CREATE TABLE "reconciliation_differences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_differences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reconciliation_id" bigint NOT NULL,
	"run" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"trade_no" text NOT NULL,
	"refund_no" text,
	"platform_no" text,
	"platform_amount_fen" integer,
	"local_amount_fen" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_differences_kind_check" CHECK ("reconciliation_differences"."kind" in ('unknown_here', 'missing_on_platform', 'amount_differs', 'refund_unseen')),
	CONSTRAINT "reconciliation_differences_subject_check" CHECK ("reconciliation_differences"."subject" in ('payment', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"bill_date" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_error" text,
	"bill_lines" integer,
	"matched" integer,
	"differences" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliations_status_check" CHECK ("reconciliations"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_reconciliation_id_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run_idx" ON "reconciliation_differences" USING btree ("reconciliation_id","run");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_day_unique" ON "reconciliations" USING btree ("provider","bill_date");--> statement-breakpoint
CREATE INDEX "reconciliations_due_idx" ON "reconciliations" USING btree ("next_attempt_at") WHERE "reconciliations"."next_attempt_at" is not null;
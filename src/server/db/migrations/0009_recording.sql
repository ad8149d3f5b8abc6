CREATE TABLE "recording_chunks" (
	"serial" text NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"size" integer NOT NULL,
	"event_count" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"pages" jsonb NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_steps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recording_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"step" text NOT NULL,
	"client_at" timestamp with time zone NOT NULL,
	"route" text NOT NULL,
	"product_code" text,
	"clause_name" text,
	"order_code" text,
	"result" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"serial" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"order_code" text,
	"product_code" text,
	"entry_route" text NOT NULL,
	"build" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recording_chunks" ADD CONSTRAINT "recording_chunks_serial_recordings_serial_fk" FOREIGN KEY ("serial") REFERENCES "public"."recordings"("serial") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_steps" ADD CONSTRAINT "recording_steps_serial_recordings_serial_fk" FOREIGN KEY ("serial") REFERENCES "public"."recordings"("serial") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_order_code_orders_order_code_fk" FOREIGN KEY ("order_code") REFERENCES "public"."orders"("order_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recording_chunks_key" ON "recording_chunks" USING btree ("serial","seq");--> statement-breakpoint
CREATE INDEX "recording_steps_serial_idx" ON "recording_steps" USING btree ("serial","client_at");--> statement-breakpoint
CREATE INDEX "recordings_order_idx" ON "recordings" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "recordings_user_idx" ON "recordings" USING btree ("user_id","created_at");
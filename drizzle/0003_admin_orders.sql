CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "credit_note_counters_sequence_nonnegative" CHECK ("credit_note_counters"."last_sequence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"order_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issue_date" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"pdf" "bytea",
	"pdf_rendered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_refund_uq" UNIQUE("refund_id"),
	CONSTRAINT "credit_notes_number_uq" UNIQUE("number"),
	CONSTRAINT "credit_notes_year_seq_uq" UNIQUE("year","sequence"),
	CONSTRAINT "credit_notes_sequence_positive" CHECK ("credit_notes"."sequence" > 0),
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "estimated_settlement_date" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_related_order_idx" ON "webhook_events" USING btree ("related_order_id");--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0);
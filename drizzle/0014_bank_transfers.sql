CREATE SEQUENCE "public"."order_transfer_vs_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 999999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"bank_reference" text NOT NULL,
	"order_id" text,
	"variable_symbol" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"booking_date" text NOT NULL,
	"counterparty" text,
	"source" text NOT NULL,
	"statement_id" text,
	"state" text NOT NULL,
	"payment_id" text,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_reference_uq" UNIQUE("bank_reference")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_variable_symbol" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_due_date" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_order_idx" ON "bank_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bank_transfers_state_idx" ON "bank_transfers" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transfer_vs_uq" UNIQUE("transfer_variable_symbol");
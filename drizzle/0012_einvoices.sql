CREATE TYPE "public"."e_invoice_state" AS ENUM('pending', 'invalid', 'sent', 'delivered', 'rejected');--> statement-breakpoint
CREATE TABLE "e_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"credit_note_id" text,
	"number" text NOT NULL,
	"xml" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"state" "e_invoice_state" DEFAULT 'pending' NOT NULL,
	"findings" jsonb,
	"validated_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "e_invoices_number_uq" UNIQUE("number"),
	CONSTRAINT "e_invoices_kind" CHECK (("e_invoices"."kind" = 'invoice' and "e_invoices"."credit_note_id" is null) or ("e_invoices"."kind" = 'credit_note' and "e_invoices"."credit_note_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "e_invoices_order_idx" ON "e_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "e_invoices_state_idx" ON "e_invoices" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_invoice_uq" ON "e_invoices" USING btree ("invoice_id") WHERE "e_invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_credit_note_uq" ON "e_invoices" USING btree ("credit_note_id") WHERE "e_invoices"."credit_note_id" is not null;--> statement-breakpoint
-- hand-written: an archived e-invoice keeps its document for 10 years (docs/decisions.md > E-invoices)
CREATE FUNCTION "e_invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'e-invoice % is archived for 10 years and is never deleted', OLD.number;
  END IF;
  IF NEW.xml IS DISTINCT FROM OLD.xml OR NEW.sha256 IS DISTINCT FROM OLD.sha256 OR NEW.number IS DISTINCT FROM OLD.number
     OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.invoice_id IS DISTINCT FROM OLD.invoice_id OR NEW.credit_note_id IS DISTINCT FROM OLD.credit_note_id THEN
    RAISE EXCEPTION 'the document of e-invoice % is immutable', OLD.number;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "e_invoices_immutable" BEFORE UPDATE OR DELETE ON "e_invoices" FOR EACH ROW EXECUTE FUNCTION "e_invoices_immutable"();

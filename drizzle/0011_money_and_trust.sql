ALTER TABLE "orders" ADD COLUMN "paying_payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
-- Orders paid before this migration: their paying payment is the oldest completed one (the
-- rule the code used until now; docs/decisions.md > The paying payment is recorded).
UPDATE "orders" AS o SET "paying_payment_id" = (
  SELECT p."id" FROM "payments" AS p WHERE p."order_id" = o."id" AND p."state" = 'completed'
  ORDER BY p."created_at", p."id" LIMIT 1
) WHERE o."paid_at" IS NOT NULL AND o."paying_payment_id" IS NULL;

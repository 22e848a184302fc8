ALTER TABLE "orders" ADD COLUMN "payment_redirect_url" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "outcome" text;--> statement-breakpoint
-- older databases may hold several pending orders of one student, course and buyer: the newest stays pending, the others expire
UPDATE "orders" SET "state" = 'expired' WHERE "state" = 'pending' AND "id" NOT IN (
  SELECT DISTINCT ON ("student_id", "course_id", coalesce("sponsor_org_id", '')) "id" FROM "orders" WHERE "state" = 'pending'
  ORDER BY "student_id", "course_id", coalesce("sponsor_org_id", ''), "created_at" DESC, "id" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_uq" ON "orders" USING btree ("student_id","course_id",coalesce("sponsor_org_id", '')) WHERE "orders"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD COLUMN "claimed_by" text;

CREATE TYPE "public"."seat_assignment_state" AS ENUM('pending', 'enrolled', 'revoked');--> statement-breakpoint
CREATE TABLE "club_billing" (
	"org_id" text PRIMARY KEY NOT NULL,
	"billing" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"org_id" text NOT NULL,
	"course_id" text NOT NULL,
	"person_id" text,
	"email" text,
	"display_name" text,
	"enrollment_id" text,
	"state" "seat_assignment_state" NOT NULL,
	"assigned_by" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_assignments_someone" CHECK ("seat_assignments"."person_id" is not null or "seat_assignments"."email" is not null)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_assignments_order_idx" ON "seat_assignments" USING btree ("order_id","state");--> statement-breakpoint
CREATE INDEX "seat_assignments_org_idx" ON "seat_assignments" USING btree ("org_id","course_id");--> statement-breakpoint
CREATE INDEX "seat_assignments_email_idx" ON "seat_assignments" USING btree ("email") WHERE "seat_assignments"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seats_range" CHECK ("orders"."seats" between 1 and 200);
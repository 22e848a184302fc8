CREATE TYPE "public"."certificate_request_state" AS ENUM('pending', 'issued');--> statement-breakpoint
CREATE TABLE "certificate_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"enrollment_id" text NOT NULL,
	"type" "certificate_type" NOT NULL,
	"level_id" text,
	"state" "certificate_request_state" DEFAULT 'pending' NOT NULL,
	"draft" jsonb NOT NULL,
	"certificate_id" text,
	"completed_by" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_requests_enrollment_type_level_uq" UNIQUE NULLS NOT DISTINCT("enrollment_id","type","level_id")
);
--> statement-breakpoint
CREATE INDEX "certificate_requests_state_idx" ON "certificate_requests" USING btree ("state","created_at");
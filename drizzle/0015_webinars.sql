CREATE TYPE "public"."webinar_reminder_kind" AS ENUM('day', 'hour');--> statement-breakpoint
CREATE TYPE "public"."webinar_state" AS ENUM('scheduled', 'cancelled');--> statement-breakpoint
CREATE TABLE "webinar_attendance_corrections" (
	"id" text PRIMARY KEY NOT NULL,
	"webinar_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"attended" boolean NOT NULL,
	"reason" text NOT NULL,
	"corrected_by" text NOT NULL,
	"corrected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webinar_calendar_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"student_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webinar_joins" (
	"id" text PRIMARY KEY NOT NULL,
	"webinar_id" text NOT NULL,
	"student_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webinar_reminders" (
	"id" text PRIMARY KEY NOT NULL,
	"webinar_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"kind" "webinar_reminder_kind" NOT NULL,
	"sequence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webinars" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"join_url" text NOT NULL,
	"lecturer" text,
	"level_id" text,
	"attendance_required" boolean DEFAULT false NOT NULL,
	"state" "webinar_state" DEFAULT 'scheduled' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"recording_playback_id" text,
	"recording_asset_id" text,
	"recording_duration_sec" integer,
	"recording_upload_id" text,
	"recording_upload_status" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webinar_attendance_corrections" ADD CONSTRAINT "webinar_attendance_corrections_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_joins" ADD CONSTRAINT "webinar_joins_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_reminders" ADD CONSTRAINT "webinar_reminders_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_attendance_corrections_one" ON "webinar_attendance_corrections" USING btree ("webinar_id","enrollment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_calendar_feeds_live" ON "webinar_calendar_feeds" USING btree ("student_id") WHERE "webinar_calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "webinar_joins_webinar_idx" ON "webinar_joins" USING btree ("webinar_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_reminders_once" ON "webinar_reminders" USING btree ("webinar_id","enrollment_id","kind","sequence");--> statement-breakpoint
CREATE INDEX "webinars_course_idx" ON "webinars" USING btree ("course_id","starts_at");
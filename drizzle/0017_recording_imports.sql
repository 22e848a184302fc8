CREATE TABLE "webinar_recording_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"webinar_id" text NOT NULL,
	"resource" text NOT NULL,
	"recording_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"upload_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webinar_recording_views" (
	"id" text PRIMARY KEY NOT NULL,
	"webinar_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"progress" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "online_meeting_id" text;--> statement-breakpoint
ALTER TABLE "webinar_recording_imports" ADD CONSTRAINT "webinar_recording_imports_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_recording_views" ADD CONSTRAINT "webinar_recording_views_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_recording_imports_once" ON "webinar_recording_imports" USING btree ("webinar_id","recording_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_recording_views_one" ON "webinar_recording_views" USING btree ("webinar_id","enrollment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webinars_online_meeting_uq" ON "webinars" USING btree ("online_meeting_id") WHERE "webinars"."online_meeting_id" is not null;
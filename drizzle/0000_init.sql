CREATE TYPE "public"."course_state" AS ENUM('draft', 'published', 'archived', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."test_placement" AS ENUM('part', 'level', 'course');--> statement-breakpoint
CREATE TYPE "public"."attempt_state" AS ENUM('in_progress', 'submitted', 'expired');--> statement-breakpoint
CREATE TYPE "public"."enrollment_reason" AS ENUM('paid', 'admin_grant', 'sponsor');--> statement-breakpoint
CREATE TYPE "public"."enrollment_state" AS ENUM('active', 'completed', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."part_state" AS ENUM('locked', 'available', 'in_progress', 'completed');--> statement-breakpoint
CREATE TYPE "public"."billing_type" AS ENUM('personal', 'company');--> statement-breakpoint
CREATE TYPE "public"."order_state" AS ENUM('pending', 'paid', 'failed', 'expired', 'refunded', 'disputed');--> statement-breakpoint
CREATE TYPE "public"."refund_state" AS ENUM('pending', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."certificate_type" AS ENUM('final', 'intermediate');--> statement-breakpoint
CREATE TYPE "public"."webhook_provider" AS ENUM('payment', 'video', 'meetings');--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"description" text DEFAULT '' NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"cover_image_url" text,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"vat_rate_bp" integer DEFAULT 2000 NOT NULL,
	"vat_included" boolean DEFAULT true NOT NULL,
	"target_audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text DEFAULT 'sk' NOT NULL,
	"duration_hours" double precision DEFAULT 0 NOT NULL,
	"course_test_id" text,
	"course_test_required" boolean DEFAULT true NOT NULL,
	"instructors" text[] DEFAULT '{}'::text[] NOT NULL,
	"instructor_profiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accreditation" jsonb,
	"state" "course_state" DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"previous_version_id" text,
	"published_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"enrollment_limit" integer,
	"enrollment_deadline" timestamp with time zone,
	"seo_title" text,
	"seo_description" text,
	"og_image_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"published_by" text,
	CONSTRAINT "courses_slug_version_uq" UNIQUE("slug","version"),
	CONSTRAINT "courses_vat_rate_bp_range" CHECK ("courses"."vat_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"order_index" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"estimated_hours" double precision DEFAULT 0 NOT NULL,
	"topic_sequencing" text DEFAULT 'flexible' NOT NULL,
	"issues_intermediate_certificate" boolean DEFAULT false NOT NULL,
	"level_test_id" text,
	"level_test_required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_course_slug_uq" UNIQUE("course_id","slug")
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"topic_id" text NOT NULL,
	"title" text NOT NULL,
	"estimated_minutes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modules_topic_uq" UNIQUE("topic_id")
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"module_id" text NOT NULL,
	"order_index" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"content_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prerequisites" text[] DEFAULT '{}'::text[] NOT NULL,
	"part_test_id" text,
	"part_test_required" boolean DEFAULT false NOT NULL,
	"required_for_completion" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_module_slug_uq" UNIQUE("module_id","slug")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"test_id" text NOT NULL,
	"order_index" integer NOT NULL,
	"type" text DEFAULT 'single_choice' NOT NULL,
	"text" text NOT NULL,
	"weight" double precision DEFAULT 1 NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted_answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"explanation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"placement" "test_placement" NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"passing_score" double precision DEFAULT 0.7 NOT NULL,
	"time_limit_sec" integer DEFAULT 1800 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"cooldown_minutes" integer DEFAULT 0 NOT NULL,
	"selection_mode" text DEFAULT 'all' NOT NULL,
	"question_count" integer,
	"randomize_answer_order" boolean DEFAULT true NOT NULL,
	"show_answers_after" text DEFAULT 'submit' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"level_id" text NOT NULL,
	"order_index" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"icon_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topics_level_slug_uq" UNIQUE("level_id","slug")
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"course_version_id" text NOT NULL,
	"course_title" text NOT NULL,
	"course_slug" text NOT NULL,
	"student_id" text NOT NULL,
	"student_display_name" text NOT NULL,
	"student_email" text,
	"state" "enrollment_state" DEFAULT 'active' NOT NULL,
	"reason" "enrollment_reason" NOT NULL,
	"grant_reason" text,
	"sponsor_org_id" text,
	"order_id" text,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"access_expires_at" timestamp with time zone,
	"current_level_id" text,
	"progress" jsonb NOT NULL,
	"intermediate_certificate_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"final_certificate_id" text,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"suspended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_completions" (
	"id" text PRIMARY KEY NOT NULL,
	"enrollment_id" text NOT NULL,
	"level_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_completions_uq" UNIQUE("enrollment_id","level_id")
);
--> statement-breakpoint
CREATE TABLE "module_completions" (
	"id" text PRIMARY KEY NOT NULL,
	"enrollment_id" text NOT NULL,
	"module_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_completions_uq" UNIQUE("enrollment_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "part_progress" (
	"id" text PRIMARY KEY NOT NULL,
	"enrollment_id" text NOT NULL,
	"part_id" text NOT NULL,
	"state" "part_state" NOT NULL,
	"block_progress" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_progress_uq" UNIQUE("enrollment_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"test_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"student_id" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"state" "attempt_state" DEFAULT 'in_progress' NOT NULL,
	"score" double precision,
	"passed" boolean,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"question_snapshots" jsonb NOT NULL,
	"question_order" text[] NOT NULL,
	"answer_orders" jsonb NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_attempts_number_uq" UNIQUE("test_id","enrollment_id","attempt_number")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_counters_sequence_nonnegative" CHECK ("invoice_counters"."last_sequence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issue_date" text NOT NULL,
	"supply_date" text NOT NULL,
	"variable_symbol" text NOT NULL,
	"pdf" "bytea",
	"pdf_rendered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_order_uq" UNIQUE("order_id"),
	CONSTRAINT "invoices_number_uq" UNIQUE("number"),
	CONSTRAINT "invoices_year_seq_uq" UNIQUE("year","sequence"),
	CONSTRAINT "invoices_sequence_positive" CHECK ("invoices"."sequence" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"course_version_id" text NOT NULL,
	"course_title" text NOT NULL,
	"student_id" text NOT NULL,
	"student_display_name" text NOT NULL,
	"student_email" text,
	"sponsor_org_id" text,
	"billing_type" "billing_type" NOT NULL,
	"billing_details" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"vat_rate_bp" integer DEFAULT 2000 NOT NULL,
	"state" "order_state" DEFAULT 'pending' NOT NULL,
	"payment_session_id" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"invoice_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_vat_rate_bp_range" CHECK ("orders"."vat_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"state" text NOT NULL,
	"method" text,
	"card_brand" text,
	"card_last4" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_gateway_tx_uq" UNIQUE("gateway","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"also_cancel_enrollment" boolean DEFAULT false NOT NULL,
	"state" "refund_state" DEFAULT 'pending' NOT NULL,
	"gateway_refund_id" text,
	"requested_by" text NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"type" "certificate_type" NOT NULL,
	"student_id" text NOT NULL,
	"student_display_name" text NOT NULL,
	"student_birth_date" date,
	"course_id" text NOT NULL,
	"course_version_id" text NOT NULL,
	"course_title" text NOT NULL,
	"level_id" text,
	"level_title" text,
	"enrollment_id" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" jsonb NOT NULL,
	"registration_number" text NOT NULL,
	"verification_hash" text NOT NULL,
	"pdf_url" text,
	"certificate_title" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_registration_uq" UNIQUE("registration_number"),
	CONSTRAINT "certificates_enrollment_type_level_uq" UNIQUE NULLS NOT DISTINCT("enrollment_id","type","level_id")
);
--> statement-breakpoint
CREATE TABLE "consumed_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"ico" text,
	"type" text,
	"last_synced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"idp_sid" text,
	"token_hash" text NOT NULL,
	"previous_token_hash" text,
	"rotated_at" timestamp with time zone,
	"tokens" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"auth_time" timestamp with time zone,
	"acr" text,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"email" text,
	"avatar_url" text,
	"roles" text[] NOT NULL,
	"provider_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"organizations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sponsor_org_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"purchase_org_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_synced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"actor_roles" text[],
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"reason" text,
	"details" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"response_headers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_route_key_pk" PRIMARY KEY("user_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" "webhook_provider" NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" text NOT NULL,
	"signature" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"processing_result" text,
	"error_message" text,
	"related_order_id" text,
	CONSTRAINT "webhook_events_provider_event_uq" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "mail_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"transport" text,
	"message_id" text,
	"recipient" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_addresses" text[] NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"raw" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_message_id_uq" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"outbox_id" text NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "mail_outbox_attachments_position_uq" UNIQUE("outbox_id","position")
);
--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_version_id_courses_id_fk" FOREIGN KEY ("course_version_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_completions" ADD CONSTRAINT "level_completions_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_completions" ADD CONSTRAINT "module_completions_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_progress" ADD CONSTRAINT "part_progress_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_progress" ADD CONSTRAINT "part_progress_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD CONSTRAINT "mail_outbox_attachments_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_one_published_per_slug" ON "courses" USING btree ("slug") WHERE "courses"."state" = 'published';--> statement-breakpoint
CREATE INDEX "courses_state_idx" ON "courses" USING btree ("state");--> statement-breakpoint
CREATE INDEX "courses_tags_idx" ON "courses" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "levels_course_idx" ON "levels" USING btree ("course_id","order_index");--> statement-breakpoint
CREATE INDEX "parts_module_idx" ON "parts" USING btree ("module_id","order_index");--> statement-breakpoint
CREATE INDEX "questions_test_idx" ON "questions" USING btree ("test_id","order_index");--> statement-breakpoint
CREATE INDEX "tests_course_idx" ON "tests" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "topics_level_idx" ON "topics" USING btree ("level_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_one_active" ON "enrollments" USING btree ("student_id","course_id") WHERE "enrollments"."state" = 'active';--> statement-breakpoint
CREATE INDEX "enrollments_student_idx" ON "enrollments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "enrollments_course_idx" ON "enrollments" USING btree ("course_version_id","state");--> statement-breakpoint
CREATE INDEX "test_attempts_student_idx" ON "test_attempts" USING btree ("student_id","test_id");--> statement-breakpoint
CREATE INDEX "orders_student_idx" ON "orders" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "certificates_student_idx" ON "certificates" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "consumed_tokens_expires_idx" ON "consumed_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "organizations_last_synced_idx" ON "organizations" USING btree ("last_synced_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_sid_idx" ON "sessions" USING btree ("idp_sid");--> statement-breakpoint
CREATE INDEX "users_last_synced_idx" ON "users" USING btree ("last_synced_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");
CREATE TABLE "test_question_stats" (
	"test_id" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_submitted_at" timestamp with time zone,
	"computed_at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_question_stats" ADD CONSTRAINT "test_question_stats_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "level_completions_level_idx" ON "level_completions" USING btree ("level_id");--> statement-breakpoint
CREATE INDEX "module_completions_module_idx" ON "module_completions" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "part_progress_completed_part_idx" ON "part_progress" USING btree ("part_id") WHERE "part_progress"."state" = 'completed';--> statement-breakpoint
CREATE INDEX "test_attempts_counted_idx" ON "test_attempts" USING btree ("test_id","enrollment_id","passed","attempt_number","score") WHERE "test_attempts"."submitted_at" is not null and "test_attempts"."voided_at" is null;
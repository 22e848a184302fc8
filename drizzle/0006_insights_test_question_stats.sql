CREATE TABLE "test_question_stats" (
	"test_id" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_submitted_at" timestamp with time zone,
	"computed_at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_question_stats" ADD CONSTRAINT "test_question_stats_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;
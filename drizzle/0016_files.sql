CREATE TYPE "public"."file_kind" AS ENUM('presentation', 'image', 'attachment', 'cover', 'avatar', 'captions');--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"sha256" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_pk" PRIMARY KEY("sha256","seq")
);
--> statement-breakpoint
CREATE TABLE "file_contents" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size_bytes" integer NOT NULL,
	"chunk_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_contents_size_ck" CHECK ("file_contents"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "file_variants" (
	"source_sha256" text NOT NULL,
	"variant" text NOT NULL,
	"sha256" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "file_variants_pk" PRIMARY KEY("source_sha256","variant")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"kind" "file_kind" NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"pages" integer,
	"width" integer,
	"height" integer,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"derived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "cover_file_id" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "og_image_file_id" text;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_sha256_file_contents_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_contents"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_variants" ADD CONSTRAINT "file_variants_source_sha256_file_contents_sha256_fk" FOREIGN KEY ("source_sha256") REFERENCES "public"."file_contents"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_variants" ADD CONSTRAINT "file_variants_sha256_file_contents_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_contents"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_sha256_file_contents_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_contents"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_variants_sha256_idx" ON "file_variants" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
-- Stored bytes are immutable: an UPDATE of a content or a chunk is refused by the database itself (server/files)
CREATE FUNCTION "file_bytes_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'stored file bytes are immutable (%)', TG_TABLE_NAME; END $$;--> statement-breakpoint
CREATE TRIGGER "file_contents_immutable" BEFORE UPDATE ON "file_contents" FOR EACH ROW EXECUTE FUNCTION "file_bytes_immutable"();--> statement-breakpoint
CREATE TRIGGER "file_chunks_immutable" BEFORE UPDATE ON "file_chunks" FOR EACH ROW EXECUTE FUNCTION "file_bytes_immutable"();

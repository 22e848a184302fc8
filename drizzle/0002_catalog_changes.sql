-- Catalog changes, heard by every app instance (server/catalog/cache.ts): any statement on
-- the tables the public catalog is read from bumps catalog_version and NOTIFYs
-- catalog_changed with the new value; PostgreSQL delivers the notification when the
-- transaction commits (and never for one rolled back). Statement-level, so a bulk write
-- notifies once. Hand-written (drizzle-kit generate --custom): keep it when regenerating.
CREATE SEQUENCE IF NOT EXISTS "catalog_version";
--> statement-breakpoint
SELECT nextval('catalog_version');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', nextval('catalog_version')::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "levels_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "levels" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "topics_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "topics" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "modules_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "modules" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "parts_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parts" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();

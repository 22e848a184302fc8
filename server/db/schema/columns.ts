import { customType, text, timestamp } from "drizzle-orm/pg-core";
import { newId } from "../ids";

/** 24-char hex primary key in ObjectId layout. */
export const idPk = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
/** Reference to another 24-char id. */
export const idRef = (name: string) => text(name);
/** UTC timestamp with time zone, read as Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => ts("created_at").notNull().defaultNow();
export const updatedAt = () =>
  ts("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Binary data (PostgreSQL bytea), read as Uint8Array on both drivers (node-postgres gives
 * a Buffer, which is one; PGlite a plain Uint8Array). Used for stored PDFs and mail.
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBufferLike)),
});

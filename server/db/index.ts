export { openDatabase, migrationsFolder } from "./client";
export type { Database, DatabaseHandle, DbOrTx, Tx } from "./client";
export { newId, isId, ID_PATTERN } from "./ids";
export * as schema from "./schema";

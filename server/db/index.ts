export { openDatabase, migrationsFolder, migrationsCurrent, DatabaseUnreachableError, redactDatabaseUrl } from "./client";
export type { Database, DatabaseHandle, DbOrTx, Tx } from "./client";
export { newId, isId, ID_PATTERN } from "./ids";
export * as schema from "./schema";

export { openDatabase, observeDatabaseQueries, migrationsFolder, migrationsCurrent, DatabaseUnreachableError, redactDatabaseUrl } from "./client";
export type { Database, DatabaseHandle, DbOrTx, Tx } from "./client";
export { listenChannel, type ChannelListener, type ChannelSubscriber } from "./notify";
export { newId } from "./ids";
export { prepared } from "./prepared";
export * as schema from "./schema";

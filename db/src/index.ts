export { attachSocket, type Database, type DatabaseMode, DatabaseStartError, openDatabase, type Sql } from "./client";
export { assertDataDirFree, DataDirLockedError } from "./data-dir-lock";
export { loadMigrations, migrate } from "./migrate";

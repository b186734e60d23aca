export {
  attachSocket,
  type Database,
  type DatabaseAddress,
  type DatabaseMode,
  DatabaseStartError,
  hostEmbeddedDatabase,
  openDatabase,
  type Sql,
} from "./client";
export { assertDataDirFree, DataDirLockedError } from "./data-dir-lock";
export { loadMigrations, migrate } from "./migrate";

// `bun run audit:verify [--account N]`: recomputes every row's hash of the audit trail (DATABASE_URL or the embedded
// database in DATA_DIR) and says whether each chain is whole, naming the first row that is not. Exits 1 when one is
// broken. With the embedded database, stop the server first: it holds the data folder.
import { parseArgs } from "node:util";
import { openDatabase } from "@cm/db";
import { describeVerification, verifyAudit } from "../src/modules/audit/verify-report";

const { values } = parseArgs({ options: { account: { type: "string" } } });
const account = values.account === undefined ? undefined : Number(values.account);
if (account !== undefined && !Number.isSafeInteger(account)) {
  console.error("--account must be an account id (a number)");
  process.exit(2);
}
const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? "./data" });
try {
  const result = await verifyAudit(db.sql, account);
  console.log(describeVerification(result));
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await db.close();
}

// `bun run records:verify FILE.zip`: checks an export against its manifest (docs/records.md). Exit 0 when every
// file matches, 1 naming what does not, 2 when the file cannot be read as an export.
import { verifyExport } from "../src/modules/records-export/verify-export";

const path = process.argv[2];
if (!path) {
  console.error("usage: bun run records:verify FILE.zip");
  process.exit(2);
}
try {
  const result = await verifyExport(path);
  for (const problem of result.problems) console.log(`FAILED ${problem}`);
  if (result.ok) {
    console.log(`OK ${result.files} files match manifest.json; export SHA-256 ${result.exportSha256}`);
    console.log("Compare that digest with the export's row in the audit trail (records.exported / account.exported).");
  }
  process.exit(result.ok ? 0 : 1);
} catch (error) {
  console.error(`cannot verify ${path}: ${(error as Error).message}`);
  process.exit(2);
}

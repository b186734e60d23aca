import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/client";

// The default 128MB of shared buffers was resident from the first query: 410 MB RSS for an idle server.
test("the embedded database starts with 32MB of shared buffers, or the size asked for", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cm-embedded-"));
  try {
    let db = await openDatabase({ dataDir });
    expect((await db.sql`show shared_buffers`)[0]).toEqual({ shared_buffers: "32MB" });
    await db.close();
    db = await openDatabase({ dataDir, embeddedSharedBuffers: "48MB" });
    expect((await db.sql`show shared_buffers`)[0]).toEqual({ shared_buffers: "48MB" });
    await db.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

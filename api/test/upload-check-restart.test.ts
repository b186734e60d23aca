// Issue 37: an app process killed during an upload's final check blocked that upload for 302 s (the check's claim ran
// five minutes). Now a process of a supervised group, started again under its name, frees the checks its previous
// life left, so the client finishes at once after the restart; another process's check stays its own; and a claim
// nobody renews (a process started on its own that died) runs out in CHECK_CLAIM_SECONDS. Two servers in turn on one
// database, as a restart is.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, migrate, openDatabase } from "@cm/db";
import { CHECK_CLAIM_SECONDS, claimUploadCheck } from "@cm/db/queries/resumable-uploads";
import { createTestDatabase, testTarget } from "@cm/db/testing";
import { uploadCheckOwner } from "../src/modules/uploads/check-owner";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { createUpload, patchUpload } from "./support/tus-steps";
import { startTestServer, type TestServer } from "./test-server";

/** A database that outlives the servers started on it: each server gets (and closes) its own connection. */
let base: Database | undefined;
let embeddedDir: string | undefined;
let migrated = false;

async function openShared(): Promise<Database> {
  if (testTarget() === "native") {
    base ??= await createTestDatabase();
    if (!("url" in base.address)) throw new Error("a native test database has a URL");
    return openDatabase({ url: base.address.url, max: 4 });
  }
  embeddedDir ??= mkdtempSync(join(tmpdir(), "cm-check-restart-"));
  const db = await openDatabase({ dataDir: embeddedDir });
  if (!migrated) await migrate(db.sql);
  migrated = true;
  return db;
}

const dataDir = mkdtempSync(join(tmpdir(), "cm-check-restart-data-"));
const start = async (name: string) =>
  startTestServer({ DATA_DIR: dataDir, CLUSTER_PROCESS: name }, { database: await openShared() });

const line = "Advisor: We agreed to rebalance the portfolio before the June review.\n";
const bytes = new Uint8Array(Buffer.from(line.repeat(40)));
let users = 0;

/**
 * An upload with every byte but the last received by `server`, whose check the process `owner` then claimed: the
 * state a process killed during the final check leaves (the claim taken, the check never ended).
 */
async function uploadLeftInCheck(server: TestServer, owner: string) {
  const user = await createSignedInUser(server.ctx.db.sql, `restart${Date.now()}${++users}`);
  const client = await server.fetch("/api/clients", json({ name: "Lindqvist Trust", type: "Trust" }, user.cookie));
  const meeting = { title: "Review", clientId: (await client.json()).id, date: "2026-05-04T10:00:00Z" };
  const created = await createUpload(server, user.cookie, meeting, bytes.length, "text/plain");
  const location = created.headers.get("location")!;
  const id = location.split("/").pop()!;
  expect((await patchUpload(server, user.cookie, location, 0, bytes.slice(0, -1))).status).toBe(204);
  expect(await claimUploadCheck(server.ctx.db.sql, id, owner)).toBe(true);
  return { cookie: user.cookie, location, id };
}

const sendLastByte = (server: TestServer, upload: { cookie: string; location: string }) =>
  patchUpload(server, upload.cookie, upload.location, bytes.length - 1, bytes.slice(-1));
/** What a tus client does after an error: HEAD says every byte is there, so an empty PATCH asks for the end. */
const askToFinish = (server: TestServer, upload: { cookie: string; location: string }) =>
  patchUpload(server, upload.cookie, upload.location, bytes.length, new Uint8Array(0));

describe("an upload whose check was cut off by a process's death", () => {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await start("web-1");
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await base?.close();
    if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("is finished at once once its process is started again under its name", async () => {
    const upload = await uploadLeftInCheck(server!, uploadCheckOwner(server!.ctx.config));
    // Before the restart the check is still taken to be running.
    expect((await sendLastByte(server!, upload)).status).toBe(409);
    await server!.stop();
    server = await start("web-1");
    const finished = await askToFinish(server, upload);
    expect(finished.status).toBe(204);
    expect(finished.headers.get("meeting-id")).toMatch(/^\d+$/);
  }, 60_000);

  // An embedded database has one process only, which frees every check at its start.
  test.skipIf(testTarget() !== "native")(
    "a check of another process of the group is not freed by this one's restart",
    async () => {
      const other = uploadCheckOwner({ processName: "web-2" });
      const upload = await uploadLeftInCheck(server!, other);
      await server!.stop();
      server = await start("web-1");
      expect((await askToFinish(server, upload)).status).toBe(409);
    },
    60_000,
  );

  test(`a claim nobody renewed for ${CHECK_CLAIM_SECONDS} s is taken over`, async () => {
    const upload = await uploadLeftInCheck(server!, uploadCheckOwner({ processName: "web-2" }));
    await server!.ctx.db.sql`update resumable_uploads
      set checking_since = now() - make_interval(secs => ${CHECK_CLAIM_SECONDS + 1}) where id = ${upload.id}`;
    const finished = await sendLastByte(server!, upload);
    expect(finished.status).toBe(204);
    expect(finished.headers.get("meeting-id")).toMatch(/^\d+$/);
  });
});

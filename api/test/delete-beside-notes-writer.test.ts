// A deletion that meets the worker writing the same meeting's notes must not fail (CI, 27 Nov 2026: "deleting a
// client removes its meetings and files" answered 503, "deadlock detected"). The worker's transaction holds a
// key-share lock on the meeting (it inserted a row under it) and then needs one on the client; the deletion holds
// the client row and waits for the meeting: PostgreSQL rolls one side back. Here that cycle is made on purpose with
// a second connection, so the deletion is the side rolled back; it must run again and succeed once the writer is
// done. PostgreSQL only: the embedded database has one connection, so no two transactions wait on each other.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { testTarget } from "@cm/db/testing";
import { json, registerAndSignIn } from "./auth-helpers";
import { isStored } from "./support/stored-files";
import { startTestServer, type TestServer } from "./test-server";

const native = testTarget() === "native";
if (!native) console.log("[skip] delete-beside-notes-writer: needs PostgreSQL (TEST_DB_TARGET=native)");

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  if (!native) return;
  server = await startTestServer({ OFFLINE_SPEECH: "off" });
  ({ cookie } = await registerAndSignIn(server));
});
afterAll(async () => {
  await server?.stop();
});

async function clientWithMeeting(name: string) {
  const client = (await (
    await server.fetch("/api/clients", json({ name, type: "Wealth Management" }, cookie))
  ).json()) as {
    id: number;
  };
  const form = new FormData();
  form.set("meetingData", JSON.stringify({ title: "Review", clientId: client.id, date: "2026-03-05T12:00:00Z" }));
  form.set("audioFile", new Blob(["Ann: Hello.\nBob: Hi."]), "review.txt");
  const upload = await server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } });
  expect(upload.status).toBe(201);
  const meeting = (await upload.json()) as { id: number };
  const [row] = await server.ctx.db.sql`select audio_path from meetings where id = ${meeting.id}`;
  return { clientId: client.id, meetingId: meeting.id, audioPath: row!.audio_path as string };
}

/** True once some other connection waits for a lock (the deletion, behind the writer). */
async function someoneWaitsForALock(): Promise<boolean> {
  const [row] = await server.ctx.db.sql`
    select count(*)::int as n from pg_stat_activity
    where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()`;
  return row!.n > 0;
}

async function untilTrue(check: () => Promise<boolean>, what: string) {
  for (let tries = 0; tries < 400; tries++) {
    if (await check()) return;
    await Bun.sleep(25);
  }
  throw new Error(`never: ${what}`);
}

test.if(native)("a client deleted while its meeting's notes are written is deleted, with its file", async () => {
  const { clientId, meetingId, audioPath } = await clientWithMeeting("Deadlock Client");
  let deletion: Promise<Response> | undefined;
  await server.ctx.db.sql.begin(async (writer) => {
    // As the worker's insert of a row under the meeting does.
    await writer`select 1 from meetings where id = ${meetingId} for key share`;
    deletion = server.fetch(`/api/clients/${clientId}`, { method: "DELETE", headers: { cookie } });
    await untilTrue(someoneWaitsForALock, "the deletion waits behind the writer");
    // As a row that refers to the client would: this closes the cycle, and the deletion (waiting longer) is rolled back.
    await writer`select 1 from clients where id = ${clientId} for key share`;
  });
  const response = await deletion!;
  expect({ status: response.status, body: await response.json() }).toEqual({
    status: 200,
    body: { message: "Client deleted" },
  });
  expect(await isStored(server.ctx.storage, audioPath)).toBe(false);
  const [left] = await server.ctx.db.sql`select count(*)::int as n from meetings where id = ${meetingId}`;
  expect(left!.n).toBe(0);
});

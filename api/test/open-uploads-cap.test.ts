// At most 20 unfinished resumable uploads per account (each may hold up to 500 MB on disk), also when they are
// created at once, by one process or several: the count and the insert are one step under the account's row lock.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { MAX_OPEN_UPLOADS_PER_USER } from "../src/modules/uploads/create-upload";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { TUS, uploadMetadata } from "./support/tus-steps";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

test("uploads created at once never take an account past its unfinished uploads", async () => {
  const user = await createSignedInUser(server.ctx.db.sql, `opencap${Date.now()}`);
  const client = await server.fetch("/api/clients", json({ name: "Marsh Holdings", type: "Business" }, user.cookie));
  const clientId = (await client.json()).id as number;
  const meetingData = { title: "Board minutes", clientId, date: "2026-05-04T10:00:00Z" };
  const create = () =>
    server.fetch("/api/uploads", {
      method: "POST",
      headers: {
        ...TUS,
        cookie: user.cookie,
        "upload-length": "2000",
        "upload-metadata": uploadMetadata(meetingData, "minutes.vtt", "text/vtt"),
      },
    });
  const open = MAX_OPEN_UPLOADS_PER_USER - 5;
  for (let i = 0; i < open; i++) expect((await create()).status).toBe(201);
  const statuses = (await Promise.all(Array.from({ length: 12 }, create))).map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  const [row] = await server.ctx.db.sql<{ n: number }[]>`select count(*)::int as n from resumable_uploads
    where user_id = ${user.id}`;
  expect(row!.n).toBe(MAX_OPEN_UPLOADS_PER_USER);
});

// Faults a self-hosted server meets: the database restarting under load (native mode) and a disk that
// fills up during an upload. Each ends in a clear error, loses nothing, and the server recovers by itself.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "@cm/db";
import { createTestDatabase, testTarget } from "@cm/db/testing";
import { json, registerAndSignIn } from "./auth-helpers";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";
import { startTestServer, type TestServer } from "./test-server";

describe.if(testTarget() === "native")("the database restarts while requests are in flight", () => {
  let owner: Database;
  let proxied: Database;
  let proxy: TcpProxy;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    owner = await createTestDatabase();
    const [{ name } = { name: "" }] = await owner.sql<{ name: string }[]>`select current_database() as name`;
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(target);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    proxied = await openDatabase({ url: url.toString(), max: 4 });
    server = await startTestServer({}, { database: proxied });
    ({ cookie } = await registerAndSignIn(server));
    expect((await server.fetch("/api/clients", json({ name: "Before", type: "Tax" }, cookie))).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
    await proxied?.close().catch(() => {});
    proxy?.stop();
    await owner?.close();
  });

  test("requests fail with 503 and a clear message during the outage, then the server recovers", async () => {
    const get = () => server.fetch("/api/clients", { headers: { cookie } });
    expect((await get()).status).toBe(200);
    // Requests in flight as the connections drop, and requests made while the server is down.
    const inFlight = Array.from({ length: 8 }, () => get());
    proxy.cut();
    const during = await Promise.all([...inFlight, get(), get()]);
    const failed = during.filter((r) => r.status !== 200);
    expect(failed.length).toBeGreaterThan(0);
    for (const response of failed) {
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.message).toContain("database");
      expect(body.message).not.toMatch(/ECONN|at .*\.ts/);
    }
    const health = await server.fetch("/api/health");
    expect(health.status).toBe(503);

    proxy.restore();
    // A connection that was being opened when the link dropped gives up after connect_timeout (10 s): allow for it.
    const deadline = Date.now() + 25_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await get()).status;
      if (status !== 200) await Bun.sleep(100);
    }
    expect(status).toBe(200);
    const created = await server.fetch("/api/clients", json({ name: "After", type: "Tax" }, cookie));
    expect(created.status).toBe(201);
    const names = ((await (await get()).json()) as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(["After", "Before"]);
    expect((await server.fetch("/api/health")).status).toBe(200);
  }, 45_000);
});

/** A data folder on a tmpfs of `sizeKb` (the suite runs as root, as CI does); undefined where mounting is refused. */
function smallDisk(sizeKb: number): { dir: string; release(): void } | undefined {
  const dir = mkdtempSync(join(tmpdir(), "cm-small-disk-"));
  const mount = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", `size=${sizeKb}k`, "tmpfs", dir]);
  if (mount.exitCode !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    release: () => {
      Bun.spawnSync(["umount", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const disk = smallDisk(512);
if (!disk) console.warn("[faults] cannot mount a tmpfs here (not root?): the full-disk test is skipped");

describe.skipIf(!disk)("the disk fills during an upload", () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    // The whole data folder is the small disk: recordings, the outbox, everything the server writes there.
    server = await startTestServer({ DATA_DIR: disk!.dir, SESSION_SECRET: "x".repeat(64) });
    ({ cookie } = await registerAndSignIn(server));
  });
  afterAll(async () => {
    await server?.stop();
    disk?.release();
  });

  test("the upload answers 507 with a clear message and leaves no meeting and no partial file", async () => {
    const client = await (await server.fetch("/api/clients", json({ name: "Full Disk", type: "Tax" }, cookie))).json();
    const line = "Advisor: We reviewed the estimated tax payments and the retirement contributions for the year.\n";
    const transcript = line.repeat(Math.ceil((2 * 1024 * 1024) / line.length)); // 2 MB, four times the disk
    const form = new FormData();
    form.set("meetingData", JSON.stringify({ title: "Big", clientId: client.id, date: "2026-05-04T12:00:00Z" }));
    form.set("audioFile", new Blob([transcript], { type: "text/plain" }), "big.txt");
    const response = await server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } });
    expect(response.status).toBe(507);
    expect((await response.json()).message).toContain("out of storage space");
    const meetings = await (await server.fetch("/api/meetings", { headers: { cookie } })).json();
    expect(meetings).toEqual([]);
    expect(readdirSync(join(disk!.dir, "recordings"))).toEqual([]);
    // Once space is free again, a small upload works.
    const small = new FormData();
    small.set("meetingData", JSON.stringify({ title: "Small", clientId: client.id, date: "2026-05-04T12:00:00Z" }));
    small.set("audioFile", new Blob([line.repeat(5)], { type: "text/plain" }), "small.txt");
    const ok = await server.fetch("/api/meetings/upload", { method: "POST", body: small, headers: { cookie } });
    expect(ok.status).toBe(201);
    expect(readdirSync(join(disk!.dir, "recordings"))).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe("health", () => {
  test("reports database mode, engine, mail and payments", async () => {
    const response = await server.fetch("/api/health");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("ok");
    expect(body.database.reachable).toBe(true);
    expect(["embedded", "server"]).toContain(body.database.mode);
    expect(body.ai.engine).toBe("local");
    expect(body.mail.transport).toBe("outbox");
    expect(body.payments.enabled).toBe(false);
    expect(typeof body.version).toBe("string");
    // A process started alone; one of a supervised group names itself (production-cluster.test.ts).
    expect(body.process).toBe("main");
  });
});

describe("API errors", () => {
  test("unknown API routes answer JSON 404, not the HTML page", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await server.fetch("/api/does-not-exist", { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect((await response.json()).message).toContain("not found");
    }
  });

  test("JSON routes refuse form, multipart and text bodies with 415", async () => {
    const bodies: [string, BodyInit][] = [
      ["application/x-www-form-urlencoded", "name=a"],
      ["text/plain", '{"name":"a"}'],
    ];
    for (const [type, body] of bodies) {
      const response = await server.fetch("/api/health", { method: "POST", headers: { "content-type": type }, body });
      expect(response.status).toBe(415);
      expect((await response.json()).message).toContain("unsupported");
    }
    const form = new FormData();
    form.set("name", "a");
    const multipart = await server.fetch("/api/health", { method: "POST", body: form });
    expect(multipart.status).toBe(415);
  });

  test("JSON bodies over the limit answer 413", async () => {
    const response = await server.fetch("/api/anything", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "x".repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toContain("too large");
  });

  test("every request is logged as one structured line", async () => {
    await server.fetch("/api/health");
    const line = server.logger.lines.findLast((l) => l.msg === "request" && l.path === "/api/health");
    expect(line).toMatchObject({ method: "GET", status: 200 });
    expect(typeof line?.durationMs).toBe("number");
  });
});

describe("static assets", () => {
  test("hashed assets are served with a long-lived cache", async () => {
    const html = await (await server.fetch("/")).text();
    const css = /href="(\/assets\/styles-[a-z0-9]+\.css)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    const response = await server.fetch(css!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("content-type")).toContain("text/css");
  });

  test("no request path escapes the build folder", async () => {
    const attempts = [
      "/assets/..%2f..%2fpackage.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/assets/..%252f..%252fpackage.json",
      "/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fapi%2fsrc%2fconfig.ts",
      "/assets/../../../package.json",
      "/assets/.gitignore",
      "/assets/%2fetc%2fpasswd",
      "/assets//etc/passwd",
      "/assets/..\\..\\package.json",
    ];
    for (const path of attempts) {
      const response = await server.fetch(path);
      const text = await response.text();
      expect(text).not.toContain('"workspaces"');
      expect(text).not.toContain("root:x:0:0");
      expect(text).not.toContain("sessionSecret");
      expect([404, 302, 200]).toContain(response.status);
      // fetch's URL parser resolves "%2e%2e/" and "\\" itself; what still reaches /assets/ must be a 404.
      if (new URL(path, server.url).pathname.startsWith("/assets/")) expect(response.status).toBe(404);
    }
  });
});

describe("pages", () => {
  test("the landing page is rendered on the server", async () => {
    const response = await server.fetch("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("$99");
    expect(html).toContain("window.__FALLBACK__");
  });

  test("protected pages send visitors to /login with the way back", async () => {
    const response = await server.fetch("/settings");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/login?next=%2Fsettings");
  });

  test("the terms page is public", async () => {
    const html = await (await server.fetch("/terms")).text();
    expect(html).toContain("Last Updated: May 24, 2025");
  });
});

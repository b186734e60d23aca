// /assets/ under attack, in development and in production mode: encoded "../" sequences, dotfiles
// (real ones, planted in a copy of the build) and odd encodings all answer 404 and leak nothing.
// Requests go over a raw socket, so the paths reach the server exactly as written (fetch would
// resolve "..", "%2e%2e" and "\" itself; foundation.test.ts covers what fetch sends, in test mode).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_ASSETS_DIR } from "../src/config";
import { ensureWebBuild, startTestServer, type TestServer } from "./test-server";

const SECRET = `dotfile-secret-${crypto.randomUUID()}`;
let buildCopy: string;
const servers: Record<string, TestServer> = {};

beforeAll(async () => {
  await ensureWebBuild();
  // A copy of the build with dotfiles planted in it: they exist on disk and still must not be served.
  buildCopy = mkdtempSync(join(tmpdir(), "cm-static-hostile-"));
  cpSync(join(DEFAULT_ASSETS_DIR, ".."), buildCopy, { recursive: true });
  writeFileSync(join(buildCopy, "assets", ".env"), `SESSION_SECRET=${SECRET}\n`);
  mkdirSync(join(buildCopy, "assets", ".hidden"));
  writeFileSync(join(buildCopy, "assets", ".hidden", "chunk.js"), `// ${SECRET}\n`);
  writeFileSync(join(buildCopy, "secret-outside.txt"), `${SECRET}\n`);
  for (const mode of ["development", "production"]) {
    servers[mode] = await startTestServer({ NODE_ENV: mode, ASSETS_DIR: join(buildCopy, "assets") });
  }
}, 60_000);

afterAll(async () => {
  for (const server of Object.values(servers)) await server.stop();
  rmSync(buildCopy, { recursive: true, force: true });
});

/** GET with the request target exactly as given: status and body. */
function rawGet(url: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(Buffer.from(chunk)));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
  });
}

const ATTEMPTS = [
  "/assets/..%2fmanifest.json",
  "/assets/..%2F..%2Fpackage.json",
  "/assets/..%2f..%2f..%2fpackage.json",
  "/assets/%2e%2e%2fmanifest.json",
  "/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fapi%2fsrc%2fconfig.ts",
  "/assets/..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
  "/assets/..%5cmanifest.json",
  "/assets/%252e%252e%252fmanifest.json",
  "/assets/%c0%ae%c0%ae%2fmanifest.json",
  "/assets/....%2f%2fmanifest.json",
  "/assets/..%2fsecret-outside.txt",
  "/assets/.env",
  "/assets/%2eenv",
  "/assets/.env%00.js",
  "/assets/.env/",
  "/assets//.env",
  "/assets/./.env",
  "/assets/.hidden/chunk.js",
  "/assets/%2ehidden%2fchunk.js",
  "/assets/.hidden%2fchunk.js",
];

/** Raw "../" that the server itself may resolve to a path outside /assets/ (then a page or redirect). */
const RESOLVED = [
  "/assets/%2e%2e/secret-outside.txt", // URL parsers read "%2e%2e/" as "../"
  "/assets/../manifest.json",
  "/assets/../../package.json",
  "/assets/x/../.env",
  "/assets/..\\.env",
];

describe.each(["development", "production"])("static files in %s mode", (mode) => {
  test("a real asset is served (the refusals below are not a dead route)", async () => {
    const server = servers[mode]!;
    const html = await (await server.fetch("/")).text();
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    expect((await rawGet(server.url, css!)).status).toBe(200);
  });

  test("encoded ../ sequences and dotfiles under /assets/ answer 404 and leak nothing", async () => {
    const server = servers[mode]!;
    for (const target of ATTEMPTS) {
      const { status, body } = await rawGet(server.url, target);
      expect(`${target} ${status}`).toBe(`${target} 404`);
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('"workspaces"');
      expect(body).not.toContain('"entry"');
      expect(body).not.toContain("root:x:0:0");
      expect(JSON.parse(body).message).toBe("not found");
    }
  });

  test("raw ../ is never served from outside the build either", async () => {
    const server = servers[mode]!;
    for (const target of RESOLVED) {
      const { status, body } = await rawGet(server.url, target);
      expect([302, 400, 404]).toContain(status);
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('"workspaces"');
      expect(body).not.toContain('"entry"');
    }
  });
});

// Every response carries the security headers; pages get a CSP whose nonce is on every inline script React writes,
// and the early head (sent before the page renders) stays the same from one response to the next.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "./test-server";

let plain: TestServer;
let secure: TestServer;
beforeAll(async () => {
  plain = await startTestServer({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(64) });
  secure = await startTestServer({
    NODE_ENV: "production",
    SESSION_SECRET: "s".repeat(64),
    APP_URL: "https://notes.example.com",
  });
});
afterAll(async () => {
  await plain?.stop();
  await secure?.stop();
});

const nonceOf = (csp: string | null) => csp?.match(/'nonce-([^']+)'/)?.[1];

test("a page's inline scripts all carry the response's nonce, and the head before them carries none", async () => {
  for (const path of ["/", "/login", "/terms", "/register"]) {
    const response = await plain.fetch(path);
    const nonce = nonceOf(response.headers.get("content-security-policy"));
    expect(nonce).toBeDefined();
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(1);
    for (const [, attributes] of inline) {
      // The theme script in the head is allowed by its hash; every other inline script needs the nonce.
      if (!attributes?.includes("nonce=")) continue;
      expect(attributes).toContain(`nonce="${nonce}"`);
    }
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain(nonce!);
    const body = html.slice(html.indexOf("</head>"));
    const bodyInline = [...body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    for (const [, attributes] of bodyInline) expect(attributes).toContain(`nonce="${nonce}"`);
  }
});

test("the early head is sent byte for byte again on the next response", async () => {
  await (await plain.fetch("/terms")).text();
  await (await plain.fetch("/terms")).text();
  expect(plain.logger.lines.filter((l) => l.msg === "page head differs from the one sent early")).toEqual([]);
});

test("framing, sniffing and referrers are closed on pages, JSON and assets alike", async () => {
  const page = await plain.fetch("/");
  const api = await plain.fetch("/api/health");
  const missing = await plain.fetch("/api/nothing-here");
  for (const response of [page, api, missing]) {
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  }
  expect(api.headers.get("content-security-policy")).toStartWith("default-src 'none'");
});

test("HSTS only when the public address is https", async () => {
  expect((await plain.fetch("/")).headers.get("strict-transport-security")).toBeNull();
  const hsts = (await secure.fetch("/")).headers.get("strict-transport-security");
  expect(hsts).toContain("max-age=31536000");
});

test("redirects are relative whatever Host the request names", async () => {
  const response = await plain.fetch("/dashboard", { headers: { host: "evil.example" } });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/login?next=%2Fdashboard");
});

// The proxy the recording test loses the network with: bytes pass intact both ways, a cut fails open and new
// connections at once, and a restore answers again on the same port.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { type LoopbackProxy, startLoopbackProxy } from "./loopback-proxy";

let server: Server<undefined>;
let proxy: LoopbackProxy;

beforeAll(() => {
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      if (new URL(request.url).pathname === "/slow") {
        await Bun.sleep(5_000);
        return new Response("late");
      }
      const body = new Uint8Array(await request.arrayBuffer());
      return new Response(body.reverse());
    },
  });
  proxy = startLoopbackProxy(server.url.href);
});

afterAll(() => {
  proxy?.stop();
  server?.stop(true);
});

describe("loopback proxy", () => {
  test("passes a few megabytes both ways unchanged", async () => {
    const body = new Uint8Array(3 * 1024 * 1024);
    for (let i = 0; i < body.length; i++) body[i] = (i * 31) % 251;
    const response = await fetch(`${proxy.url}/echo`, { method: "POST", body });
    const back = new Uint8Array(await response.arrayBuffer());
    expect(back.length).toBe(body.length);
    expect(Buffer.from(back.reverse()).equals(Buffer.from(body))).toBe(true);
  });

  test("a cut fails requests under way and refuses new ones; a restore answers again on the same port", async () => {
    const underWay = fetch(`${proxy.url}/slow`).then(
      (response) => response.text(),
      (error: Error) => `failed: ${error.message}`,
    );
    await Bun.sleep(200);
    proxy.cut();
    expect(proxy.isCut).toBe(true);
    expect(await underWay).toStartWith("failed");
    const refused = await fetch(`${proxy.url}/echo`, { method: "POST", body: "ab" }).then(
      () => "answered",
      () => "refused",
    );
    expect(refused).toBe("refused");
    proxy.restore();
    const response = await fetch(`${proxy.url}/echo`, { method: "POST", body: "abc" });
    expect(await response.text()).toBe("cba");
    expect(new URL(proxy.url).port).toBe(String(proxy.port));
  });
});

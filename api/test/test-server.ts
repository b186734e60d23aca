// Starts the real app on 127.0.0.1 with a fresh test database and a temporary data folder.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "@cm/db/src/testing";
import { buildWeb } from "@cm/web/scripts/build";
import { createApp } from "../src/app";
import { type AppConfig, loadConfig } from "../src/config";
import type { AppContext } from "../src/context";
import { createContext } from "../src/create-context";
import { createMemoryLogger } from "../src/logger";
import { ASSETS_DIR, MAX_REQUEST_BODY_BYTES } from "../src/server";

let built: Promise<unknown> | undefined;

/** The client build is needed for SSR; build it once per process when missing. */
export function ensureWebBuild() {
  built ??= existsSync(join(ASSETS_DIR, "..", "manifest.json")) ? Promise.resolve() : buildWeb({ production: false });
  return built;
}

export interface TestServer {
  url: string;
  ctx: AppContext;
  logger: ReturnType<typeof createMemoryLogger>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  overrides: Partial<AppContext> = {},
): Promise<TestServer> {
  await ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), "cm-api-test-"));
  const config: AppConfig = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PORT: "0",
    LOGIN_LIMIT_PER_IP: "10000",
    ...env,
  });
  const db = await createTestDatabase();
  const logger = createMemoryLogger();
  const ctx: AppContext = { ...createContext(config, db, logger, ASSETS_DIR), ...overrides };
  const app = createApp(ctx);
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    fetch: (request) => app.handle(request),
  });
  const url = server.url.toString().replace(/\/$/, "");
  return {
    url,
    ctx,
    logger,
    fetch: (path, init) => fetch(url + path, { redirect: "manual", ...init }),
    async stop() {
      await server.stop(true);
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

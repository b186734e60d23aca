// Starts the real app on 127.0.0.1 through the production wiring (`startServer`), with a fresh test database and a
// temporary data folder. Everything a test varies goes through configuration (env), as an operator would set it.

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ConfidenceModel } from "@cm/ai/search";
import type { Database } from "@cm/db";
import { createTestDatabase } from "@cm/db/testing";
import { buildWeb } from "@cm/web/build";
import { DEFAULT_ASSETS_DIR, loadConfig } from "../src/config";
import type { AppContext } from "../src/context";
import { createMemoryLogger } from "../src/logger";
import { startServer } from "../src/server";

let built: Promise<unknown> | undefined;

/** The client build is needed for SSR; build it once per process when missing. */
export function ensureWebBuild() {
  built ??= existsSync(join(DEFAULT_ASSETS_DIR, "..", "manifest.json"))
    ? Promise.resolve()
    : buildWeb({ production: false });
  return built;
}

export interface TestServer {
  url: string;
  ctx: AppContext;
  logger: ReturnType<typeof createMemoryLogger>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** An already open database (a fault test's connection through a proxy); default: a fresh test database. */
  database?: Database;
  /**
   * The answer-confidence model instead of the fitted one (ai/fitted/answer-confidence.json): a suite about ranking or
   * the chat model's path leads with every answer found (LEADS_WHEN_FOUND), as the product did before it was fitted.
   */
  answerConfidence?: ConfidenceModel;
}

/**
 * What tests run with unless they say otherwise: no worker in the process, generous sign-in, question and creation
 * limits, no queue quota, and the hashing embedder (instant; a test of the production default passes LOCAL_EMBEDDER: "", see
 * search-sentence-encoder.test.ts).
 */
const TEST_DEFAULTS = {
  NODE_ENV: "test",
  PORT: "0",
  HOST: "127.0.0.1",
  LOGIN_LIMIT_PER_IP: "10000",
  REGISTER_LIMIT_PER_IP: "10000",
  SEARCH_LIMIT_PER_MINUTE: "10000",
  // Tests create many things in a minute from one account; the limit's own tests set it.
  CREATIONS_PER_MINUTE: "10000",
  WORKER: "off",
  LOCAL_EMBEDDER: "hashing",
  // No worker here, so every upload stays in processing: the queue quota would count them all.
  QUEUED_MEETINGS_PER_ACCOUNT: "off",
  FREE_QUEUED_MEETINGS_PER_ACCOUNT: "off",
};

export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  await ensureWebBuild();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), "cm-api-test-"));
  const config = loadConfig({ ...TEST_DEFAULTS, DATA_DIR: dataDir, ...env });
  const database = options.database ?? (await createTestDatabase());
  const logger = createMemoryLogger();
  const running = await startServer(config, logger, {
    database,
    ...(options.answerConfidence ? { answerConfidence: options.answerConfidence } : {}),
  });
  return {
    url: running.url,
    ctx: running.ctx,
    logger,
    fetch: (path, init) => fetch(running.url + path, { redirect: "manual", ...init }),
    async stop() {
      await running.stop({ closeConnections: true });
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the job worker inside the test server, as `bun run dev` does, polling often so tests stay quick. */
export const WITH_WORKER = { WORKER: "on", JOB_POLL_MS: "50", JOB_BACKOFF_BASE_MS: "50" } as const;

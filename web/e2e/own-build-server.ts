// A test server serving a private web build: the shared web/dist may be rebuilt by another test run meanwhile.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWeb } from "@cm/web/build";
import { startTestServer, type TestServer } from "../../api/test/test-server";

export interface OwnBuildServer {
  server: TestServer;
  /** Stops the server and removes its build. */
  stop(): Promise<void>;
}

/** `env`: more configuration for the server (e.g. WITH_WORKER). */
export async function startServerWithOwnBuild(
  prefix: string,
  env: Record<string, string> = {},
): Promise<OwnBuildServer> {
  const buildDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await buildWeb({ production: false, outDir: buildDir });
    const server = await startTestServer({ ...env, ASSETS_DIR: join(buildDir, "assets") });
    return {
      server,
      async stop() {
        await server.stop();
        rmSync(buildDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(buildDir, { recursive: true, force: true });
    throw error;
  }
}

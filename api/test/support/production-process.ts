// Runs `bun run start` (the production build and server) as a child process on 127.0.0.1, as an operator would,
// and talks to it over HTTP only. Requests can leave from another loopback address (127.0.0.2, 127.0.0.3) so that
// per-address limits are seen as a real deployment sees them.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..", "..");

export interface ProductionProcess {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  request(path: string, init?: RawRequestInit): Promise<RawResponse>;
  stop(): Promise<void>;
}

export interface RawRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The local address the connection leaves from (any 127.x.y.z). */
  from?: string;
  /** A keep-alive agent whose one connection the request goes over (default: a new connection). */
  agent?: http.Agent;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

/** One HTTP request with node:http, which can bind the local address and sends the Host header we give it. */
export function rawRequest(base: string, path: string, init: RawRequestInit = {}): Promise<RawResponse> {
  const target = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: Number(target.port),
        path: target.pathname + target.search,
        method: init.method ?? "GET",
        headers:
          init.body === undefined || init.headers?.["transfer-encoding"]
            ? init.headers
            : { "content-length": String(Buffer.byteLength(init.body)), ...init.headers },
        localAddress: init.from,
        agent: init.agent ?? false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`no answer to ${path} within 30 s`)));
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}

/** Starts `bun run start` with the given environment on top of a production one; resolves once /api/health answers. */
export async function startProductionProcess(env: Record<string, string>): Promise<ProductionProcess> {
  const port = freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "cm-production-"));
  let printed = "";
  const child = Bun.spawn(["bun", "run", "start"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) printed += decoder.decode(chunk, { stream: true });
  };
  void pump(child.stdout);
  void pump(child.stderr);
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded 2-core machine the build and the embedded database's start took over 120 s.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bun run start exited with ${child.exitCode}:\n${printed}`);
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`bun run start did not answer within 300 s:\n${printed}`);
    }
    await Bun.sleep(200);
  }
  return {
    url,
    port,
    dataDir,
    output: () => printed,
    request: (path, init) => rawRequest(url, path, init),
    async stop() {
      child.kill("SIGTERM");
      const exited = await Promise.race([child.exited, Bun.sleep(20_000).then(() => "timeout" as const)]);
      if (exited === "timeout") child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

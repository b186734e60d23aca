// Builds the browser bundle (code-split per page, minified in production) and the Tailwind CSS
// into web/dist/assets with content-hashed names, plus web/dist/manifest.json for the server.
//
// A build never removes the files a running server's manifest names: a second process starting (a rolling restart,
// `bun run start` beside `bun run dev`) would otherwise turn the first one's pages unstyled. Each build writes into
// its own staging folder, moves its files in by rename, replaces the manifest by rename, and removes only files
// no build has written for a day.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const webDir = join(import.meta.dir, "..");
const defaultDistDir = join(webDir, "dist");
/** How long an asset no build has written stays: longer than any page a server rendered from an older build. */
export const STALE_ASSET_MS = 24 * 60 * 60 * 1000;
const STAGING_PREFIX = ".build-";

export interface BuildResult {
  manifest: { entry: string; css: string; pages: Record<string, string> };
  ms: number;
}

/** `outDir` (default web/dist, which the server reads) lets a benchmark build elsewhere without touching it. */
export async function buildWeb(options: { production: boolean; outDir?: string }): Promise<BuildResult> {
  const started = performance.now();
  const distDir = options.outDir ?? defaultDistDir;
  const assetsDir = join(distDir, "assets");
  mkdirSync(assetsDir, { recursive: true });
  const staging = mkdtempSync(join(distDir, STAGING_PREFIX));
  try {
    const manifest = await buildInto(staging, options.production);
    const written = new Set(readdirSync(staging));
    for (const name of written) renameSync(join(staging, name), join(assetsDir, name));
    removeStale(assetsDir, written);
    // A build killed midway leaves its staging folder; a day later the next build clears it.
    removeStale(distDir, new Set([basename(staging)]), STAGING_PREFIX);
    const manifestTmp = join(staging, "manifest.json");
    writeFileSync(manifestTmp, JSON.stringify(manifest, null, 2));
    renameSync(manifestTmp, join(distDir, "manifest.json"));
    return { manifest, ms: performance.now() - started };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds every asset flat into `outDir`; returns the manifest naming them under /assets/. */
async function buildInto(outDir: string, production: boolean): Promise<BuildResult["manifest"]> {
  const pagesDir = join(webDir, "src", "pages");
  const pageFiles = readdirSync(pagesDir)
    .filter((f) => f.endsWith("-page.tsx"))
    .map((f) => join(pagesDir, f));
  const result = await Bun.build({
    entrypoints: [join(webDir, "src", "client", "entry.tsx"), ...pageFiles],
    outdir: outDir,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: production,
    sourcemap: production ? "none" : "linked",
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
  });
  if (!result.success) {
    throw new Error(`client build failed:\n${result.logs.map((l) => String(l)).join("\n")}`);
  }
  let entry = "";
  const pages: Record<string, string> = {};
  for (const output of result.outputs) {
    if (output.kind !== "entry-point") continue;
    const name = basename(output.path);
    const url = `/assets/${name}`;
    if (name.startsWith("entry-")) entry = url;
    else pages[name.replace(/-[a-z0-9]+\.js$/, "")] = url;
  }
  const css = await buildCss(production, outDir);
  return { entry, css, pages };
}

/** Entries of `dir` (starting with `prefix`, when given) not in `keep` that nothing has written for STALE_ASSET_MS. */
function removeStale(dir: string, keep: Set<string>, prefix = ""): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (keep.has(name) || !name.startsWith(prefix)) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > STALE_ASSET_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another build removed it first.
    }
  }
}

async function buildCss(production: boolean, outDir: string): Promise<string> {
  // Outside outDir, so the staged assets are exactly what the build wrote.
  const tmp = `${outDir}.styles.tmp.css`;
  const cli = join(webDir, "..", "node_modules", ".bin", "tailwindcss");
  const args = [cli, "-i", join(webDir, "src", "styles.css"), "-o", tmp, ...(production ? ["--minify"] : [])];
  let text: string;
  try {
    const proc = Bun.spawn(args, { cwd: webDir, stdout: "pipe", stderr: "pipe" });
    if ((await proc.exited) !== 0) throw new Error(`tailwind failed: ${await new Response(proc.stderr).text()}`);
    text = await Bun.file(tmp).text();
  } finally {
    rmSync(tmp, { force: true });
  }
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 10);
  const name = `styles-${hash}.css`;
  writeFileSync(join(outDir, name), text);
  return `/assets/${name}`;
}

if (import.meta.main) {
  const { manifest, ms } = await buildWeb({ production: process.env.NODE_ENV === "production" });
  console.log(JSON.stringify({ level: "info", msg: "web build done", ms: Math.round(ms), entry: manifest.entry }));
}

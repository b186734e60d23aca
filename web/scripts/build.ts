// Builds the browser bundle (code-split per page, minified in production) and the Tailwind CSS
// into web/dist/assets with content-hashed names, plus web/dist/manifest.json for the server.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const webDir = join(import.meta.dir, "..");
const defaultDistDir = join(webDir, "dist");

export interface BuildResult {
  manifest: { entry: string; css: string; pages: Record<string, string> };
  ms: number;
}

/** `outDir` (default web/dist, which the server reads) lets a benchmark build elsewhere without touching it. */
export async function buildWeb(options: { production: boolean; outDir?: string }): Promise<BuildResult> {
  const started = performance.now();
  const distDir = options.outDir ?? defaultDistDir;
  const assetsDir = join(distDir, "assets");
  rmSync(assetsDir, { recursive: true, force: true });
  mkdirSync(assetsDir, { recursive: true });
  const pagesDir = join(webDir, "src", "pages");
  const pageFiles = readdirSync(pagesDir)
    .filter((f) => f.endsWith("-page.tsx"))
    .map((f) => join(pagesDir, f));
  const result = await Bun.build({
    entrypoints: [join(webDir, "src", "client", "entry.tsx"), ...pageFiles],
    outdir: assetsDir,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: options.production,
    sourcemap: options.production ? "none" : "linked",
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify(options.production ? "production" : "development") },
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
  const css = await buildCss(options.production, distDir);
  const manifest = { entry, css, pages };
  writeFileSync(join(distDir, "manifest.json"), JSON.stringify(manifest, null, 2));
  return { manifest, ms: performance.now() - started };
}

async function buildCss(production: boolean, distDir: string): Promise<string> {
  const tmp = join(distDir, "styles.tmp.css");
  const cli = join(webDir, "..", "node_modules", ".bin", "tailwindcss");
  const args = [cli, "-i", join(webDir, "src", "styles.css"), "-o", tmp, ...(production ? ["--minify"] : [])];
  const proc = Bun.spawn(args, { cwd: webDir, stdout: "pipe", stderr: "pipe" });
  if ((await proc.exited) !== 0) throw new Error(`tailwind failed: ${await new Response(proc.stderr).text()}`);
  const text = await Bun.file(tmp).text();
  rmSync(tmp);
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 10);
  const name = `styles-${hash}.css`;
  writeFileSync(join(distDir, "assets", name), text);
  return `/assets/${name}`;
}

if (import.meta.main) {
  const { manifest, ms } = await buildWeb({ production: process.env.NODE_ENV === "production" });
  console.log(JSON.stringify({ level: "info", msg: "web build done", ms: Math.round(ms), entry: manifest.entry }));
}

// Gzipped JavaScript the landing page loads, from a production build: the entry, the landing
// page chunk and every chunk they import statically. Built in a temporary folder: web/dist, which
// running servers and tests read, is left alone.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildWeb } from "../scripts/build";

const outDir = mkdtempSync(join(tmpdir(), "cm-bench-landing-"));
process.on("exit", () => rmSync(outDir, { recursive: true, force: true }));
const assetsDir = join(outDir, "assets");
const { manifest } = await buildWeb({ production: true, outDir });

function staticClosure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(join(assetsDir, name), "utf8");
    // Static imports only: `import ... from "./chunk-x.js"` or `import "./chunk-x.js"`, not import().
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      if (m[1]) queue.push(m[1]);
    }
  }
  return seen;
}

const entry = manifest.entry.replace("/assets/", "");
const page = (manifest.pages["home-page"] ?? "").replace("/assets/", "");
const files = staticClosure([entry, page].filter(Boolean));
let raw = 0;
let gzip = 0;
const rows: string[] = [];
for (const file of files) {
  const bytes = readFileSync(join(assetsDir, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  rows.push(`| ${file} | ${(bytes.length / 1024).toFixed(1)} | ${(zipped / 1024).toFixed(1)} |`);
}
const css = readFileSync(join(assetsDir, manifest.css.replace("/assets/", "")));
console.log("| file | KiB | KiB gzipped |\n|---|---|---|");
console.log(rows.join("\n"));
console.log(
  `| **JavaScript total** (${files.size} files) | ${(raw / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)} |`,
);
console.log(`| CSS | ${(css.length / 1024).toFixed(1)} | ${(gzipSync(css).length / 1024).toFixed(1)} |`);

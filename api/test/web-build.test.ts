import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWeb, STALE_ASSET_MS } from "@cm/web/build";

const outDir = mkdtempSync(join(tmpdir(), "cm-build-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const assetFiles = (manifest: { entry: string; css: string; pages: Record<string, string> }) =>
  [manifest.entry, manifest.css, ...Object.values(manifest.pages)].map((url) =>
    join(outDir, "assets", url.replace("/assets/", "")),
  );

describe("web build", () => {
  test("a second build keeps the files the first one's manifest names, and clears what nothing wrote for a day", async () => {
    const first = await buildWeb({ production: false, outDir });
    const stale = join(outDir, "assets", "entry-0ldbu1ld.js");
    writeFileSync(stale, "old");
    const dayAgo = (Date.now() - STALE_ASSET_MS - 60_000) / 1000;
    utimesSync(stale, dayAgo, dayAgo);
    const recent = join(outDir, "assets", "entry-recent01.js");
    writeFileSync(recent, "recent");

    // A production build (other hashes) beside a running development server, as a second process starting does.
    const second = await buildWeb({ production: true, outDir });
    expect(second.manifest.entry).not.toBe(first.manifest.entry);
    for (const file of [...assetFiles(first.manifest), ...assetFiles(second.manifest)])
      expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(join(outDir, "manifest.json"), "utf8"))).toEqual(second.manifest);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  }, 120_000);

  test("two builds at once both finish with every file they name in place", async () => {
    const [a, b] = await Promise.all([buildWeb({ production: false, outDir }), buildWeb({ production: true, outDir })]);
    for (const file of [...assetFiles(a.manifest), ...assetFiles(b.manifest)]) expect(existsSync(file)).toBe(true);
    const kept = JSON.parse(readFileSync(join(outDir, "manifest.json"), "utf8"));
    expect([a.manifest, b.manifest]).toContainEqual(kept);
  }, 120_000);
});

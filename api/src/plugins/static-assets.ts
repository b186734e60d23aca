import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Elysia } from "elysia";

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  map: "application/json; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  woff2: "font/woff2",
  txt: "text/plain; charset=utf-8",
};

function listFiles(dir: string): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name.startsWith(".")) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out;
}

const notFound = () =>
  new Response(JSON.stringify({ message: "not found" }), {
    status: 404,
    headers: { "content-type": "application/json; charset=utf-8" },
  });

/**
 * Serves the build output under /assets/. Only files that were in the folder when the server
 * started (and are not dotfiles) can be served: the request path is looked up in that set,
 * never joined onto the file system, so encoded "../" or absolute paths cannot escape it.
 */
export function staticAssets(dir: string, prefix = "/assets/") {
  const files = new Map<string, string>();
  for (const full of listFiles(dir)) files.set(relative(dir, full).split(sep).join("/"), full);
  return new Elysia({ name: "static-assets" }).get(`${prefix}*`, ({ request }) => {
    const rawPath = new URL(request.url).pathname.slice(prefix.length);
    const file = files.get(rawPath);
    if (!file) return notFound();
    const ext = rawPath.slice(rawPath.lastIndexOf(".") + 1);
    // Names carry a content hash, so a year-long immutable cache is safe.
    return new Response(Bun.file(file), {
      headers: {
        "content-type": TYPES[ext] ?? "application/octet-stream",
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      },
    });
  });
}

import { renderToReadableStream } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "../app";
import { Document, type DocumentAssets } from "../components/document";
import { matchPage } from "../lib/match-page";
import { preloadPage } from "../lib/page-loader";

export interface BuildManifest {
  entry: string;
  css: string;
  /** Page module name -> chunk URL. */
  pages: Record<string, string>;
}

/** JSON for an inline <script>: "<" is escaped so no text can close the script element. */
function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

interface RenderPageOptions {
  url: URL;
  manifest: BuildManifest;
  /** SWR fallback: GET path -> data, already loaded for this user. */
  fallback: Record<string, unknown>;
  status?: number;
  /** The response's CSP nonce: React puts it on the inline data script and its own inline scripts. */
  nonce?: string;
  onError?: (error: unknown) => void;
}

/** The HTTP headers of every server-rendered page. */
export const PAGE_HEADERS: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/** React's HTML stream for a page, from <!DOCTYPE html>; the client hydrates it with the same fallback. */
export async function renderPageStream(options: RenderPageOptions): Promise<ReadableStream<Uint8Array>> {
  const { route } = matchPage(options.url.pathname);
  await preloadPage(route);
  const assets: DocumentAssets = {
    css: options.manifest.css,
    entry: options.manifest.entry,
    pageChunk: options.manifest.pages[route.module],
  };
  return renderToReadableStream(
    <Document assets={assets}>
      <StaticRouter location={options.url.pathname + options.url.search}>
        <App fallback={options.fallback} />
      </StaticRouter>
    </Document>,
    {
      bootstrapScriptContent: `window.__FALLBACK__=${serializeForScript(options.fallback)};window.__ASSETS__=${serializeForScript(assets)}`,
      bootstrapModules: [options.manifest.entry],
      nonce: options.nonce,
      onError: options.onError,
    },
  );
}

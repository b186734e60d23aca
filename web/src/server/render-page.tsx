import { renderToReadableStream } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "../app";
import { Document, type DocumentAssets } from "../components/document";
import { PRODUCT_NAME } from "../lib/brand";
import { matchPage } from "../lib/match-page";
import { preloadPage } from "../lib/page-loader";

export interface BuildManifest {
  entry: string;
  css: string;
  /** Page module name -> chunk URL. */
  pages: Record<string, string>;
}

/** JSON for an inline <script>: "<" is escaped so no text can close the script element. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export interface RenderPageOptions {
  url: URL;
  manifest: BuildManifest;
  /** SWR fallback: GET path -> data, already loaded for this user. */
  fallback: Record<string, unknown>;
  status?: number;
  onError?: (error: unknown) => void;
}

/** Streams the server-rendered HTML for a page; the client hydrates it with the same fallback. */
export async function renderPage(options: RenderPageOptions): Promise<Response> {
  const { route } = matchPage(options.url.pathname);
  await preloadPage(route);
  const assets: DocumentAssets = {
    css: options.manifest.css,
    entry: options.manifest.entry,
    pageChunk: options.manifest.pages[route.module],
  };
  const stream = await renderToReadableStream(
    <Document assets={assets} title={PRODUCT_NAME}>
      <StaticRouter location={options.url.pathname + options.url.search}>
        <App fallback={options.fallback} />
      </StaticRouter>
    </Document>,
    {
      bootstrapScriptContent: `window.__FALLBACK__=${serializeForScript(options.fallback)};window.__ASSETS__=${serializeForScript(assets)}`,
      bootstrapModules: [options.manifest.entry],
      onError: options.onError,
    },
  );
  return new Response(stream, {
    status: options.status ?? route.status ?? 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
    },
  });
}

import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "../app";
import { Document, type DocumentAssets } from "../components/document";
import { matchPage } from "../lib/match-page";
import { preloadPage } from "../lib/page-loader";

declare global {
  interface Window {
    __FALLBACK__?: Record<string, unknown>;
    __ASSETS__?: DocumentAssets;
  }
}

// Load the current page's chunk first, so the first client render matches the server's HTML.
await preloadPage(matchPage(window.location.pathname).route);
const assets = window.__ASSETS__;
if (assets) {
  // The whole document is hydrated, as the server rendered it: the same tree on both sides keeps
  // React's generated ids (useId, used by Ark UI for aria links) identical.
  hydrateRoot(
    document,
    <Document assets={assets}>
      <BrowserRouter>
        <App fallback={window.__FALLBACK__ ?? {}} />
      </BrowserRouter>
    </Document>,
  );
  // Browser tests wait for <html data-hydrated>, set by the page once hydrated (HydratedMark in ../app.tsx).
}

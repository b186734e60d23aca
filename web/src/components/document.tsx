import type { ReactNode } from "react";
import { THEME_INIT_SCRIPT } from "./theme/theme-script";

// The logo mark as an inline icon: no extra request, and no /favicon.ico answered by the 404 page.
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4f46e5"/>' +
    '<path d="M9 11h14M9 16h9M9 21h6" stroke="#fff" stroke-width="2" stroke-linecap="round" fill="none"/>' +
    '<circle cx="22" cy="20" r="2.6" stroke="#fff" stroke-width="2" fill="none"/></svg>',
)}`;

export interface DocumentAssets {
  css: string;
  entry: string;
  /** Chunk of the current page, preloaded so hydration does not wait on a second round trip. */
  pageChunk?: string;
}

/**
 * The whole HTML document; the theme script runs before CSS so the first paint has the right theme. The <title> is
 * the page's own (app.tsx and lib/page-title.tsx): React hoists it into this <head>.
 */
export function Document({ assets, children }: { assets: DocumentAssets; children: ReactNode }) {
  return (
    // The theme script sets <html>'s class and colour scheme before hydration: an expected difference.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={FAVICON} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own */}
        <script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
        <link rel="stylesheet" href={assets.css} />
        <link rel="modulepreload" href={assets.entry} />
        {assets.pageChunk ? <link rel="modulepreload" href={assets.pageChunk} /> : null}
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <div id="root">{children}</div>
      </body>
    </html>
  );
}

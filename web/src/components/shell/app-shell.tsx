import type { ReactNode } from "react";
import { PendingRecordingsBanner } from "../recorder/pending-recordings-banner";
import { BrandLink } from "../ui/brand-link";
import { MobileMenu } from "./mobile-menu";
import { SidebarContent } from "./sidebar-content";

/**
 * The signed-in navigation shell: a fixed left sidebar from the `md` breakpoint up, and on
 * smaller screens a top bar with the product name and a slide-in menu. The page goes in `children`.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:outline-none focus:ring-2 focus:ring-indigo-500 dark:bg-slate-900 dark:text-indigo-300"
      >
        Skip to content
      </a>
      <aside
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900"
      >
        <SidebarContent />
      </aside>
      {/* Opaque: page text scrolling under it must not show through (light and dark). */}
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 md:hidden dark:border-slate-800 dark:bg-slate-900">
        <BrandLink to="/dashboard" />
        <MobileMenu />
      </header>
      <main id="main-content" tabIndex={-1} className="focus:outline-none md:pl-64">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:px-8 md:py-8">
          <PendingRecordingsBanner />
          {children}
        </div>
      </main>
    </div>
  );
}

import type { ReactNode } from "react";
import { PublicFooter } from "./public-footer";
import { PublicHeader } from "./public-header";

/** A page outside the app (landing, terms): the public header, the page's main content, the public footer. */
export function PublicLayout({ mainClassName, children }: { mainClassName: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <PublicHeader />
      <main className={mainClassName}>{children}</main>
      <PublicFooter />
    </div>
  );
}

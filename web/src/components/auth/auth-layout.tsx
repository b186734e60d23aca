import type { ReactNode } from "react";
import { BrandLink } from "../ui/brand-link";
import { FOCUS_RING } from "../ui/focus-ring";

/** Full-page frame of the sign-in, sign-up and payment pages: product name on top, content centred. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
        <BrandLink />
      </header>
      <main className={`mx-auto w-full px-4 pt-4 pb-16 sm:px-6 sm:pt-10 ${wide ? "max-w-5xl" : "max-w-md"}`}>
        {children}
      </main>
    </div>
  );
}

/** A rounded-xl card with a title and an optional subtitle. */
export function AuthCard({
  title,
  subtitle,
  children,
  titleId,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  titleId: string;
}) {
  return (
    <section aria-labelledby={titleId} className="card p-6 sm:p-8">
      <h1 id={titleId} className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h1>
      {subtitle ? <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

export const TEXT_LINK = `rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`;

import { Link } from "react-router";
import { useAuthState } from "../../lib/auth-state";
import { BrandLink } from "../ui/brand-link";
import { FOCUS_RING } from "../ui/focus-ring";

const NAV_LINK = `rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${FOCUS_RING}`;

/** Header of the public pages: product name linking to /, "Sign in" for visitors, app links for signed-in users. */
export function PublicHeader() {
  const { authenticated } = useAuthState();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          {authenticated ? (
            <>
              <Link to="/dashboard" className={NAV_LINK}>
                Dashboard
              </Link>
              <Link to="/clients" className={NAV_LINK}>
                Clients
              </Link>
            </>
          ) : (
            <Link to="/login" className="btn-primary">
              Sign in
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { BrandLink } from "../ui/brand-link";
import { FOCUS_RING } from "../ui/focus-ring";
import { isActivePath, NAV_ITEMS } from "./nav-items";
import { UserPanel } from "./user-panel";

const ITEM_BASE = `flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors ${FOCUS_RING}`;
const ITEM_ACTIVE = "bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200";
const ITEM_IDLE =
  "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";

/** Main navigation links; the current page is highlighted and marked aria-current="page". */
function NavLinks() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {NAV_ITEMS.map((item) => {
          const active = isActivePath(item.href, pathname);
          return (
            <li key={item.href}>
              <Link
                to={item.href}
                aria-current={active ? "page" : undefined}
                className={`${ITEM_BASE} ${active ? ITEM_ACTIVE : ITEM_IDLE}`}
              >
                <span
                  className={active ? "text-indigo-600 dark:text-indigo-300" : "text-slate-400 dark:text-slate-500"}
                >
                  {item.icon}
                </span>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Everything inside the sidebar (desktop) and the slide-in menu (mobile, with its close button as headerAction). */
export function SidebarContent({ headerAction }: { headerAction?: ReactNode }) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-5 dark:border-slate-800">
        <BrandLink to="/dashboard" />
        {headerAction}
      </div>
      <NavLinks />
      <UserPanel />
    </div>
  );
}

import { Link } from "react-router";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "../../lib/brand";
import { ThemeToggle } from "../theme/theme-toggle";
import { FOCUS_RING } from "../ui/focus-ring";

const FOOTER_LINK = `rounded text-slate-600 hover:text-indigo-700 dark:text-slate-400 dark:hover:text-indigo-300 ${FOCUS_RING}`;

/** Footer of the public pages: support address, Terms and Help links, theme choice, copyright. */
export function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="space-y-1">
          <p className="font-semibold text-slate-900 dark:text-white">{PRODUCT_NAME}</p>
          <p className="text-slate-600 dark:text-slate-400">
            Support:{" "}
            <a href={`mailto:${SUPPORT_EMAIL}`} className={`font-medium ${FOOTER_LINK}`}>
              {SUPPORT_EMAIL}
            </a>
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/terms" className={FOOTER_LINK}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/settings" className={FOOTER_LINK}>
                Help
              </Link>
            </li>
          </ul>
        </nav>
        <ThemeToggle className="md:w-64" />
        <p className="text-slate-500 dark:text-slate-400">
          &copy; {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

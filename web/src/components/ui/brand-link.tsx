import { Link } from "react-router";
import { PRODUCT_NAME } from "../../lib/brand";
import { LogoMark } from "../shell/nav-icons";
import { FOCUS_RING } from "./focus-ring";

/** The logo and product name, linking home: `/` on public and sign-in pages, the dashboard inside the app. */
export function BrandLink({ to = "/" }: { to?: string }) {
  return (
    <Link
      to={to}
      className={`flex items-center gap-2.5 rounded-lg text-lg font-semibold tracking-tight text-slate-900 dark:text-white ${FOCUS_RING}`}
    >
      <LogoMark />
      {PRODUCT_NAME}
    </Link>
  );
}

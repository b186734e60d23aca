import { useEffect } from "react";
import { useLocation } from "react-router";
import { dismissToastsOfOtherPages } from "./toast";

/** A toast about one page ("Search Issue") does not follow the user to the next one. */
export function PageToastsCleanup() {
  const { pathname } = useLocation();
  useEffect(() => dismissToastsOfOtherPages(pathname), [pathname]);
  return null;
}

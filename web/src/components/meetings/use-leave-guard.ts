import { useLayoutEffect, useState } from "react";
import { useNavigate } from "react-router";

/**
 * The in-app path a click on a link would go to, when it would leave this page inside the app: a plain left click
 * on a same-origin link to another path. Null for anything the browser or another handler deals with.
 */
function leavingPath(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null; // a page elsewhere: `beforeunload` asks
  const here = window.location.pathname + window.location.search;
  const there = url.pathname + url.search;
  return there === here ? null : there + url.hash;
}

/**
 * While `dirty`, leaving asks first. A reload, closing the tab or another site: the browser's own `beforeunload`
 * prompt. A link inside the app (the sidebar, a breadcrumb): the click is held back and `leaving` holds where it
 * went, for the page to confirm (`leave`) or drop (`stay`).
 *
 * The app renders in react-router's declarative mode (<BrowserRouter>), where `useBlocker` is not available (it
 * needs a data router), so links are caught by one click listener on `window` in the capture phase: it runs before
 * React's handlers (the root is the document) and stops the click from reaching the <Link>.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState<string | null>(null);
  // A layout effect: the guard is in place in the same commit that shows the page dirty (the recorder's clock, an
  // edited field). A passive effect ran after paint, and on a loaded machine a click on a link in between left
  // without asking (the record page's test caught it in a full run).
  useLayoutEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only with a return value set.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const path = leavingPath(event);
      if (path === null) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving(path);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
    };
  }, [dirty]);
  return {
    leaving,
    stay: () => setLeaving(null),
    leave: () => {
      setLeaving(null);
      if (leaving) navigate(leaving);
    },
  };
}

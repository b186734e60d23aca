import { useSyncExternalStore } from "react";
import { PRODUCT_NAME } from "./brand";

/** A page's document title: "Dashboard · Clearminute". */
export const pageTitle = (name: string) => `${name} · ${PRODUCT_NAME}`;

/**
 * Sets the document title. React 19 hoists a <title> rendered anywhere into <head>, in the server's HTML and on
 * client navigation alike. One page renders one: the route's (routes.tsx), or its own when it depends on the data.
 */
export function PageTitle({ title }: { title: string }) {
  return <title>{title}</title>;
}

const subscribeNever = () => () => {};

/**
 * False on the server and while hydrating, true after. The server may send a page module's <head> before rendering
 * the page (api/src/ssr/early-head.ts), from a cache shared by every visitor of that module: a title made of one
 * user's data must not go into the server's HTML, where the next visitor of that page would get it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

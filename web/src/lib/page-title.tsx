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

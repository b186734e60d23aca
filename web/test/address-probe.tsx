import { useLocation } from "react-router";

/** Shows the page's query (`?tab=notes`) as `data-testid="address"`: what a reload would open. */
export function AddressProbe() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

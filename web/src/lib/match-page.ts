import { matchRoutes } from "react-router";
import { type PageRoute, pageRoutes } from "../routes";

interface MatchedPage {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

const routeObjects = pageRoutes.map((r) => ({ path: r.path }));
// Every page render matches its path twice or more; ranking the routes each time showed in profiles.
const recent = new Map<string, MatchedPage>();
const RECENT_LIMIT = 500;

/** The page route for a path; the catch-all (404) when nothing else matches. */
export function matchPage(pathname: string): MatchedPage {
  const known = recent.get(pathname);
  if (known) return known;
  const matches = matchRoutes(routeObjects, pathname);
  const match = matches?.[matches.length - 1];
  const route = pageRoutes.find((r) => r.path === match?.route.path) ?? pageRoutes[pageRoutes.length - 1]!;
  const result = { route, params: match?.params ?? {} };
  if (recent.size >= RECENT_LIMIT) recent.clear();
  recent.set(pathname, result);
  return result;
}

import { matchRoutes } from "react-router";
import { type PageRoute, pageRoutes } from "../routes";

export interface MatchedPage {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

/** The page route for a path; the catch-all (404) when nothing else matches. */
export function matchPage(pathname: string): MatchedPage {
  const matches = matchRoutes(
    pageRoutes.map((r) => ({ path: r.path })),
    pathname,
  );
  const match = matches?.[matches.length - 1];
  const route = pageRoutes.find((r) => r.path === match?.route.path) ?? pageRoutes[pageRoutes.length - 1]!;
  return { route, params: match?.params ?? {} };
}

/**
 * A request path as it may be written to a log: the segments that are secrets (the calendar feed's token, a Stripe
 * checkout session id) replaced by "[redacted]". Logs are read by more people and kept longer than the database,
 * and a feed URL alone opens the advisor's calendar. Queries are never logged, so only paths are handled here.
 */
const REDACTED = "[redacted]";

/** Path prefixes whose next segment is a secret, and the segments under them that are ordinary routes. */
const SECRET_SEGMENT_AFTER: { prefix: string; routes: string[] }[] = [
  { prefix: "/api/calendar/", routes: ["feed"] },
  { prefix: "/api/payments/session/", routes: [] },
];

export function redactPath(pathname: string): string {
  for (const { prefix, routes } of SECRET_SEGMENT_AFTER) {
    if (!pathname.startsWith(prefix)) continue;
    const rest = pathname.slice(prefix.length);
    const slash = rest.indexOf("/");
    const segment = slash === -1 ? rest : rest.slice(0, slash);
    if (segment === "" || routes.includes(segment)) return pathname;
    // Keep the file extension (".ics"), which says what was asked for without saying whose.
    const dot = segment.lastIndexOf(".");
    const extension = dot > 0 && segment.length - dot <= 5 ? segment.slice(dot) : "";
    return `${prefix}${REDACTED}${extension}${slash === -1 ? "" : rest.slice(slash)}`;
  }
  return pathname;
}

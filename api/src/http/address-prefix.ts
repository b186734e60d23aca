// The key an address is counted under by per-address limits. One IPv6 host is normally given a whole /64 (2^64
// addresses), so counting each IPv6 address on its own gave one client unlimited tries: IPv6 is counted by its /64.
// Addresses are read by ipaddr.js, not by hand: a forwarded value is text a proxy (or a client) wrote.
import ipaddr from "ipaddr.js";

/** "[2001:db8::1]:443" or "1.2.3.4:80" (a proxy may write the port) without the port; a zone id stays for ipaddr.js. */
function withoutPort(text: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  return /^[\d.]+:\d+$/.test(text) ? text.slice(0, text.indexOf(":")) : text;
}

/** The /64 an IPv6 address is in, written "2001:db8:0:1::/64". */
const prefix64 = (address: ipaddr.IPv6) =>
  `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;

/**
 * The limit key of a peer address: an IPv4 address as itself (four decimal parts only: "010.1.1.1" is 8.1.1.1 to some
 * readers and 10.1.1.1 to others, so it is no address); an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, in any spelling)
 * as that IPv4 address; any other IPv6 address as its /64 prefix, whatever its compression, case or zone id.
 * Anything else ("local", a malformed forwarded value) is its own key.
 */
export function limitKeyOfAddress(address: string): string {
  const text = withoutPort(address.trim());
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).toString();
  if (!ipaddr.IPv6.isValid(text)) return address.trim();
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address().toString() : prefix64(v6);
}

// The key an address is counted under by per-address limits. One IPv6 host is normally given a whole /64 (2^64
// addresses), so counting each IPv6 address on its own gave one client unlimited tries: IPv6 is counted by its /64.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** "1.2.3.4" as four bytes, or null when it is not a dotted IPv4 address. */
function parseIpv4(text: string): number[] | null {
  const parts = IPV4.exec(text)?.slice(1).map(Number);
  if (!parts || parts.some((part) => part > 255)) return null;
  return parts;
}

/** The eight 16-bit groups of an IPv6 address ("::" expanded, a dotted IPv4 tail read as two groups), or null. */
function parseIpv6(text: string): number[] | null {
  const halves = text.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups: number[] = [];
    const pieces = half.split(":");
    for (const [index, piece] of pieces.entries()) {
      const v4 = index === pieces.length - 1 ? parseIpv4(piece) : null;
      if (v4) groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      else if (HEXTET.test(piece)) groups.push(Number.parseInt(piece, 16));
      else return null;
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** "[2001:db8::1]:443" or "1.2.3.4:80" (a proxy may write the port) without the port, and any zone id ("%eth0"). */
function stripDecorations(address: string): string {
  let text = address.trim();
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(":"));
  const zone = text.indexOf("%");
  return zone >= 0 ? text.slice(0, zone) : text;
}

/**
 * The limit key of a peer address: an IPv4 address as itself; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, in any
 * spelling) as that IPv4 address; any other IPv6 address as its /64 prefix (`2001:db8:0:1::/64`), whatever its
 * compression, case or zone id. Anything else ("local", a malformed forwarded value) is its own key.
 */
export function limitKeyOfAddress(address: string): string {
  const text = stripDecorations(address);
  const v4 = parseIpv4(text);
  if (v4) return v4.join(".");
  const groups = text.includes(":") ? parseIpv6(text) : null;
  if (!groups) return address.trim();
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

// Per-address limits count an IPv6 client by its /64 (the block one host is given), whatever the spelling.
import { expect, test } from "bun:test";
import { limitKeyOfAddress } from "./address-prefix";

test("every address of one /64 has one key, in any spelling", () => {
  const sameNetwork = [
    "2001:db8:0:1::1",
    "2001:db8:0:1::2",
    "2001:db8:0:1:ffff:ffff:ffff:ffff",
    "2001:0DB8:0000:0001:0000:0000:0000:0009",
    "2001:db8::1:0:0:0:7",
    "[2001:db8:0:1::3]:443",
    "fe80::1%eth0".replace("fe80::", "2001:db8:0:1::"),
    "2001:db8:0:1::1.2.3.4",
  ];
  expect(new Set(sameNetwork.map(limitKeyOfAddress))).toEqual(new Set(["2001:db8:0:1::/64"]));
  expect(limitKeyOfAddress("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
});

test("compressed forms, zone ids and IPv4 inside IPv6", () => {
  expect(limitKeyOfAddress("::")).toBe("0:0:0:0::/64");
  expect(limitKeyOfAddress("::1")).toBe("0:0:0:0::/64");
  expect(limitKeyOfAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  expect(limitKeyOfAddress("fe80::2%25en0")).toBe("fe80:0:0:0::/64");
  expect(limitKeyOfAddress("1::")).toBe("1:0:0:0::/64");
  // IPv4-mapped IPv6 is the IPv4 client it maps, in every spelling.
  expect(limitKeyOfAddress("::ffff:1.2.3.4")).toBe("1.2.3.4");
  expect(limitKeyOfAddress("::FFFF:0102:0304")).toBe("1.2.3.4");
  expect(limitKeyOfAddress("0:0:0:0:0:ffff:1.2.3.4")).toBe("1.2.3.4");
  expect(limitKeyOfAddress("::ffff:1.2.3.5")).not.toBe(limitKeyOfAddress("::ffff:1.2.3.4"));
});

test("IPv4 stays whole; what is not an address is its own key", () => {
  expect(limitKeyOfAddress("198.51.100.7")).toBe("198.51.100.7");
  expect(limitKeyOfAddress("198.51.100.7:8080")).toBe("198.51.100.7");
  expect(limitKeyOfAddress("198.51.100.8")).not.toBe(limitKeyOfAddress("198.51.100.7"));
  for (const odd of ["local", "1:2:3:4:5:6:7:8:9", "1::2::3", "2001:db8::g", "999.1.1.1", ":::"]) {
    expect(limitKeyOfAddress(odd)).toBe(odd);
  }
});

test("spellings that are not one address are their own key (the hand parser read them as addresses)", () => {
  // A leading zero is octal to inet_aton ("010" is 8) and decimal to others; an IPv4 address has no zone; a zone
  // is not empty. The hand-written parser took all three as the address they resemble.
  for (const odd of ["010.1.1.1", "1.2.3.04", "1.2.3.4%eth0", "fe80::1%"]) {
    expect(limitKeyOfAddress(odd)).toBe(odd);
  }
});

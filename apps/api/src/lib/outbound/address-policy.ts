import { BlockList, isIP } from "node:net";

/**
 * Which resolved addresses an outbound request (webhooks, shop pulls) may connect to. Only public
 * unicast addresses; `allowPrivate` (OUTBOUND_ALLOW_PRIVATE=1, development and tests) opens loopback
 * and the private ranges, never link-local nor the cloud metadata addresses.
 */
export interface OutboundPolicy {
  allowPrivate: boolean;
}

function blockList(subnets: ReadonlyArray<readonly [string, number]>): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets)
    list.addSubnet(network, prefix, isIP(network) === 6 ? "ipv6" : "ipv4");
  return list;
}

/** Never reachable, whatever the flag: link-local (metadata lives there), unspecified, metadata hosts. */
const alwaysRefused = blockList([
  ["0.0.0.0", 8],
  ["169.254.0.0", 16],
  ["100.100.100.200", 32],
  ["::", 128],
  ["fe80::", 10],
  ["fd00:ec2::254", 128],
]);

/** Reachable only with OUTBOUND_ALLOW_PRIVATE=1: loopback, RFC 1918, CGNAT, unique local. */
const privateRanges = blockList([
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["100.64.0.0", 10],
  ["::1", 128],
  ["fc00::", 7],
]);

/** Never a public host: reserved, documentation, benchmarking, multicast, broadcast, IPv6 tunnels. */
const reserved = blockList([
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["ff00::", 8],
]);

/** IPv6 outside 2000::/3 (global unicast) is never public, except the private ranges above. */
const globalUnicast = blockList([["2000::", 3]]);

const ipv4MappedPrefix = blockList([["::ffff:0:0", 96]]);

/**
 * The decision on one resolved address. IPv4-mapped IPv6 forms (`::ffff:127.0.0.1`, `::ffff:7f00:1`)
 * are judged as the IPv4 address they carry.
 */
export function isOutboundAddressAllowed(address: string, policy: OutboundPolicy): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 0) return false;
  const type = family === 6 ? "ipv6" : "ipv4";
  if (type === "ipv6" && ipv4MappedPrefix.check(bare, "ipv6")) {
    const mapped = mappedIpv4(bare);
    return mapped !== null && isOutboundAddressAllowed(mapped, policy);
  }
  if (alwaysRefused.check(bare, type)) return false;
  if (privateRanges.check(bare, type)) return policy.allowPrivate;
  if (reserved.check(bare, type)) return false;
  return type === "ipv4" || globalUnicast.check(bare, "ipv6");
}

/** `::ffff:a.b.c.d` or `::ffff:xxxx:yyyy` (any spelling) → `a.b.c.d`. */
function mappedIpv4(address: string): string | null {
  const normalised = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(normalised);
  if (!match?.[1] || !match[2]) return null;
  const high = Number.parseInt(match[1], 16);
  const low = Number.parseInt(match[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

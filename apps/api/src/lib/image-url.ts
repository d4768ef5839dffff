import { BlockList, isIP } from "node:net";
import type { FileStorage } from "./storage";

/**
 * A stored path becomes its public URL; an external URL (given as `image_url`) is served normalised,
 * and not at all when it is not a public https one (a row stored before the rule).
 */
export function publicImageUrl(storage: FileStorage, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return publicHttpsImageUrl(path);
  if (path.startsWith("/")) return path;
  return storage.url(path);
}

/** Whether a stored image path is ours (to delete with the product), not an external URL. */
export function isStoredImage(path: string | null | undefined): path is string {
  return !!path && !/^https?:\/\//i.test(path) && !path.startsWith("/");
}

/** Addresses no public image lives at: this host, private networks, link-local, unspecified, multicast. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

/** Names that never reach a public server: this host, the local network (mDNS) and single labels. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$|^[^.]+$/;

/**
 * An external product image URL, normalised (the WHATWG form: host lower-cased, quotes and spaces
 * percent-encoded, so it never breaks out of an HTML attribute), or null when it is not an `https`
 * URL of a public host without credentials: every visitor's browser loads it.
 */
export function publicHttpsImageUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password) return null;
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  const family = isIP(host);
  if (family === 4 && NOT_PUBLIC.check(host, "ipv4")) return null;
  if (family === 6 && NOT_PUBLIC.check(host, "ipv6")) return null;
  if (family === 0 && LOCAL_NAME.test(host)) return null;
  return url.href;
}

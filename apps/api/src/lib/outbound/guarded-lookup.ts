import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isOutboundAddressAllowed, type OutboundPolicy } from "./address-policy";

/** Every address a name resolves to (dns.lookup with `all`); tests inject a fake one. */
export type OutboundResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: OutboundResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/** Thrown (or given to the socket) when a destination is refused; nothing has been sent. */
export class OutboundRefusedError extends Error {
  readonly code = "OUTBOUND_REFUSED";
  constructor(readonly hostname: string) {
    super(`outbound request to ${hostname} refused: not a public address`);
    this.name = "OutboundRefusedError";
  }
}

/**
 * A `lookup` for net/tls.connect: resolves the name, refuses the connection when ANY of its addresses
 * is not allowed, and connects only to addresses it has checked. The check happens at connect time,
 * so a name that changes its answer after a creation-time check (DNS rebinding) is still refused.
 */
export function guardedLookup(
  policy: OutboundPolicy,
  resolver: OutboundResolver = systemResolver,
): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (resolved) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = family ? resolved.filter((entry) => entry.family === family) : resolved;
        const first = addresses[0];
        if (!first || addresses.some((entry) => !isOutboundAddressAllowed(entry.address, policy))) {
          callback(new OutboundRefusedError(hostname), "", 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

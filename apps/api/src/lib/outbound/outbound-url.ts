import { isIP } from "node:net";
import { fr } from "@certavis/i18n-fr/server";
import { fieldError } from "../../http/errors";
import { isOutboundAddressAllowed, type OutboundPolicy } from "./address-policy";
import { type OutboundResolver, systemResolver } from "./guarded-lookup";

export type OutboundUrlProblem = "invalid" | "scheme" | "private" | "unresolved";

/** `https` only; `http` too with OUTBOUND_ALLOW_PRIVATE=1. */
export function isOutboundScheme(url: URL, policy: OutboundPolicy): boolean {
  return url.protocol === "https:" || (policy.allowPrivate && url.protocol === "http:");
}

/**
 * The creation-time check of a URL we will call later (a webhook endpoint, a shop): its scheme and
 * every address its host resolves to now. The connect-time check (`outboundFetch`) still runs on
 * every request, since a name may resolve elsewhere later.
 */
export async function checkOutboundUrl(
  raw: string,
  policy: OutboundPolicy,
  resolver: OutboundResolver = systemResolver,
): Promise<OutboundUrlProblem | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "invalid";
  }
  if (!isOutboundScheme(url, policy)) return "scheme";
  if (url.hostname === "") return "invalid";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host)) return isOutboundAddressAllowed(host, policy) ? null : "private";
  let addresses: { address: string }[];
  try {
    addresses = await resolver(host);
  } catch {
    return "unresolved";
  }
  if (addresses.length === 0) return "unresolved";
  return addresses.every((entry) => isOutboundAddressAllowed(entry.address, policy)) ? null : "private";
}

/** The French text of a refused URL. */
export function outboundUrlProblemText(problem: OutboundUrlProblem): string {
  return fr.server.outbound[problem];
}

/** `checkOutboundUrl`, answering a French 400 on `field` when the URL is refused. */
export async function assertOutboundUrl(
  raw: string,
  field: string,
  policy: OutboundPolicy,
  resolver: OutboundResolver = systemResolver,
): Promise<void> {
  const problem = await checkOutboundUrl(raw, policy, resolver);
  if (problem) throw fieldError(field, outboundUrlProblemText(problem));
}

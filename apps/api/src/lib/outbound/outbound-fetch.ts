import { isIP } from "node:net";
import { Agent, buildConnector, fetch, type RequestInit, type Response } from "undici";
import { isOutboundAddressAllowed, type OutboundPolicy } from "./address-policy";
import { guardedLookup, OutboundRefusedError, type OutboundResolver, systemResolver } from "./guarded-lookup";
import { isOutboundScheme } from "./outbound-url";

export interface OutboundOptions extends OutboundPolicy {
  /** The whole request, answer included (default 10 s). */
  timeoutMs?: number;
  /** Tests only: a fake name resolution. */
  resolver?: OutboundResolver;
}

/**
 * An undici Agent that connects only to allowed addresses: a literal IP host is judged before the
 * socket opens, a name through `guardedLookup` (every resolved address, at connect time).
 */
export function outboundAgent(policy: OutboundPolicy, resolver: OutboundResolver = systemResolver): Agent {
  const connect = buildConnector({ lookup: guardedLookup(policy, resolver), timeout: 10_000 });
  return new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[(.*)\]$/, "$1");
      if (isIP(host) && !isOutboundAddressAllowed(host, policy)) {
        callback(new OutboundRefusedError(host), null);
        return;
      }
      connect(options, callback);
    },
  });
}

const sharedAgents = new Map<boolean, Agent>();

function agentFor(options: OutboundOptions): Agent {
  if (options.resolver) return outboundAgent(options, options.resolver);
  let agent = sharedAgents.get(options.allowPrivate);
  if (!agent) {
    agent = outboundAgent(options);
    sharedAgents.set(options.allowPrivate, agent);
  }
  return agent;
}

/**
 * `fetch` for every request the server sends to an address a company gave (webhooks, shop pulls):
 * guarded destination, redirects never followed (a 3xx is returned as is), one timeout for the whole
 * exchange. A refused destination rejects with a TypeError whose `cause` is an `OutboundRefusedError`.
 */
export async function outboundFetch(
  url: string,
  init: RequestInit,
  options: OutboundOptions,
): Promise<Response> {
  const parsed = new URL(url);
  if (!isOutboundScheme(parsed, options)) throw new OutboundRefusedError(parsed.hostname);
  const dispatcher = agentFor(options);
  try {
    return await fetch(parsed, {
      ...init,
      redirect: "manual",
      dispatcher,
      signal: init.signal ?? AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } finally {
    if (options.resolver) void dispatcher.close();
  }
}

/** Whether an error of `outboundFetch` is the guard's refusal (nothing was sent). */
export function isOutboundRefusal(error: unknown): boolean {
  if (error instanceof OutboundRefusedError) return true;
  return error instanceof Error && error.cause instanceof OutboundRefusedError;
}

import { createHash } from "node:crypto";
import scalarReference from "@scalar/fastify-api-reference";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import { contentSecurityPolicy } from "./security";

/** Where the API's reference is read: the contract rendered by Scalar, every file from our origin. */
export const API_DOCS_PREFIX = "/api/docs";

/** `'sha256-…'` of each inline script of a page, for its CSP (no inline script runs otherwise). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
}

/**
 * `/api/docs/`: the bundled OpenAPI document (also at `/api/docs/openapi.json` and `.yaml`) rendered by
 * Scalar's standalone script, served by this server (`/api/docs/js/scalar.js`): no CDN, no web fonts
 * from elsewhere, and the page's CSP allows its one inline script by hash only.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  config: AppConfig,
  document: object,
): Promise<void> {
  // The page's CSP allows its inline script by hash: set on that one route only (a global onSend hook
  // would cost every answer of the server a step).
  let policy: { html: string; header: string } | null = null;
  const docsPageOnSend = async (
    _request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<unknown> => {
    if (typeof payload !== "string") return payload;
    if (policy?.html !== payload)
      policy = { html: payload, header: contentSecurityPolicy(config, false, inlineScriptHashes(payload)) };
    reply.header("content-security-policy", policy.header);
    reply.header("cache-control", "no-cache");
    return payload;
  };
  app.addHook("onRoute", (route) => {
    if (route.url !== `${API_DOCS_PREFIX}/`) return;
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...own, docsPageOnSend];
  });
  await app.register(scalarReference, {
    routePrefix: API_DOCS_PREFIX,
    configuration: {
      content: document,
      pageTitle: "Certavis — API",
      locale: "fr",
      withDefaultFonts: false,
      hideClientButton: true,
      showDeveloperTools: "never",
      agent: { disabled: true },
      telemetry: false,
    } as Record<string, unknown>,
  });
}

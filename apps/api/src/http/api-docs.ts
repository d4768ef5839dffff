import { createHash } from "node:crypto";
import { fr } from "@certavis/i18n-fr/server";
import scalarReference from "@scalar/fastify-api-reference";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import { contentSecurityPolicy } from "./security";

/** Where the API's reference is read: the contract rendered by Scalar, every file from our origin. */
export const API_DOCS_PREFIX = "/api/docs";

interface OpenApiShape {
  info?: Record<string, unknown>;
  tags?: Array<{ name: string; description?: string }>;
  components?: { securitySchemes?: Record<string, { description?: string }> };
}

/**
 * The contract as the reference page shows it: its own texts in French (title, introduction, tags,
 * security schemes), the shop's API key first (the introduction, the `orders` tag, the `apiKeyAuth`
 * scheme). Paths and schemas are the contract's, unchanged.
 */
export function frenchApiDocs(document: object): object {
  const texts = fr.server.apiDocs;
  const source = document as OpenApiShape;
  const tags = (source.tags ?? [])
    .map((tag) => ({ name: tag.name, description: texts.tags[tag.name] ?? tag.description ?? "" }))
    .sort((a, b) => (a.name === "orders" ? -1 : b.name === "orders" ? 1 : 0));
  const schemes = source.components?.securitySchemes ?? {};
  const { apiKeyAuth, bearerAuth, ...others } = schemes;
  return {
    ...source,
    info: { ...source.info, title: texts.title, summary: texts.title, description: texts.description },
    tags,
    components: {
      ...source.components,
      securitySchemes: {
        ...(apiKeyAuth ? { apiKeyAuth: { ...apiKeyAuth, description: texts.apiKeyScheme } } : {}),
        ...(bearerAuth ? { bearerAuth: { ...bearerAuth, description: texts.bearerScheme } } : {}),
        ...others,
      },
    },
  };
}

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
    // A French page: Scalar's shell says no language of its own.
    const html = payload.replace(/<html(?![^>]*\blang=)/i, '<html lang="fr"');
    if (policy?.html !== html)
      policy = { html, header: contentSecurityPolicy(config, false, inlineScriptHashes(html)) };
    reply.header("content-security-policy", policy.header);
    reply.header("cache-control", "no-cache");
    return html;
  };
  app.addHook("onRoute", (route) => {
    if (route.url !== `${API_DOCS_PREFIX}/`) return;
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...own, docsPageOnSend];
  });
  await app.register(scalarReference, {
    routePrefix: API_DOCS_PREFIX,
    configuration: {
      content: frenchApiDocs(document),
      pageTitle: fr.server.apiDocs.title,
      authentication: { preferredSecurityScheme: "apiKeyAuth" },
      locale: "fr",
      withDefaultFonts: false,
      hideClientButton: true,
      showDeveloperTools: "never",
      agent: { disabled: true },
      telemetry: false,
    } as Record<string, unknown>,
  });
}

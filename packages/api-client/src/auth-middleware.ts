import type { Middleware } from "openapi-fetch";
import type { TokenStore } from "./token-store";

/** Paths (relative to the API base) that are called without a bearer token (spec §7, ARCHITECTURE §10). */
export const defaultPublicPaths: readonly string[] = [
  "/auth/login/",
  "/auth/register/",
  "/auth/refresh/",
  "/auth/logout/",
  "/auth/reset-password/",
  "/auth/reset-password/confirm/",
  "/auth/change-email/confirm/",
  "/review/",
  "/public/reviews/",
  "/public/reviews/jsonld/",
  "/public/procedure/",
  "/public/ratings/",
  "/public/badge.svg",
  "/public/feeds/google-product-reviews.xml",
  "/public/feeds/google-merchant-reviews.xml",
  "/public/unsubscribe/",
  "/review/withdrawal/",
  "/review/store/",
  "/review/preview/",
  "/orders/",
  "/health/",
  "/billing/stripe/webhook/",
  "/mail/bounces/",
  "/company/export/download/",
  "/billing/sandbox/{session_id}/",
  "/billing/sandbox/{session_id}/complete/",
  "/billing/sandbox/{session_id}/cancel/",
  "/integrations/{id}/webhook/",
  // moderation by Certavis (ARCHITECTURE §10.19–20): an operator's second factor, transparency figures,
  // and lane-41a's public report, rules and appeals
  "/auth/login/second-factor/",
  "/public/transparency/",
  "/public/companies/{slug}/transparency/",
  "/public/reviews/{id}/report/",
  "/public/moderation-rules/",
  "/public/appeals/",
];

/** A 401 from these means wrong credentials or a dead refresh token, never a stale access token. */
const neverRefreshPaths = new Set([
  "/auth/login/",
  "/auth/login/second-factor/",
  "/auth/register/",
  "/auth/refresh/",
]);

export const refreshPath = "/auth/refresh/";

export interface AuthMiddlewareOptions {
  tokenStore: TokenStore;
  /** Called once when a session cannot be renewed (refresh rejected or no refresh token); tokens are already cleared. */
  onSessionExpired?: () => void;
  publicPaths?: readonly string[];
}

type FetchFn = (input: Request) => Promise<Response>;

// Schema paths are relative to the base; tolerate a contract that spells the /api/v1 prefix in each path.
function relativePath(schemaPath: string): string {
  return schemaPath.replace(/^\/api\/v1(?=\/)/, "");
}

/**
 * Adds `Authorization: Bearer <access>` to non-public calls. On a 401 of such a call it renews the
 * tokens ONCE for all concurrent failures (single flight), then replays the original request once.
 */
export function createAuthMiddleware(options: AuthMiddlewareOptions): Middleware {
  const { tokenStore, onSessionExpired } = options;
  const publicPaths = new Set(options.publicPaths ?? defaultPublicPaths);
  // Per request id: an unsent copy of the request (bodies are streams, read once) and the token it carried.
  const inFlight = new Map<string, { replay: Request; sentToken: string | null }>();
  let refreshing: Promise<string | null> | null = null;

  const expire = (): null => {
    tokenStore.clear();
    try {
      onSessionExpired?.();
    } catch (error) {
      // A failing hook must not turn every waiting request into its error: report it on its own.
      queueMicrotask(() => {
        throw error;
      });
    }
    return null;
  };

  async function renew(fetchFn: FetchFn, baseUrl: string): Promise<string | null> {
    const refresh = tokenStore.getRefresh();
    if (!refresh) return expire();
    let response: Response;
    try {
      response = await fetchFn(
        new Request(`${baseUrl}${refreshPath}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ refresh }),
        }),
      );
    } catch {
      // Network down: the session may still be valid, so keep the tokens and surface the 401.
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return expire();
    }
    const data: unknown = await response.json().catch(() => null);
    const access = (data as { access?: unknown } | null)?.access;
    if (typeof access !== "string" || !access) return expire();
    const rotated = (data as { refresh?: unknown }).refresh;
    tokenStore.set({ access, refresh: typeof rotated === "string" && rotated ? rotated : undefined });
    return access;
  }

  function renewOnce(fetchFn: FetchFn, baseUrl: string): Promise<string | null> {
    refreshing ??= renew(fetchFn, baseUrl).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  return {
    onRequest({ request, schemaPath, id }) {
      if (publicPaths.has(relativePath(schemaPath))) return undefined;
      const token = tokenStore.getAccess();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      // Without any token there is no session to renew: a 401 is then final.
      if (token || tokenStore.getRefresh()) inFlight.set(id, { replay: request.clone(), sentToken: token });
      return request;
    },

    async onResponse({ response, schemaPath, id, options: merged }) {
      const entry = inFlight.get(id);
      inFlight.delete(id);
      if (!entry || response.status !== 401 || neverRefreshPaths.has(relativePath(schemaPath)))
        return undefined;
      // Call through a local binding: browsers reject fetch invoked as a method of another object.
      const fetchFn: FetchFn = merged.fetch;

      const current = tokenStore.getAccess();
      let token: string | null;
      if (current && current !== entry.sentToken) {
        token = current; // a concurrent call already renewed the session
      } else if (!current && entry.sentToken) {
        return undefined; // the session ended meanwhile (failed renewal elsewhere, or logout)
      } else {
        token = await renewOnce(fetchFn, merged.baseUrl);
      }
      if (!token) return undefined;

      await response.body?.cancel();
      entry.replay.headers.set("Authorization", `Bearer ${token}`);
      return fetchFn(entry.replay);
    },

    onError({ id }) {
      inFlight.delete(id);
      return undefined;
    },
  };
}

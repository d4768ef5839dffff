import createClient from "openapi-fetch";
import { createAuthMiddleware } from "./auth-middleware";
import { createTokenStore, type TokenStore } from "./token-store";
import { unwrapMethod } from "./unwrap";

export interface ApiClientOptions {
  /** Default `/api/v1` (same origin). Tests and Node callers pass an absolute URL. */
  baseUrl?: string;
  tokenStore?: TokenStore;
  /** Called once when the session cannot be renewed; apps navigate to /login here. */
  onSessionExpired?: () => void;
  fetch?: (input: Request) => Promise<Response>;
  /** Override the paths sent without a bearer token (defaults to `defaultPublicPaths`). */
  publicPaths?: readonly string[];
}

/**
 * `client` is the raw openapi-fetch client (`{data, error, response}`); `get`/`post`/`put`/`patch`/`delete`
 * take the same arguments but resolve to data and throw ApiError on any non-OK status.
 */
export function createApiClient<Paths extends {}>(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? "/api/v1";
  const tokenStore = options.tokenStore ?? createTokenStore();
  const client = createClient<Paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  client.use(
    createAuthMiddleware({
      tokenStore,
      ...(options.onSessionExpired ? { onSessionExpired: options.onSessionExpired } : {}),
      ...(options.publicPaths ? { publicPaths: options.publicPaths } : {}),
    }),
  );
  return {
    client,
    tokenStore,
    baseUrl,
    get: unwrapMethod(client.GET),
    post: unwrapMethod(client.POST),
    put: unwrapMethod(client.PUT),
    patch: unwrapMethod(client.PATCH),
    delete: unwrapMethod(client.DELETE),
  };
}

export type ApiClient<Paths extends {}> = ReturnType<typeof createApiClient<Paths>>;

import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../src/api-error";
import { createApiClient } from "../src/create-api-client";
import { createTokenStore, type TokenStore } from "../src/token-store";
import {
  bearerOf,
  jsonOf,
  type RecordedRequest,
  type Reply,
  startServer,
  type TestServer,
} from "./http-server";
import type { paths } from "./test-paths";

/** A tiny auth server: one valid access token at a time, refresh tokens rotated on each use. */
function createAuthState(initial: { access: string; refresh: string }) {
  const state = { ...initial, generation: 0 };
  const authorized =
    (ok: (request: RecordedRequest) => Reply) =>
    (request: RecordedRequest): Reply =>
      bearerOf(request) === state.access
        ? ok(request)
        : { status: 401, body: { detail: "Le jeton est invalide ou expiré." } };
  const refreshRoute = (options: { delayMs?: number } = {}) => {
    return (request: RecordedRequest): Reply => {
      const { refresh } = jsonOf(request) as { refresh?: string };
      if (refresh !== state.refresh)
        return { status: 401, body: { detail: "Jeton de rafraîchissement invalide." } };
      state.generation += 1;
      state.access = `access-${state.generation + 1}`;
      state.refresh = `refresh-${state.generation + 1}`;
      return {
        status: 200,
        body: { access: state.access, refresh: state.refresh },
        delayMs: options.delayMs ?? 0,
      };
    };
  };
  return { state, authorized, refreshRoute };
}

function storeWith(access: string | null, refresh: string | null): TokenStore {
  const store = createTokenStore(undefined);
  if (access) store.set({ access, refresh });
  else if (refresh) store.set({ access: "", refresh });
  return store;
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("auth middleware against a real HTTP server", () => {
  it("sends the bearer token on authenticated calls and none on public ones", async () => {
    const auth = createAuthState({ access: "access-1", refresh: "refresh-1" });
    server = await startServer({
      "GET /users/me/": auth.authorized(() => ({
        status: 200,
        body: { id: "u1", email: "demo@exemple.fr" },
      })),
      "POST /auth/login/": () => ({ status: 200, body: { access: "a", refresh: "r" } }),
    });
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: storeWith("access-1", "refresh-1"),
    });

    const me = await api.get("/users/me/");
    await api.post("/auth/login/", { body: { email: "demo@exemple.fr", password: "demo-certavis" } });

    expect(me).toEqual({ id: "u1", email: "demo@exemple.fr" });
    expect(server.hits("GET", "/users/me/")[0]?.headers.authorization).toBe("Bearer access-1");
    expect(server.hits("POST", "/auth/login/")[0]?.headers.authorization).toBeUndefined();
  });

  it("shares ONE refresh between concurrent 401s and retries each request once with the new token", async () => {
    const auth = createAuthState({ access: "access-2", refresh: "refresh-1" });
    server = await startServer({
      "GET /users/me/": auth.authorized(() => ({ status: 200, body: { id: "u1", email: "a@b.fr" } })),
      // This one answers its 401 only after the refresh has completed.
      "GET /company/products/": (request) => ({
        ...auth.authorized(() => ({ status: 200, body: { count: 0, results: [] } }))(request),
        delayMs: bearerOf(request) === "access-1" ? 150 : 0,
      }),
      "POST /auth/refresh/": auth.refreshRoute({ delayMs: 50 }),
    });
    const store = storeWith("access-1", "refresh-1");
    let expired = 0;
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: store,
      onSessionExpired: () => expired++,
    });

    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => api.get("/users/me/")),
      api.get("/company/products/"),
    ]);

    expect(results).toHaveLength(6);
    expect(server.hits("POST", "/auth/refresh/")).toHaveLength(1);
    expect(jsonOf(server.hits("POST", "/auth/refresh/")[0] as RecordedRequest)).toEqual({
      refresh: "refresh-1",
    });
    const meHits = server.hits("GET", "/users/me/").map(bearerOf);
    expect(meHits.filter((t) => t === "access-1")).toHaveLength(5);
    expect(meHits.filter((t) => t === "access-2")).toHaveLength(5);
    expect(server.hits("GET", "/company/products/").map(bearerOf)).toEqual(["access-1", "access-2"]);
    expect(store.get()).toEqual({ access: "access-2", refresh: "refresh-2" });
    expect(expired).toBe(0);
  });

  it("clears the tokens and calls onSessionExpired once when the refresh is rejected", async () => {
    const auth = createAuthState({ access: "access-9", refresh: "refresh-9" });
    server = await startServer({
      "GET /users/me/": auth.authorized(() => ({ status: 200, body: {} })),
      "POST /auth/refresh/": (request) => ({ ...auth.refreshRoute()(request), delayMs: 30 }),
    });
    const store = storeWith("access-1", "refresh-1");
    const changes: unknown[] = [];
    store.subscribe((tokens) => changes.push(tokens));
    let expired = 0;
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: store,
      onSessionExpired: () => expired++,
    });

    const outcomes = await Promise.allSettled([
      api.get("/users/me/"),
      api.get("/users/me/"),
      api.get("/users/me/"),
    ]);

    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).status).toBe(401);
      expect((reason as ApiError).message).toBe("Le jeton est invalide ou expiré.");
    }
    expect(expired).toBe(1);
    expect(store.get()).toEqual({ access: null, refresh: null });
    expect(changes).toContainEqual({ access: null, refresh: null });
    expect(server.hits("POST", "/auth/refresh/")).toHaveLength(1);
    expect(server.hits("GET", "/users/me/")).toHaveLength(3);
  });

  it("expires the session without calling refresh when there is no refresh token", async () => {
    const auth = createAuthState({ access: "access-9", refresh: "refresh-9" });
    server = await startServer({
      "GET /users/me/": auth.authorized(() => ({ status: 200, body: {} })),
      "POST /auth/refresh/": auth.refreshRoute(),
    });
    const store = createTokenStore(undefined);
    store.set({ access: "access-1" });
    let expired = 0;
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: store,
      onSessionExpired: () => expired++,
    });

    await expect(api.get("/users/me/")).rejects.toMatchObject({ status: 401 });
    expect(server.hits("POST", "/auth/refresh/")).toHaveLength(0);
    expect(expired).toBe(1);
    expect(store.getAccess()).toBeNull();
  });

  it("does not refresh nor expire anything for a 401 without any session", async () => {
    server = await startServer({
      "GET /users/me/": () => ({
        status: 401,
        body: { detail: "Informations d'authentification non fournies." },
      }),
    });
    let expired = 0;
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: createTokenStore(undefined),
      onSessionExpired: () => expired++,
    });

    await expect(api.get("/users/me/")).rejects.toMatchObject({ status: 401 });
    expect(server.hits("GET", "/users/me/")[0]?.headers.authorization).toBeUndefined();
    expect(server.hits("POST", "/auth/refresh/")).toHaveLength(0);
    expect(expired).toBe(0);
  });

  it("never refreshes on a login 401 and keeps the stored tokens", async () => {
    const auth = createAuthState({ access: "access-1", refresh: "refresh-1" });
    server = await startServer({
      "POST /auth/login/": () => ({ status: 401, body: { detail: "Identifiants invalides" } }),
      "POST /auth/refresh/": auth.refreshRoute(),
    });
    const store = storeWith("access-1", "refresh-1");
    let expired = 0;
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: store,
      onSessionExpired: () => expired++,
    });

    const error = await api
      .post("/auth/login/", { body: { email: "x@y.fr", password: "mauvais-mdp" } })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Identifiants invalides");
    expect(server.hits("POST", "/auth/refresh/")).toHaveLength(0);
    expect(server.hits("POST", "/auth/login/")).toHaveLength(1);
    expect(expired).toBe(0);
    expect(store.get()).toEqual({ access: "access-1", refresh: "refresh-1" });
  });

  it("replays a JSON POST body identically on the retry", async () => {
    const auth = createAuthState({ access: "access-2", refresh: "refresh-1" });
    server = await startServer({
      "POST /company/products/": auth.authorized((request) => ({
        status: 201,
        body: { id: "p1", name: (jsonOf(request) as { name: string }).name },
      })),
      "POST /auth/refresh/": auth.refreshRoute(),
    });
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: storeWith("access-1", "refresh-1"),
    });

    const created = await api.post("/company/products/", {
      body: { name: "Crème solaire été", status: "draft" },
    });

    expect(created).toEqual({ id: "p1", name: "Crème solaire été" });
    const [first, retry] = server.hits("POST", "/company/products/");
    expect(first && retry).toBeTruthy();
    expect(retry?.body.equals(first?.body as Buffer)).toBe(true);
    expect(jsonOf(retry as RecordedRequest)).toEqual({ name: "Crème solaire été", status: "draft" });
    expect(retry?.headers["content-type"]).toBe(first?.headers["content-type"]);
    expect([first, retry].map((r) => bearerOf(r as RecordedRequest))).toEqual(["access-1", "access-2"]);
  });

  it("replays a multipart body byte for byte on the retry", async () => {
    const auth = createAuthState({ access: "access-2", refresh: "refresh-1" });
    server = await startServer({
      "POST /company/products/": auth.authorized(() => ({ status: 201, body: { id: "p2", name: "Photo" } })),
      "POST /auth/refresh/": auth.refreshRoute(),
    });
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: storeWith("access-1", "refresh-1"),
    });
    const form = new FormData();
    form.set("name", "Photo");
    form.set("status", "active");
    form.set("image", new Blob([new Uint8Array([137, 80, 78, 71, 0, 255])], { type: "image/png" }), "p.png");

    await api.post("/company/products/", {
      // multipart: openapi-fetch passes FormData through untouched
      body: form as never,
    });

    const [first, retry] = server.hits("POST", "/company/products/");
    expect(first?.body.length).toBeGreaterThan(0);
    expect(retry?.body.equals(first?.body as Buffer)).toBe(true);
    expect(retry?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(retry?.headers["content-type"]).toBe(first?.headers["content-type"]);
  });

  it("retries only once: a second 401 after a successful refresh is returned as is", async () => {
    const auth = createAuthState({ access: "access-2", refresh: "refresh-1" });
    server = await startServer({
      "GET /users/me/": () => ({ status: 401, body: { detail: "Toujours refusé." } }),
      "POST /auth/refresh/": auth.refreshRoute(),
    });
    let expired = 0;
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: storeWith("access-1", "refresh-1"),
      onSessionExpired: () => expired++,
    });

    await expect(api.get("/users/me/")).rejects.toMatchObject({ status: 401, message: "Toujours refusé." });
    expect(server.hits("GET", "/users/me/")).toHaveLength(2);
    expect(server.hits("POST", "/auth/refresh/")).toHaveLength(1);
    expect(expired).toBe(0);
  });

  it("keeps the session when the refresh call cannot reach the server", async () => {
    server = await startServer({
      "GET /users/me/": () => ({ status: 401, body: { detail: "Expiré." } }),
      "POST /auth/refresh/": () => ({ status: 200, drop: true }),
    });
    const store = storeWith("access-1", "refresh-1");
    let expired = 0;
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: store,
      onSessionExpired: () => expired++,
    });

    await expect(api.get("/users/me/")).rejects.toMatchObject({ status: 401 });
    expect(server.hits("POST", "/auth/refresh/")).toHaveLength(1);
    expect(expired).toBe(0);
    expect(store.get()).toEqual({ access: "access-1", refresh: "refresh-1" });
  });

  it("keeps openapi-fetch's {data, error} results on the raw client", async () => {
    server = await startServer({
      "GET /users/me/": () => ({ status: 403, body: { detail: "Vous n'appartenez à aucune entreprise." } }),
    });
    const api = createApiClient<paths>({
      baseUrl: server.baseUrl,
      tokenStore: storeWith("access-1", "refresh-1"),
    });

    const { data, error, response } = await api.client.GET("/users/me/");

    expect(data).toBeUndefined();
    expect(error).toEqual({ detail: "Vous n'appartenez à aucune entreprise." });
    expect(response.status).toBe(403);
  });
});

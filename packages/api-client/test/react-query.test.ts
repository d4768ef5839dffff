import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../src/api-error";
import { createApiClient } from "../src/create-api-client";
import { defaultQueryClientOptions, queryKeys, retryDelay, retryUnlessClientError } from "../src/react-query";
import { createTokenStore } from "../src/token-store";
import { startServer, type TestServer } from "./http-server";
import type { paths } from "./test-paths";

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => JSON.stringify(key[index]) === JSON.stringify(part));

describe("queryKeys", () => {
  it("nests lists, details and product reviews under their resource prefix", () => {
    expect(startsWith(queryKeys.products.list({ limit: 100 }), queryKeys.products.all)).toBe(true);
    expect(startsWith(queryKeys.products.detail("p1"), queryKeys.products.all)).toBe(true);
    expect(startsWith(queryKeys.products.reviews("p1", { limit: 5 }), queryKeys.products.allReviews())).toBe(
      true,
    );
    expect(startsWith(queryKeys.templates.detail("t1"), queryKeys.templates.all)).toBe(true);
    expect(startsWith(queryKeys.forms.list(), queryKeys.forms.all)).toBe(true);
    expect(startsWith(queryKeys.reviews.list({ limit: 200 }), queryKeys.reviews.all)).toBe(true);
  });

  it("keeps different params and resources apart", () => {
    const keys = [
      queryKeys.me,
      queryKeys.company,
      queryKeys.members,
      queryKeys.invites,
      queryKeys.requests,
      queryKeys.subscription,
      queryKeys.invoices,
      queryKeys.products.reviews("p1", { limit: 5 }),
      queryKeys.products.reviews("p1", { limit: 100 }),
      queryKeys.products.reviews("p2", { limit: 5 }),
      queryKeys.companySearch("acme"),
      queryKeys.publicReviews({ company_id: "c1" }),
      queryKeys.publicReviews({ company_id: "c1", product_id: "p1" }),
      queryKeys.publicForm("key-1"),
    ].map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("treats an empty product filter like no filter for public reviews", () => {
    expect(queryKeys.publicReviews({ company_id: "c1", product_id: "" })).toEqual(
      queryKeys.publicReviews({ company_id: "c1" }),
    );
    expect(queryKeys.companySearch(" acme ")).toEqual(queryKeys.companySearch("acme"));
  });
});

describe("retry policy (spec §9)", () => {
  const retry = retryUnlessClientError(3);

  it("retries network errors and 5xx at most 3 times", () => {
    expect([0, 1, 2, 3].map((n) => retry(n, new TypeError("fetch failed")))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(retry(0, new ApiError(503, undefined, "Service Unavailable"))).toBe(true);
  });

  it("never retries a 4xx except 408 and 429", () => {
    for (const status of [400, 401, 403, 404, 409])
      expect(retry(0, new ApiError(status, undefined))).toBe(false);
    expect(retry(0, new ApiError(408, undefined))).toBe(true);
    expect(retry(0, new ApiError(429, undefined))).toBe(true);
  });

  it("backs off exponentially, capped at 30 s, and keeps unused data 5 minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(defaultQueryClientOptions.defaultOptions.queries.gcTime).toBe(300_000);
  });
});

describe("QueryClient with the default options against a real server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      "GET /errors/404/": () => ({ status: 404, body: { detail: "Introuvable." } }),
      "GET /errors/503/": () => ({ status: 503, body: { detail: "Indisponible." } }),
    });
  });
  afterAll(() => server.close());

  async function fetchWithDefaults(status: string) {
    const api = createApiClient<paths>({ baseUrl: server.baseUrl, tokenStore: createTokenStore(undefined) });
    const queryClient = new QueryClient(defaultQueryClientOptions);
    const error = await queryClient
      .fetchQuery({
        queryKey: ["errors", status],
        queryFn: () => api.get("/errors/{status}/", { params: { path: { status } } }),
        retryDelay: 1, // keep the test fast; the retry decision is the default one
      })
      .catch((e: unknown) => e);
    queryClient.clear();
    return error;
  }

  it("does not retry a 404", async () => {
    const error = await fetchWithDefaults("404");
    expect(error).toBeInstanceOf(ApiError);
    expect(server.hits("GET", "/errors/404/")).toHaveLength(1);
  });

  it("tries a 503 four times (1 + 3 retries)", async () => {
    const error = await fetchWithDefaults("503");
    expect((error as ApiError).message).toBe("Indisponible.");
    expect(server.hits("GET", "/errors/503/")).toHaveLength(4);
  });
});

import { storageKeys } from "@certavis/api-client";
import { inject, onTestFinished } from "vitest";
import { setApiBaseUrl } from "../../src/lib/api-client";
import type {
  SeedAccountInput,
  SeedAccountResult,
  SeededUser,
  SeedJoinRequestsInput,
  SeedOrdersInput,
  SeedProductsInput,
  SeedReviewsInput,
} from "./seed-types";

/** The real API started by test/support/api-global-setup.ts (the app's client points at it, see setup.ts). */
export const apiOrigin = inject("apiOrigin");
export const apiBaseUrl = `${apiOrigin}/api/v1`;

/** False while the operation answers 501 (another engineer is implementing it): `it.skipIf(!implemented(…))`. */
export const implemented = (operationId: string) => inject("implementedOperations").includes(operationId);

async function seedCall<T>(operation: string, body: unknown): Promise<T> {
  const response = await fetch(`${inject("seedUrl")}${operation}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`seed ${operation} failed: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Fixtures written straight to the real API's database. */
export const seed = {
  /** A confirmed user; by default the owner of a new company; `role: null` for no company. */
  account: (input: SeedAccountInput = {}) => seedCall<SeedAccountResult>("/accounts", input),
  products: (input: SeedProductsInput) => seedCall<{ id: string; name: string }[]>("/products", input),
  orders: (input: SeedOrdersInput) => seedCall<{ ids: string[] }>("/orders", input),
  reviews: (input: SeedReviewsInput) => seedCall<{ id: string }[]>("/reviews", input),
  joinRequests: (input: SeedJoinRequestsInput) => seedCall<{ ids: string[] }>("/join-requests", input),
  removeMembership: (userId: string) => seedCall<object>("/remove-membership", { userId }),
};

/** Puts the user's real tokens where the app reads them. */
export function signIn(user: Pick<SeededUser, "access" | "refresh">) {
  localStorage.setItem(storageKeys.access, user.access);
  localStorage.setItem(storageKeys.refresh, user.refresh);
}

/** A direct call to the real API as `user` (to check what the screens did). */
export async function apiAs<T>(user: Pick<SeededUser, "access">, path: string, init: RequestInit = {}) {
  const response = await fetch(`${apiBaseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${user.access}`, "content-type": "application/json", ...init.headers },
  });
  return { status: response.status, body: (response.status === 204 ? null : await response.json()) as T };
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string without its '?', when there is one. */
  query?: string;
}

/**
 * Watches the app's calls to the API (they still reach it) during one test: `const calls = recordApiCalls()`,
 * then read `calls` (paths relative to /api/v1).
 */
export function recordApiCalls(): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (input instanceof Request ? input.method : init?.method) ?? "GET";
    if (url.startsWith(apiBaseUrl)) {
      const [path = "", query] = url.slice(apiBaseUrl.length).split("?");
      calls.push(query ? { method, path, query } : { method, path });
    }
    return realFetch(input, init);
  };
  setApiBaseUrl(apiBaseUrl); // the client takes `fetch` when it is created
  onTestFinished(() => {
    globalThis.fetch = realFetch;
    setApiBaseUrl(apiBaseUrl);
  });
  return calls;
}

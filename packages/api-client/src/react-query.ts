import type { QueryClientConfig, UseMutationOptions } from "@tanstack/react-query";
import { ApiError } from "./api-error";

/** Query parameters as they appear in a key (limit, offset, search, filters…). */
export type KeyParams = Readonly<Record<string, unknown>>;

/**
 * One key factory for every resource, so that invalidation by prefix works across apps:
 * `queryClient.invalidateQueries({ queryKey: queryKeys.products.all })` refreshes every product query.
 */
export const queryKeys = {
  me: ["me"] as const,
  company: ["company"] as const,
  products: {
    all: ["products"] as const,
    lists: () => ["products", "list"] as const,
    list: (params: KeyParams = {}) => ["products", "list", params] as const,
    detail: (id: string) => ["products", "detail", id] as const,
    /** Prefix of every product's review lists (preview, recent). */
    allReviews: () => ["products", "reviews"] as const,
    reviews: (id: string, params: KeyParams = {}) => ["products", "reviews", id, params] as const,
  },
  reviews: {
    all: ["reviews"] as const,
    list: (params: KeyParams = {}) => ["reviews", "list", params] as const,
  },
  templates: {
    all: ["templates"] as const,
    list: (params: KeyParams = {}) => ["templates", "list", params] as const,
    detail: (id: string) => ["templates", "detail", id] as const,
  },
  forms: {
    all: ["forms"] as const,
    list: (params: KeyParams = {}) => ["forms", "list", params] as const,
    detail: (id: string) => ["forms", "detail", id] as const,
  },
  members: ["members"] as const,
  invites: ["invites"] as const,
  requests: ["requests"] as const,
  subscription: ["subscription"] as const,
  invoices: ["invoices"] as const,
  suppressions: {
    all: ["suppressions"] as const,
    list: (params: KeyParams = {}) => ["suppressions", "list", params] as const,
  },
  integrations: {
    all: ["integrations"] as const,
    list: () => ["integrations", "list"] as const,
    events: (id: string, params: KeyParams = {}) => ["integrations", "events", id, params] as const,
    secret: (id: string) => ["integrations", "secret", id] as const,
  },
  companySearch: (query: string) => ["companySearch", query.trim()] as const,
  publicReviews: (params: { company_id: string; product_id?: string | null }) =>
    ["publicReviews", { company_id: params.company_id, product_id: params.product_id || null }] as const,
  publicForm: (apiKey: string) => ["publicForm", apiKey] as const,
} as const;

const notRetriedClientErrors = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * A `retry` function for TanStack Query: at most `maxRetries` retries, none for a 4xx ApiError
 * except 408 (timeout) and 429 (throttled). Network errors and 5xx are retried.
 */
export function retryUnlessClientError(maxRetries = 3) {
  return (failureCount: number, error: unknown): boolean => {
    if (failureCount >= maxRetries) return false;
    if (error instanceof ApiError && notRetriedClientErrors(error.status)) return false;
    return true;
  };
}

/** Exponential backoff: 1 s, 2 s, 4 s… capped at 30 s. */
export const retryDelay = (failureCount: number): number => Math.min(1000 * 2 ** failureCount, 30_000);

/** Spec §9: unused data kept 5 minutes, 3 retries with exponential backoff capped at 30 s. */
export const defaultQueryClientOptions = {
  defaultOptions: {
    queries: {
      gcTime: 5 * 60 * 1000,
      retry: retryUnlessClientError(3),
      retryDelay,
    },
    mutations: {
      retry: false,
    },
  },
} satisfies QueryClientConfig;

/** Extra options a hook accepts on top of a `queryOptions()` factory (bulletproof-react style). */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T>,
  "queryKey" | "queryFn"
>;

/** Extra options a mutation hook accepts, typed from its fetcher. */
export type MutationConfig<Fn extends (...args: never[]) => Promise<unknown>> = UseMutationOptions<
  Awaited<ReturnType<Fn>>,
  ApiError,
  Parameters<Fn>[0]
>;

// A few lines over the generated `paths` for the small public apps (review form, widget): typed URLs
// and JSON bodies without openapi-fetch in their bundle. Types are erased; the runtime is below.
import type { paths } from "./generated/schema";

type Method = "get" | "post";
/** Paths of the contract that have `method`. */
export type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, { responses: unknown }> ? P : never;
}[keyof paths];
type Operation<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never;

/** The query parameters of `method path` in the contract. */
export type QueryParams<P extends keyof paths, M extends Method = "get"> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;
/** The JSON body of the 2xx answers of `method path`. */
export type OkBody<P extends keyof paths, M extends Method = "get"> =
  Operation<P, M> extends { responses: infer R }
    ? { [S in keyof R]: S extends 200 | 201 ? JsonOf<R[S]> : never }[keyof R]
    : never;

export const API_BASE = "/api/v1";

/** `/api/v1<path>?<query>` for a path of the contract; undefined and null query values are left out. */
export function apiUrl<P extends keyof paths, M extends Method = "get">(
  path: P,
  query?: QueryParams<P, M>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ""}`;
}

export type JsonResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; body: unknown };

/**
 * `GET` of a contract path, answered as typed JSON on 2xx or the raw error body (the caller shows its
 * `detail`). A network failure rejects, as fetch does.
 */
export async function getJson<P extends PathWith<"get">>(
  path: P,
  query: QueryParams<P>,
  fetchImpl: typeof fetch = fetch,
): Promise<JsonResult<OkBody<P>>> {
  const response = await fetchImpl(apiUrl(path, query), { headers: { Accept: "application/json" } });
  const body: unknown = await response.json().catch(() => null);
  return response.ok
    ? { ok: true, status: response.status, data: body as OkBody<P> }
    : { ok: false, status: response.status, body };
}

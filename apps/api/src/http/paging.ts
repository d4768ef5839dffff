import type { FastifyRequest } from "fastify";

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** `limit`/`offset` of a list query (already bounded by the contract's schema). */
export function pageParams(
  query: { limit?: number; offset?: number },
  defaultLimit = 20,
): { limit: number; offset: number } {
  return { limit: query.limit ?? defaultLimit, offset: query.offset ?? 0 };
}

/** `{count, next, previous, results}` with next/previous URLs built from the request URL. */
export function paged<T>(
  request: FastifyRequest,
  { limit, offset }: { limit: number; offset: number },
  count: number,
  results: T[],
): Page<T> {
  const { publicUrl } = request.server.ctx.config;
  const at = (newOffset: number) => {
    const url = new URL(request.url, publicUrl);
    url.searchParams.set("limit", String(limit));
    if (newOffset > 0) url.searchParams.set("offset", String(newOffset));
    else url.searchParams.delete("offset");
    return `${publicUrl}${url.pathname}${url.search}`;
  };
  return {
    count,
    next: offset + results.length < count ? at(offset + limit) : null,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
    results,
  };
}

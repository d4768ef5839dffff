import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitHits } from "../db/schema";

type Incr = FastifyRateLimitStore["incr"];

/**
 * @fastify/rate-limit's store on PostgreSQL (`rate_limit_hits`, fixed windows): one atomic upsert
 * per counted request, so every instance on the database shares the per-IP counts. Used when there
 * is no Redis (`REDIS_URL`); only the sensitive routes are counted, never the public hot paths.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin passes its options first (unused); `child` passes the route's key prefix. */
    constructor(_options?: unknown, prefix = "") {
      this.prefix = prefix;
    }

    incr(key: string, callback: Parameters<Incr>[1], timeWindow?: number): void {
      const windowMs = timeWindow ?? 60_000;
      const window = sql`make_interval(secs => ${windowMs / 1000}::double precision)`;
      const ended = sql`${rateLimitHits.windowEnd} <= now()`;
      db.insert(rateLimitHits)
        .values({ key: `${this.prefix}${key}`, count: 1, windowEnd: sql`now() + ${window}` })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            count: sql`case when ${ended} then 1 else ${rateLimitHits.count} + 1 end`,
            windowEnd: sql`case when ${ended} then now() + ${window} else ${rateLimitHits.windowEnd} end`,
          },
        })
        .returning({
          count: rateLimitHits.count,
          ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.windowEnd} - now()) * 1000))::int`,
        })
        .then(
          ([row]) => callback(null, { current: row?.count ?? 1, ttl: row?.ttl ?? windowMs }),
          (error: Error) => callback(error, { current: 0, ttl: 0 }),
        );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new PostgresStore(undefined, `${this.prefix}${route?.method ?? ""}${route?.url ?? ""}-`);
    }
  }
  return PostgresStore as unknown as FastifyRateLimitStoreCtor;
}

/** Deletes the windows that ended (a periodic task: every address leaves a row). */
export async function purgeRateLimitHits(db: Db): Promise<number> {
  const removed = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowEnd, sql`now()`))
    .returning({ key: rateLimitHits.key });
  return removed.length;
}

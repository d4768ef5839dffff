import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./columns";

/**
 * The server's root secrets, shared by every instance (ARCHITECTURE §9): the newest signs and
 * derives, the older ones still verify (tokens, review links: 90 days, or 30 days after their last
 * e-mail, API keys).
 * Used when `JWT_SECRET` is not given; the first row is created once under an advisory lock.
 */
export const serverKeys = pgTable("server_keys", {
  /** Short public id carried by what a key signs or seals (JWT `kid`, sealed API keys). */
  kid: text("kid").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});

/** When each periodic task last ran, across all instances: one run per period (lib/periodic-task.ts). */
export const periodicTaskRuns = pgTable("periodic_task_runs", {
  name: text("name").primaryKey(),
  lastRunAt: tz("last_run_at").notNull(),
  runs: integer("runs").notNull().default(0),
});

/** Shared per-IP request counters (fixed windows) when there is no Redis: @fastify/rate-limit's store. */
export const rateLimitHits = pgTable("rate_limit_hits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowEnd: tz("window_end").notNull(),
});

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { periodicTaskRuns } from "../db/schema";

/** How often an instance asks whether a task is due, at most: a restart never delays a run longer. */
export const PERIODIC_CHECK_MS = 5 * 60_000;
/** While the server is not ready yet (listening before its migrations end), the first check waits. */
const READY_POLL_MS = 250;

/**
 * Claims the run of `name` that is due at `now` (its last recorded run is a period old, or it never
 * ran): `now` for exactly one caller, null for the others, whatever the number of instances asking
 * (one atomic upsert on `periodic_task_runs`). The times are the instances' clocks (the app's `now`,
 * a fake one in tests); instances kept in sync by NTP differ by far less than any period.
 */
export async function claimPeriodicRun(
  db: Db,
  name: string,
  everyMs: number,
  now: Date,
): Promise<Date | null> {
  // A little slack: a check that comes a few ms "early" still runs.
  const dueIfRanBefore = new Date(now.getTime() - everyMs + Math.min(everyMs / 20, 2000));
  const result = await db
    .insert(periodicTaskRuns)
    .values({ name, lastRunAt: now, runs: 1 })
    .onConflictDoUpdate({
      target: periodicTaskRuns.name,
      set: { lastRunAt: now, runs: sql`${periodicTaskRuns.runs} + 1` },
      setWhere: sql`${periodicTaskRuns.lastRunAt} <= ${dueIfRanBefore.toISOString()}::timestamptz`,
    })
    .returning({ at: periodicTaskRuns.lastRunAt });
  return result[0]?.at ?? null;
}

/**
 * Runs `task` whenever it is due by its last recorded run (every `everyMs`, or
 * `PERIODIC_TASKS_EVERY_MS`), across restarts and instances: checked as soon as the server is ready
 * and its database migrated, then every `everyMs` or `PERIODIC_CHECK_MS`, whichever is shorter, so a
 * service redeployed more often than a task's period still runs it. Never two runs at once in an
 * instance (a closing server waits for the run under way); with several instances on one database,
 * one run per period across all of them (`claimPeriodicRun`). Each run is logged ("periodic task
 * ran", the cluster test counts them); a failed run is logged and the next period tries again.
 */
export function registerPeriodicTask(
  app: FastifyInstance,
  options: { name: string; everyMs: number; task: () => Promise<unknown>; enabled?: () => boolean },
): void {
  let waitingForReady: NodeJS.Timeout | null = null;
  let checks: NodeJS.Timeout | null = null;
  let closed = false;
  let running: Promise<void> | null = null;
  const everyMs = () => app.ctx.config.periodicTasksEveryMs ?? options.everyMs;
  const run = async () => {
    try {
      const claimed = await claimPeriodicRun(app.ctx.db, options.name, everyMs(), app.ctx.now());
      if (claimed) {
        app.log.info({ task: options.name, claimedAt: claimed.toISOString() }, "periodic task ran");
        await options.task();
      }
    } catch (error) {
      app.log.warn({ err: error }, `${options.name} failed`);
    } finally {
      running = null;
    }
  };
  const tick = () => {
    if (running || closed || !app.ctx.state.ready) return;
    running = run();
  };
  const start = () => {
    if (closed) return;
    if (!app.ctx.state.ready) {
      waitingForReady = setTimeout(start, READY_POLL_MS);
      waitingForReady.unref();
      return;
    }
    tick();
    checks = setInterval(tick, Math.min(everyMs(), PERIODIC_CHECK_MS));
    checks.unref();
  };
  app.addHook("onReady", async () => {
    if (!app.ctx.periodicTasks || (options.enabled && !options.enabled())) return;
    start();
  });
  // A run under way ends before the database closes.
  app.addHook("preClose", async () => {
    closed = true;
    if (waitingForReady) clearTimeout(waitingForReady);
    if (checks) clearInterval(checks);
    await running;
  });
}

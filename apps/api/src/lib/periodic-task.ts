import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { periodicTaskRuns } from "../db/schema";

/**
 * Claims this period's run of `name` for the caller: the claim's time (the database's) for exactly
 * one instance per period, null for the others, whatever the number of instances ticking (one atomic
 * upsert on `periodic_task_runs`, on the database's clock so instances with skewed clocks agree).
 */
export async function claimPeriodicRun(db: Db, name: string, everyMs: number): Promise<Date | null> {
  const result = await db
    .insert(periodicTaskRuns)
    .values({ name, lastRunAt: sql`now()`, runs: 1 })
    .onConflictDoUpdate({
      target: periodicTaskRuns.name,
      set: { lastRunAt: sql`now()`, runs: sql`${periodicTaskRuns.runs} + 1` },
      // A little slack: a timer that fires a few ms "early" on the database's clock still runs.
      setWhere: sql`${periodicTaskRuns.lastRunAt} <= now() - make_interval(secs => ${(everyMs - Math.min(everyMs / 20, 2000)) / 1000}::double precision)`,
    })
    .returning({ at: periodicTaskRuns.lastRunAt });
  return result[0]?.at ?? null;
}

/**
 * Runs `task` every `everyMs` (or `PERIODIC_TASKS_EVERY_MS`) once the server is ready and its database
 * migrated, never two runs at once, until the server closes; with several instances on one database,
 * once per period across all of them (`claimPeriodicRun`). Each run is logged ("periodic task ran",
 * the cluster test counts them); a failed run is logged and the next period tries again.
 */
export function registerPeriodicTask(
  app: FastifyInstance,
  options: { name: string; everyMs: number; task: () => Promise<unknown>; enabled?: () => boolean },
): void {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const everyMs = () => app.ctx.config.periodicTasksEveryMs ?? options.everyMs;
  const tick = async () => {
    if (running || !app.ctx.state.ready) return;
    running = true;
    try {
      const claimed = await claimPeriodicRun(app.ctx.db, options.name, everyMs());
      if (claimed) {
        app.log.info({ task: options.name, claimedAt: claimed.toISOString() }, "periodic task ran");
        await options.task();
      }
    } catch (error) {
      app.log.warn({ err: error }, `${options.name} failed`);
    } finally {
      running = false;
    }
  };
  app.addHook("onReady", async () => {
    if (options.enabled && !options.enabled()) return;
    timer = setInterval(() => void tick(), everyMs());
    timer.unref();
  });
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer);
  });
}

import type { FastifyInstance } from "fastify";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { refreshAllInsightRollups } from "./insight-rollups";

/**
 * Every minute: the days of `insight_days` changed since the last run are summed again into the
 * statistics' rollups (a statistics read does the same for its company first, so this only keeps the
 * queue of notes short).
 */
export async function registerInsightRollups(app: FastifyInstance): Promise<void> {
  registerPeriodicTask(app, {
    name: "insight rollups",
    everyMs: 60 * 1000,
    task: () => refreshAllInsightRollups(app.ctx.db),
  });
}

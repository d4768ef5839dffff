import type { FastifyInstance } from "fastify";
import { removeBuriedFiles } from "../../lib/file-tombstones";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { runCertificationJobs } from "./jobs";

/**
 * Hourly: the 30-day publication (and its 3-day warning), the 5-year retention, the 1-year purge.
 * Every minute: the stored files of erased, expired or purged reviews that the storage refused.
 */
export async function registerCertificationJobs(app: FastifyInstance): Promise<void> {
  registerPeriodicTask(app, {
    name: "certified reviews jobs",
    everyMs: 60 * 60 * 1000,
    task: async () => {
      const result = await runCertificationJobs(app.ctx.db, app.ctx.now(), app.ctx.storage);
      if (result.warned > 0) app.pipeline?.notify();
      return result;
    },
  });
  registerPeriodicTask(app, {
    name: "stored file deletion retry",
    everyMs: 60 * 1000,
    task: () => removeBuriedFiles(app.ctx.db, app.ctx.storage, app.ctx.now(), { log: app.log }),
  });
}

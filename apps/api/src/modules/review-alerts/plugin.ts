import type { FastifyInstance } from "fastify";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { DIGEST_EVERY_MS, queueReviewDigests } from "./digest";

/** Daily, once across instances: the digest of the new reviews to the staff who chose 'toutes'. */
export async function registerReviewAlerts(app: FastifyInstance): Promise<void> {
  registerPeriodicTask(app, {
    name: "review alerts digest",
    everyMs: DIGEST_EVERY_MS,
    task: async () => {
      const queued = await queueReviewDigests(app.ctx.db, app.ctx.now(), app.ctx.config.publicUrl);
      if (queued > 0) app.pipeline?.notify();
      return queued;
    },
  });
}

import type { FastifyInstance } from "fastify";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { anonymizeExpiredOrders } from "./retention";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Daily, once across instances: unreviewed orders' buyer data past `ORDER_PII_RETENTION_DAYS`. */
export async function registerPrivacyTasks(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  registerPeriodicTask(app, {
    name: "order personal data retention",
    everyMs: DAY_MS,
    task: async () => {
      const anonymized = await anonymizeExpiredOrders(ctx.db, ctx.now(), ctx.config.orderPiiRetentionDays);
      app.log.info(
        {
          task: "order personal data retention",
          anonymized,
          retentionDays: ctx.config.orderPiiRetentionDays,
        },
        "order personal data anonymised",
      );
      return anonymized;
    },
  });
}

import type { FastifyInstance } from "fastify";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { refreshAllRequestStates } from "./request-states";

/**
 * Every minute: the orders noted stale since the last run (imported, mailed, reviewed, erased, a product
 * made a draft) get their `order_request_states` rows recomputed, so Commandes' state filter reads the
 * table instead of the rule. After the migration, the orders already there are recomputed the same way,
 * a few minutes of batches for a million orders.
 */
export async function registerOrderRequestStates(app: FastifyInstance): Promise<void> {
  registerPeriodicTask(app, {
    name: "order request states",
    everyMs: 60 * 1000,
    task: () => refreshAllRequestStates(app.ctx.db),
  });
}

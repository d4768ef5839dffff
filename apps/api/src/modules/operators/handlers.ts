import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { decideAsOperator } from "../moderation/operator-decision";
import { operatorCase, toDecisionView } from "./operator-case";
import { queueItems, queueSummary } from "./queues";

/** The operators' console (access `operator` in http/operation-access.ts): queues, a case, a decision. */
export const operatorHandlers = defineHandlers({
  operatorQueuesGet: async (request) => queueSummary(request.server.ctx.db, request.server.ctx.now()),
  operatorQueueList: async (request) => {
    const page = pageParams(request.query, 50);
    const { count, results } = await queueItems(
      request.server.ctx.db,
      request.params.queue,
      request.server.ctx.now(),
      page,
    );
    return paged(request, page, count, results);
  },
  operatorCaseGet: async (request) => operatorCase(request.server.ctx, request.params.id),
  operatorReviewDecide: async (request, reply) => {
    const user = request.user;
    if (!user) throw new Error("operator access without a user");
    const { action, reason, note, source } = request.body;
    const decision = await decideAsOperator(request.server.ctx, {
      reviewId: request.params.id,
      operator: user,
      action,
      reason: reason ?? null,
      note: note ?? null,
      source:
        source && source.kind !== "review" && source.id
          ? { kind: source.kind, id: source.id }
          : { kind: "review" },
    });
    request.server.pipeline?.notify();
    reply.code(201);
    return toDecisionView(decision);
  },
});

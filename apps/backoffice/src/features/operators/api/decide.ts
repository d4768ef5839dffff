import type { Schema } from "@certavis/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { operatorKeys } from "./keys";

export type DecisionInput = Schema<"OperatorDecisionInput">;

export const decide = (id: string, body: DecisionInput) =>
  api.post("/operator/reviews/{id}/decision/", { params: { path: { id } }, body });

/** A decision; then the queues and the queue are read again (the item leaves its queue). */
export const useDecide = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecisionInput }) => decide(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: operatorKeys.all }),
  });
};

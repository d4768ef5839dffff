import type { Schema } from "@certavis/api-client";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { QueueName } from "./get-queues";
import { operatorKeys } from "./keys";

export type QueueItem = Schema<"OperatorQueueItem">;

/** The queue's first 100 items, oldest first. */
export const getQueue = (queue: QueueName) =>
  api.get("/operator/queues/{queue}/", { params: { path: { queue }, query: { limit: 100 } } });

export const useQueue = (queue: QueueName) =>
  useQuery({ queryKey: operatorKeys.queue(queue), queryFn: () => getQueue(queue), retry: false });

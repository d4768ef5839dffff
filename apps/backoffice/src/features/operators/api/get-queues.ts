import type { Schema } from "@certavis/api-client";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { operatorKeys } from "./keys";

export type OperatorQueues = Schema<"OperatorQueues">;
export type QueueName = Schema<"OperatorQueueName">;

export const getQueues = () => api.get("/operator/queues/");

export const useQueues = () => useQuery({ queryKey: operatorKeys.queues, queryFn: getQueues, retry: false });

/** Query keys of the operators' console. */
export const operatorKeys = {
  all: ["operators"] as const,
  queues: ["operators", "queues"] as const,
  queue: (queue: string) => ["operators", "queue", queue] as const,
  case: (id: string) => ["operators", "case", id] as const,
};

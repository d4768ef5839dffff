export { AbortedError, runLeasedJob, unlessAborted } from "./job";
export {
  insertedLeased,
  LEASED_STATUS,
  type LeasedTable,
  lockExpiredLeases,
  recordWhileLeased,
  stillLeased,
} from "./lease";
export type {
  ClaimContext,
  Counts,
  Finished,
  JobHooks,
  JobLease,
  LeasedQueue,
  LeasedQueueOptions,
} from "./options";
export { createLeasedQueue } from "./queue";

export { type LeasedTable, lockExpiredLeases, recordWhileLeased, stillLeased } from "./lease";
export {
  AbortedError,
  type ClaimContext,
  type Counts,
  createLeasedQueue,
  type Finished,
  type JobHooks,
  type JobLease,
  type LeasedQueue,
  type LeasedQueueOptions,
  runLeasedJob,
  unlessAborted,
} from "./queue";

import type { FastifyInstance } from "fastify";
import { type ImportSource, runOrderImport } from "./order-import-job";

export interface OrderImportRunner {
  /** Runs the job in the background; the promise settles when it is over (never rejects). */
  run(jobId: string, companyId: string, source: ImportSource): Promise<void>;
  /** Every import started by this instance that is still running. */
  running(): Promise<void>[];
}

declare module "fastify" {
  interface FastifyInstance {
    orderImports: OrderImportRunner;
  }
}

/**
 * Order imports run on the instance that received the file; their state lives in the database
 * (`order_imports`), so any instance answers their progress. On close, running imports stop after
 * their current batch and are marked failed with what they kept.
 */
export async function registerOrderImports(app: FastifyInstance): Promise<void> {
  const jobs = new Set<Promise<void>>();
  let closing = false;
  app.decorate("orderImports", {
    run(jobId, companyId, source) {
      const job = runOrderImport(app.ctx, jobId, companyId, source, () => closing)
        .then(() => app.pipeline?.notify())
        .catch((error: unknown) => app.log.error({ err: error, jobId }, "order import failed"))
        .finally(() => jobs.delete(job));
      jobs.add(job);
      return job;
    },
    running: () => [...jobs],
  } satisfies OrderImportRunner);
  app.addHook("preClose", async () => {
    closing = true;
    await Promise.all([...jobs]);
  });
}

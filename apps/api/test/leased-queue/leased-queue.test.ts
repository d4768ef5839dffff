import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { asc, eq, lte, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import {
  createLeasedQueue,
  insertedLeased,
  type JobLease,
  type LeasedQueue,
  runLeasedJob,
  unlessAborted,
} from "../../src/lib/leased-queue";
import { createTestDatabase, SQL_TEST_DATABASES, type TestDatabase } from "../helpers/databases";

/** A queue's table of its own, as the mail and webhook tables are: the queue's rules, without their work. */
const jobs = pgTable("leased_queue_test_jobs", {
  id: uuid("id").primaryKey().defaultRandom(),
  status: text("status").notNull().default("scheduled"),
  dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
  leaseToken: uuid("lease_token"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  attempts: integer("attempts").notNull().default(0),
  doneBy: text("done_by"),
});

type Work = (id: string, lease: JobLease) => Promise<void>;

/** A gate a job waits at until the test opens it; `reached` resolves once a job waits there. */
function gate() {
  let open = () => {};
  let reach = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return {
    open,
    reached,
    wait: async () => {
      reach();
      await opened;
    },
  };
}

describe.each(SQL_TEST_DATABASES)("leased queue on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  const queues: LeasedQueue<"done">[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = testDb.database;
    await database.db.execute(sql`create table leased_queue_test_jobs (
      id uuid primary key default gen_random_uuid(), status text not null default 'scheduled',
      due_at timestamptz not null default now(), lease_token uuid, lease_until timestamptz,
      attempts integer not null default 0, done_by text)`);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop({ abort: true })));
    await database.db.delete(jobs);
  });
  afterAll(async () => testDb?.dispose());

  /** A worker of the test queue named `name` (its name is what it records); `work` runs each job. */
  function worker(
    name: string,
    work: Work,
    options: {
      leaseMs?: number;
      maxInFlight?: number;
      pollIntervalMs?: number;
      afterClaim?: () => Promise<void>;
      /** How long the claim's transaction works before it leases its rows (rendering, quotas). */
      claimMs?: number;
      db?: Database["db"];
    } = {},
  ) {
    const queue = createLeasedQueue({
      db: options.db ?? database.db,
      table: jobs,
      outcomes: ["done"] as const,
      name,
      leaseMs: options.leaseMs ?? 60_000,
      batchSize: 10,
      ...(options.maxInFlight ? { maxInFlight: options.maxInFlight } : {}),
      pollIntervalMs: options.pollIntervalMs ?? 60_000,
      log: () => {},
      lockDue: (tx, places) =>
        tx
          .select()
          .from(jobs)
          .where(sql`${eq(jobs.status, "scheduled")} and ${lte(jobs.dueAt, sql`now()`)}`)
          .orderBy(asc(jobs.dueAt))
          .limit(places)
          .for("update", { skipLocked: true }),
      ...(options.afterClaim ? { afterClaim: options.afterClaim } : {}),
      async prepare(_tx, rows, claim) {
        if (options.claimMs) await sleep(options.claimMs);
        await claim.lease(rows.map((row) => row.id));
        return { jobs: rows.map((row) => ({ id: row.id })) };
      },
      async work(job, lease) {
        await work(job.id, lease);
        return { outcome: "done" as const, record: { status: "done", doneBy: name } };
      },
    });
    queues.push(queue);
    return queue;
  }

  const addJob = async () => {
    const [row] = await database.db.insert(jobs).values({}).returning();
    if (!row) throw new Error("no job");
    return row.id;
  };
  const rowOf = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const noWork: Work = async () => {};

  it("a worker that loses its lease in the middle of its work records nothing: the new holder's result stays", async () => {
    const id = await addJob();
    const slow = gate();
    const a = worker("a", () => slow.wait());
    const running = a.runOnce();
    await slow.reached;
    expect(await rowOf(id)).toMatchObject({ status: "sending", attempts: 1 });
    // A's lease runs out (a stalled process: no renewal reached the database), and B takes the row over.
    await database.db
      .update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await worker("b", noWork).runOnce()).toEqual({ done: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "done", doneBy: "b", attempts: 2, leaseToken: null });
    slow.open();
    await running;
    expect(await rowOf(id)).toMatchObject({ status: "done", doneBy: "b", attempts: 2, leaseToken: null });
  });

  it("a job whose row was taken over between its claim and its work does not run", async () => {
    const id = await addJob();
    const claimed = gate();
    const ran: string[] = [];
    const a = worker(
      "a",
      async (job) => {
        ran.push(job);
      },
      { afterClaim: () => claimed.wait() },
    );
    const running = a.runOnce();
    await claimed.reached;
    await database.db
      .update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    const held = gate();
    const b = worker("b", () => held.wait());
    const taking = b.runOnce();
    await held.reached;
    claimed.open();
    expect(await running).toEqual({ done: 0 });
    expect(ran).toEqual([]);
    held.open();
    expect(await taking).toEqual({ done: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "done", doneBy: "b", attempts: 2 });
  });

  it("an expired lease is taken over by another worker, not before it runs out", async () => {
    const LEASE = 1000;
    const id = await addJob();
    const stuck = gate();
    const a = worker("a", (_, lease) => unlessAborted(lease.signal, stuck.wait()), { leaseMs: LEASE });
    a.start();
    await stuck.reached;
    // A dies: its work is abandoned and its lease no longer renewed.
    await a.stop({ abort: true });
    const leased = await rowOf(id);
    expect(leased).toMatchObject({ status: "sending", attempts: 1 });
    const b = worker("b", noWork, { leaseMs: LEASE });
    expect(await b.runOnce()).toBeNull();
    expect(await rowOf(id)).toMatchObject({ status: "sending", leaseToken: leased?.leaseToken });
    await expect.poll(() => b.runOnce(), { timeout: 10_000, interval: 100 }).toEqual({ done: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "done", doneBy: "b", attempts: 2 });
  });

  it("a row inserted leased is its writer's to record; once its writer is dead and the lease out, a claim takes it", async () => {
    const LEASE = 1000;
    const token = randomUUID();
    const insert = async () => {
      const [row] = await database.db.insert(jobs).values(insertedLeased(token, LEASE)).returning();
      if (!row) throw new Error("no job");
      expect(row).toMatchObject({ status: "sending", leaseToken: token, attempts: 1 });
      return row.id;
    };
    const taken = await insert();
    const left = await insert();
    const b = worker("b", noWork, { leaseMs: LEASE });
    expect(await b.runOnce()).toBeNull();
    const writer = {
      work: async () => ({ outcome: "done" as const, record: { status: "done", doneBy: "writer" } }),
    };
    const signal = new AbortController().signal;
    expect(await runLeasedJob(database.db, jobs, LEASE, writer, { id: taken }, { token, signal })).toBe(
      "done",
    );
    expect(await rowOf(taken)).toMatchObject({
      status: "done",
      doneBy: "writer",
      attempts: 1,
      leaseToken: null,
    });
    // The writer dies before taking the second: its lease runs out, then B takes it over.
    await expect.poll(() => b.runOnce(), { timeout: 10_000, interval: 100 }).toEqual({ done: 1 });
    expect(await rowOf(left)).toMatchObject({ status: "done", doneBy: "b", attempts: 2 });
  });

  it("a claim slower than the lease does not shorten it: the lease runs from when it is given", async () => {
    const LEASE = 1000;
    const id = await addJob();
    const claimed = gate();
    const a = worker("a", noWork, { leaseMs: LEASE, claimMs: 1.5 * LEASE, afterClaim: () => claimed.wait() });
    const running = a.runOnce();
    await claimed.reached;
    // Right after A's claim: its lease has most of its second ahead, whatever the claim took.
    expect(await worker("b", noWork, { leaseMs: LEASE }).runOnce()).toBeNull();
    claimed.open();
    expect(await running).toEqual({ done: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "done", doneBy: "a", attempts: 1 });
  });

  it("renews the lease of work slower than the lease: nobody else takes it", async () => {
    const LEASE = 900;
    const id = await addJob();
    const a = worker("a", () => sleep(3 * LEASE), { leaseMs: LEASE });
    const b = worker("b", noWork, { leaseMs: LEASE });
    const running = a.runOnce();
    await expect.poll(async () => (await rowOf(id))?.status).toBe("sending");
    for (let i = 0; i < 5; i++) {
      await sleep(LEASE / 2);
      expect(await b.runOnce()).toBeNull();
    }
    expect(await running).toEqual({ done: 1 });
    expect(await rowOf(id)).toMatchObject({ status: "done", doneBy: "a", attempts: 1 });
  });

  it.each([
    ["each loop waits for its batch", {}],
    ["the loop claims as places free", { maxInFlight: 4 }],
  ])("stop waits for the work under way and claims nothing new (%s)", async (_, options) => {
    const first = await addJob();
    const slow = gate();
    const a = worker("a", () => slow.wait(), options);
    a.start();
    await slow.reached;
    // Whatever the loop does next (sleep, or claim again), it has done it by now.
    await sleep(200);
    const second = await addJob();
    let stopped = false;
    const stopping = a.stop().then(() => {
      stopped = true;
    });
    await sleep(300);
    expect(stopped).toBe(false);
    slow.open();
    await stopping;
    expect(await rowOf(first)).toMatchObject({ status: "done", doneBy: "a" });
    expect(await rowOf(second)).toMatchObject({ status: "scheduled", attempts: 0, leaseToken: null });
  });

  it("checks the leases of a claim's jobs just before their work in one statement, not one a job", async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, addJob));
    let statements = 0;
    // Outside the claim's transaction, the queue's statements through `execute` are lease renewals.
    const counted = new Proxy(database.db, {
      get(target, property) {
        if (property === "execute")
          return (...args: Parameters<typeof target.execute>) => {
            statements += 1;
            return target.execute(...args);
          };
        return Reflect.get(target, property, target);
      },
    });
    expect(await worker("a", noWork, { db: counted }).runOnce()).toEqual({ done: 10 });
    expect(statements).toBe(1);
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ status: "done", doneBy: "a" });
  });

  it("notify wakes a sleeping worker: it claims at once, not at its next poll", async () => {
    const a = worker("a", noWork, { pollIntervalMs: 60_000 });
    a.start();
    // Nothing due: the loop has gone to sleep for a minute.
    await sleep(200);
    const id = await addJob();
    a.notify();
    await expect.poll(async () => (await rowOf(id))?.status, { timeout: 10_000, interval: 20 }).toBe("done");
  });
});

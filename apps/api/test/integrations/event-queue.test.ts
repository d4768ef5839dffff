/**
 * The integration events' own work on the leased queue (lib/leased-queue, whose rules are tested in
 * test/leased-queue): an event whose taking fails mid-way is taken over once its lease runs out and
 * its order recorded once; stopping waits for the event under way. Two instances: test/cluster.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import {
  createIntegrationEventQueue,
  type IntegrationEventQueue,
} from "../../src/modules/integrations/event-queue";
import { createTestDatabase, SQL_TEST_DATABASES, type TestDatabase } from "../helpers/databases";
import {
  eventDeps,
  eventRow,
  ordersOf,
  productsWithSku,
  recordEvent,
  seedConnection,
} from "./recorded-events";

// Short for the test, yet with room for a slow, shared machine.
const LEASE = 1500;

describe.each(SQL_TEST_DATABASES)("integration events' queue on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  const queues: IntegrationEventQueue[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = testDb.database;
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop({ abort: true })));
  });
  afterAll(async () => testDb?.dispose());

  const queue = () => {
    const created = createIntegrationEventQueue(eventDeps(database.db), {
      leaseMs: LEASE,
      pollIntervalMs: 50,
    });
    queues.push(created);
    return created;
  };

  it("an event whose taking fails mid-way is taken over once its lease runs out, its order recorded once", async () => {
    const connection = await seedConnection(database.db);
    const id = await recordEvent(database.db, connection, "#4001");
    // The database refuses the first order written, after the event's products were created.
    await database.db.execute(sql`create sequence order_crash`);
    await database.db.execute(sql`create function order_crash() returns trigger language plpgsql as $$
      begin if nextval('order_crash') = 1 then raise exception 'crash mid-way'; end if; return new; end $$`);
    await database.db.execute(
      sql`create trigger order_crash before insert on orders for each row execute function order_crash()`,
    );
    try {
      const failed = await queue()
        .runOnce()
        .catch((error: unknown) => error);
      expect((failed as Error).cause).toMatchObject({ message: "crash mid-way" });
      const leased = await eventRow(database.db, id);
      expect(leased).toMatchObject({ status: "sending", outcome: "pending", attempts: 1 });
      expect(await productsWithSku(database.db, connection.companyId, "IPOD2008PINK")).toHaveLength(1);
      // Nobody takes it while the lease holds, not even the worker that failed.
      const other = queue();
      expect(await other.runOnce()).toBeNull();
      expect(await eventRow(database.db, id)).toMatchObject({ leaseToken: leased?.leaseToken });
      await expect
        .poll(() => other.runOnce(), { timeout: 10_000, interval: 100 })
        .toEqual({ taken: 1, refused: 0, ignored: 0 });
    } finally {
      await database.db.execute(sql`drop trigger order_crash on orders`);
      await database.db.execute(sql`drop function order_crash`);
      await database.db.execute(sql`drop sequence order_crash`);
    }
    const taken = await eventRow(database.db, id);
    expect(taken).toMatchObject({
      status: "done",
      outcome: "taken",
      reference: "#4001",
      attempts: 2,
      leaseToken: null,
      payload: null,
    });
    expect(await ordersOf(database.db, connection.companyId, "#4001")).toEqual([{ id: taken?.orderId }]);
    expect(await productsWithSku(database.db, connection.companyId, "IPOD2008PINK")).toHaveLength(1);
    expect(await queue().runOnce()).toBeNull();
  });

  it.skipIf(kind === "pglite")("stop waits for the event under way and claims nothing new", async () => {
    const connection = await seedConnection(database.db);
    const first = await recordEvent(database.db, connection, "#4101");
    const pool = database.pool;
    if (!pool) throw new Error("PostgreSQL has a pool");
    // Another session holds the orders: the event's taking waits there, mid-way.
    const blocker = await pool.connect();
    await blocker.query("begin");
    await blocker.query("lock table orders in share row exclusive mode");
    try {
      const a = queue();
      a.start();
      await expect
        .poll(async () => (await eventRow(database.db, first))?.status, { timeout: 10_000, interval: 20 })
        .toBe("sending");
      const second = await recordEvent(database.db, connection, "#4102");
      let stopped = false;
      const stopping = a.stop().then(() => {
        stopped = true;
      });
      await sleep(300);
      expect(stopped).toBe(false);
      await blocker.query("commit");
      await stopping;
      expect(await eventRow(database.db, first)).toMatchObject({
        status: "done",
        outcome: "taken",
        attempts: 1,
      });
      expect(await eventRow(database.db, second)).toMatchObject({ status: "scheduled", attempts: 0 });
    } finally {
      await blocker.query("rollback").catch(() => {});
      blocker.release();
    }
  });
});

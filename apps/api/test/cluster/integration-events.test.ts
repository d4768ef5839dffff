import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { integrationEvents } from "../../src/db/schema";
import { createIntegrationEventQueue } from "../../src/modules/integrations/event-queue";
import { createTestDatabase, SQL_TEST_DATABASES, type TestDatabase } from "../helpers/databases";
import { eventDeps, ordersOf, recordEvent, seedConnection } from "../integrations/recorded-events";

describe.each(SQL_TEST_DATABASES)("integration events taken by two instances on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = testDb.database;
  });
  afterAll(async () => testDb?.dispose());

  it("two instances' queues, woken together, never take one event twice", async () => {
    const connections = await Promise.all([1, 2, 3].map(() => seedConnection(database.db)));
    const recorded: { id: string; companyId: string; reference: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const connection = connections[i % 3];
      if (!connection) throw new Error("no connection");
      const reference = `#${5000 + i}`;
      recorded.push({
        id: await recordEvent(database.db, connection, reference),
        companyId: connection.companyId,
        reference,
      });
    }
    const instances = [1, 2].map(() =>
      createIntegrationEventQueue(eventDeps(database.db), { pollIntervalMs: 20 }),
    );
    for (const instance of instances) instance.start();
    for (const instance of instances) instance.notify();
    const ids = recorded.map((event) => event.id);
    const rows = () =>
      database.db
        .select({
          status: integrationEvents.status,
          outcome: integrationEvents.outcome,
          attempts: integrationEvents.attempts,
        })
        .from(integrationEvents)
        .where(inArray(integrationEvents.id, ids));
    try {
      await expect
        .poll(async () => (await rows()).filter((row) => row.status === "done").length, {
          timeout: 30_000,
          interval: 100,
        })
        .toBe(30);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
    expect(await rows()).toEqual(Array(30).fill({ status: "done", outcome: "taken", attempts: 1 }));
    for (const event of recorded)
      expect(await ordersOf(database.db, event.companyId, event.reference)).toHaveLength(1);
  });
});

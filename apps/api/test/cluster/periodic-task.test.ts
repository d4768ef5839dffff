import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/client";
import { claimPeriodicRun } from "../../src/lib/periodic-task";
import { createTestDatabase, TEST_DATABASE_URL } from "../helpers";
import { createEmptyPostgres, migratedTemplate } from "../helpers/databases";

async function claimsFrom(instances: Database[], name: string, everyMs: number): Promise<number> {
  const results = await Promise.all(
    instances.flatMap((instance) =>
      [1, 2, 3, 4, 5].map(() => claimPeriodicRun(instance.db, name, everyMs, new Date())),
    ),
  );
  return results.filter(Boolean).length;
}

describe("a periodic task runs once per period across instances", () => {
  it("PGlite: one claim per period", async () => {
    const db = await createTestDatabase("pglite");
    try {
      expect(await claimsFrom([db.database], "purge", 1500)).toBe(1);
      expect(await claimsFrom([db.database], "purge", 1500)).toBe(0);
      await sleep(1600);
      expect(await claimsFrom([db.database], "purge", 1500)).toBe(1);
      expect(await claimsFrom([db.database], "other", 1500)).toBe(1);
    } finally {
      await db.dispose();
    }
  });

  it("PostgreSQL: three instances claiming together, one claim per period", async (context) => {
    if (!TEST_DATABASE_URL) return context.skip("TEST_DATABASE_URL is not set: PostgreSQL runs skipped");
    // A copy of the migrated template: migrating is not this test's subject.
    const url = await createEmptyPostgres(TEST_DATABASE_URL, await migratedTemplate(TEST_DATABASE_URL));
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: null })),
    );
    try {
      expect(await claimsFrom(instances, "settle", 1500)).toBe(1);
      expect(await claimsFrom(instances, "settle", 1500)).toBe(0);
      await sleep(1600);
      expect(await claimsFrom(instances, "settle", 1500)).toBe(1);
      const runs = await instances[0]?.pool?.query(
        "select runs from periodic_task_runs where name = 'settle'",
      );
      expect(runs?.rows[0].runs).toBe(2);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});

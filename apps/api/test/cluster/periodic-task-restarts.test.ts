/**
 * A periodic task runs when it is due by its last recorded run, whatever the restarts: a service
 * redeployed every hour still runs its daily tasks once a day (they used to wait a whole period after
 * each boot, so they never ran). The whole server is restarted on one database under a fake clock.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app";
import { PERIODIC_CHECK_MS } from "../../src/lib/periodic-task";
import { createTestDatabase, SQL_TEST_DATABASES, TEST_PASSWORD_HASH_PARAMS } from "../helpers";
import type { TestDatabase } from "../helpers/databases";

const HOUR_MS = 60 * 60_000;
const START = Date.parse("2031-03-02T00:00:00Z");

/**
 * A boot every 3 hours over two days: a task of a period up to 3 hours runs at each boot, the 6-hourly
 * one at every other boot, the daily ones at the first boot of each day; a boot before a task's period
 * is over must not run it, one at its end must. Hourly boots, as in production, prove the same with
 * three times the server starts.
 */
const BOOT_EVERY_HOURS = 3;
const BOOTS = 48 / BOOT_EVERY_HOURS;

/** Every periodic task of the server (sandbox billing, no Redis) and its runs over two days of boots. */
const runsOverTwoDays: Record<string, number> = {
  "order personal data retention": 2,
  "review alerts digest": 2,
  "webhook message purge": 8,
  "certified reviews jobs": BOOTS,
  "stored file deletion retry": BOOTS,
  "stored mail purge": BOOTS,
  "expired throttle purge": BOOTS,
  "prestashop pull": BOOTS,
  "sandbox subscription settlement": BOOTS,
  "order request states": BOOTS,
  "insight rollups": BOOTS,
};

async function bootAt(database: TestDatabase["database"], clock: { now: number }) {
  const built = await buildApp({
    logger: false,
    passwordHashParams: TEST_PASSWORD_HASH_PARAMS,
    database,
    now: () => new Date(clock.now),
    periodicTasks: true,
    config: {
      nodeEnv: "test",
      dataDir: "memory://",
      databaseUrl: null,
      smtpUrl: "",
      seedDemo: false,
      stripeSecretKey: null,
      stripeWebhookSecret: null,
    },
    printMail: () => {},
  });
  await built.prepare();
  await built.app.ready();
  return built;
}

async function runsByTask(database: TestDatabase["database"]): Promise<Record<string, number>> {
  const rows = (await database.db.execute("select name, runs from periodic_task_runs")) as unknown as {
    rows: { name: string; runs: number }[];
  };
  return Object.fromEntries(rows.rows.map((row) => [row.name, Number(row.runs)]));
}

describe.each(SQL_TEST_DATABASES)("periodic tasks across restarts (%s)", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await db.dispose();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("restarted every 3 hours for two days, each task ran once per period: the daily ones twice", async () => {
    const clock = { now: START };
    for (let boot = 0; boot < BOOTS; boot++) {
      clock.now = START + boot * BOOT_EVERY_HOURS * HOUR_MS + 7_000;
      const { app } = await bootAt(db.database, clock);
      // Closing waits for the runs under way.
      await app.close();
    }
    // The start's record that the suppression list is under the current key is no periodic task.
    const runs = Object.fromEntries(
      Object.entries(await runsByTask(db.database)).filter(
        ([name]) => !name.startsWith("suppression-hashes "),
      ),
    );
    // Without Redis, PostgreSQL keeps the rate limiter's counters and purges them every 10 minutes.
    const expected =
      kind === "postgres" ? { ...runsOverTwoDays, "rate limit purge": BOOTS } : runsOverTwoDays;
    expect(runs).toEqual(expected);
  }, 120_000);

  it(`an instance that stays up checks at least every ${PERIODIC_CHECK_MS / 60_000} minutes`, async () => {
    const { database } = db;
    await database.db.execute("delete from periodic_task_runs");
    const retentionRuns = async (expected: number) => {
      for (
        let i = 0;
        i < 100 && (await runsByTask(database))["order personal data retention"] !== expected;
        i++
      ) {
        await sleep(50);
      }
      return (await runsByTask(database))["order personal data retention"];
    };
    const clock = { now: START };
    // Only the checks' timer is faked: the database and the server keep real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { app } = await bootAt(database, clock);
    try {
      expect(await retentionRuns(1)).toBe(1);
      clock.now += 24 * HOUR_MS;
      await vi.advanceTimersByTimeAsync(PERIODIC_CHECK_MS - 1);
      await sleep(300);
      expect((await runsByTask(database))["order personal data retention"]).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await retentionRuns(2)).toBe(2);
    } finally {
      await app.close();
    }
  });
});

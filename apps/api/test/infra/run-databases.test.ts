import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { dropRunDatabases, newRunId, TEST_DATABASE_URL } from "../helpers/run-databases";

const HOUR = 60 * 60 * 1000;

describe.skipIf(!TEST_DATABASE_URL)("a run's PostgreSQL databases, dropped at its end", () => {
  const serverUrl = TEST_DATABASE_URL ?? "";
  const admin = new pg.Client({ connectionString: serverUrl });
  const now = Date.now();
  // Runs of their own, not this one: the teardown of the run that tests this is not what is tested.
  const ending = newRunId(now - HOUR);
  const other = newRunId(now - HOUR);
  const crashed = newRunId(now - 7 * HOUR);
  const names = {
    ending: `certavis_test_${ending}_${"a".repeat(12)}`,
    other: `certavis_test_${other}_${"b".repeat(12)}`,
    crashed: `certavis_test_${crashed}_${"c".repeat(12)}`,
    earlierScheme: `certavis_test_${"d".repeat(12)}`,
    inUse: `certavis_test_${"e".repeat(12)}`,
  };
  const user = new pg.Client({ connectionString: serverUrl.replace(/\/[^/]*$/, `/${names.inUse}`) });

  afterAll(async () => {
    await user.end().catch(() => undefined);
    for (const name of Object.values(names))
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it("drops the ending run's, a crashed run's and the earlier scheme's; keeps another run's and one in use", async () => {
    await admin.connect();
    for (const name of Object.values(names)) await admin.query(`CREATE DATABASE ${name}`);
    await user.connect();

    await dropRunDatabases(serverUrl, ending, now);

    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname = ANY($1) ORDER BY datname",
      [Object.values(names)],
    );
    expect(rows.map((row) => row.datname)).toEqual([names.other, names.inUse].sort());
  });
});

import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** This run's part of its PostgreSQL databases' names (`test/postgres-run-setup.ts`). */
    postgresRun: string;
  }
}

/** `TEST_DATABASE_URL` (CI: postgres://postgres@127.0.0.1:5432/test) enables the PostgreSQL runs. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;

const PREFIX = "certavis_test_";
/** A database of a run that began this long ago is a crashed run's leftover. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/** A run's name part: when it began (base 36, for the stale check) and a few random bytes. */
export function newRunId(now = Date.now()): string {
  return `${now.toString(36)}${randomBytes(3).toString("hex")}`;
}

/** A new database's name, `certavis_test_<run>_<random>`: the run's teardown drops it. */
export function runDatabaseName(): string {
  return `${PREFIX}${inject("postgresRun")}_${randomBytes(6).toString("hex")}`;
}

/** When the run that named `name` began, or null for a name of another form (an earlier version's). */
function runStart(name: string): number | null {
  const match = /^certavis_test_([0-9a-z]+)[0-9a-f]{6}_[0-9a-f]{12}$/.exec(name);
  return match?.[1] ? Number.parseInt(match[1], 36) : null;
}

/**
 * Of the test server's databases, those a run ending now drops: its own, with FORCE, and without it the
 * leftovers of runs that ended without their teardown (begun over six hours ago, or named as before this
 * scheme); another run's recent ones stay.
 */
export function databasesToDrop(
  names: string[],
  run: string,
  now: number,
): { name: string; force: boolean }[] {
  const drops: { name: string; force: boolean }[] = [];
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    if (name.startsWith(`${PREFIX}${run}_`)) {
      drops.push({ name, force: true });
      continue;
    }
    const began = runStart(name);
    if (began === null || now - began >= STALE_AFTER_MS) drops.push({ name, force: false });
  }
  return drops;
}

/**
 * Drops this run's databases at its end (see databasesToDrop). One pass at the end, not a DROP per suite:
 * PostgreSQL 15 forces a checkpoint for each DROP DATABASE, which during the run flushes every other
 * suite's dirty pages (measured: the API project 146 → 123 s, its CPU 257 → 192 s); at the end there is
 * next to nothing left to flush.
 */
export async function dropRunDatabases(serverUrl: string, run: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [PREFIX],
    );
    const names = rows.map((row) => row.datname);
    for (const { name, force } of databasesToDrop(names, run, Date.now())) {
      // Without FORCE, a database someone still uses stays (PostgreSQL refuses after a few seconds).
      const dropped = admin.query(`DROP DATABASE IF EXISTS ${name}${force ? " WITH (FORCE)" : ""}`);
      await (force ? dropped : dropped.catch(() => undefined));
    }
  } finally {
    await admin.end();
  }
}

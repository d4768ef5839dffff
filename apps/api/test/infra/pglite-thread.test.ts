import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { messages, PGlite, TransactionAbortedError, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Database,
  openDatabase,
  openPgliteWorkerDatabase,
  PGLITE_EXTENSIONS,
  wrapPglite,
} from "../../src/db/client";
import type { PgliteClient } from "../../src/db/pglite-thread";
import { isUniqueViolation } from "../../src/db/unique-violation";
import { readEnv } from "../../src/env";
import { freshPglite, migratedPgliteDump } from "../helpers/pglite-template";

/** How many times a 10 ms timer fired while `work` ran. */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

/**
 * The embedded database runs in a worker thread (db/pglite-thread.ts): the server's thread goes on
 * while a statement runs, and what the code gets back (rows of every type, errors with their
 * PostgreSQL fields, transactions) is what PGlite on the server's own thread gives.
 */
describe("PGlite on its worker thread", () => {
  let worker: Database;
  let local: PGlite;
  let client: PgliteClient;
  beforeAll(async () => {
    [worker, local] = await Promise.all([
      openPgliteWorkerDatabase({ loadDataDir: await migratedPgliteDump() }),
      freshPglite(),
    ]);
    client = worker.pglite as PgliteClient;
    for (const pglite of [client, local])
      await pglite.exec("CREATE TABLE thread_test (k int PRIMARY KEY, note text NOT NULL)");
  }, 180_000);
  afterAll(async () => {
    await worker?.close();
    await local?.close();
  });

  const everyType = `
    SELECT '2024-01-02 03:04:05.678+01'::timestamptz AS ts, '2024-01-02 03:04:05'::timestamp AS naive,
           '2024-02-29'::date AS day, interval '1 day 2 hours' AS span, 12345678901234::int8 AS big,
           42::int4 AS small, 1.50::numeric AS num, 2.5::float8 AS float, true AS flag,
           '\\x00ff10'::bytea AS bytes, '{"a": [1, "é", null]}'::jsonb AS doc, '"x"'::json AS text_json,
           ARRAY[1, 2]::int4[] AS ints, ARRAY['2024-01-02 03:04:05'::timestamp] AS stamps,
           ARRAY[1.5, 2]::numeric[] AS nums, gen_random_uuid() IS NOT NULL AS has_uuid,
           NULL::text AS nothing, $1::timestamptz AS param_date, $2::bytea AS param_bytes,
           $3::jsonb AS param_doc, $4::int8 AS param_big, $5::text AS param_text`;
  const params = [
    new Date("2025-06-07T08:09:10.111Z"),
    Buffer.from([1, 2, 3]),
    { b: ["ü", 2] },
    9_007_199_254_740_993n,
    "l'été",
  ];

  it("returns every type as PGlite on this thread does (its parsers, rows as objects)", async () => {
    const [there, here] = await Promise.all([
      client.query(everyType, params),
      local.query(everyType, params),
    ]);
    expect(there.rows).toStrictEqual(here.rows);
    expect(there.fields).toStrictEqual(here.fields);
    expect(there.rows[0]).toMatchObject({ big: 12345678901234, bytes: new Uint8Array([0, 255, 16]) });
    expect((there.rows[0] as { ts: unknown }).ts).toBeInstanceOf(Date);
  });

  it("runs the caller's own parsers on its side (Drizzle's: dates as text, rows as arrays)", async () => {
    const options = {
      rowMode: "array" as const,
      parsers: {
        [types.TIMESTAMPTZ]: (value: string) => value,
        [types.TIMESTAMP]: (value: string) => value,
        [types.DATE]: (value: string) => value,
        1115: (value: string) => value,
        [types.INT4]: (value: string, type?: number) => `${value}:${type}`,
      },
    };
    const [there, here] = await Promise.all([
      client.query(everyType, params, options),
      local.query(everyType, params, options),
    ]);
    expect(there.rows).toStrictEqual(here.rows);
    expect((there.rows[0] as unknown[])[5]).toBe("42:23");
  });

  it("gives exec's results, one a statement", async () => {
    const script = "SELECT 1 AS one; SELECT 'deux' AS two, now() IS NOT NULL AS set";
    const [there, here] = await Promise.all([client.exec(script), local.exec(script)]);
    expect(there).toStrictEqual(here);
  });

  it("throws PostgreSQL's errors with their class and fields", async () => {
    const failing = async (pglite: PgliteClient) => {
      await pglite.query("INSERT INTO thread_test VALUES (1, 'a') ON CONFLICT DO NOTHING");
      return pglite.query("INSERT INTO thread_test VALUES ($1, 'b')", [1]).catch((error: unknown) => error);
    };
    const [there, here] = (await Promise.all([failing(client), failing(local)])) as [
      messages.DatabaseError,
      messages.DatabaseError,
    ];
    expect(there).toBeInstanceOf(messages.DatabaseError);
    expect(there).toBeInstanceOf(Error);
    const fields = [
      "message",
      "code",
      "constraint",
      "detail",
      "table",
      "schema",
      "severity",
      "name",
    ] as const;
    for (const field of fields) expect(there[field], field).toBe(here[field]);
    expect(there.code).toBe("23505");
    expect(there.constraint).toBe("thread_test_pkey");
    expect(there.detail).toBe("Key (k)=(1) already exists.");
    expect((there as unknown as { params: unknown }).params).toEqual([1]);
  });

  it("lets Drizzle see a unique violation as one", async () => {
    await worker.db.execute(sql`INSERT INTO thread_test VALUES (2, 'a')`);
    const error = await worker.db
      .execute(sql`INSERT INTO thread_test VALUES (2, 'b')`)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("commits, rolls back on a throw, keeps a savepoint's rollback to itself (Drizzle's transactions)", async () => {
    await worker.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_test VALUES (10, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO thread_test VALUES (11, 'savepoint rolled back')`);
          throw new Error("inner");
        })
        .catch(() => {});
    });
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_test VALUES (12, 'rolled back')`);
        throw new Error("outer");
      }),
    ).rejects.toThrow("outer");
    await worker.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_test VALUES (13, 'rolled back by tx.rollback')`);
        tx.rollback();
      })
      .catch(() => {});
    const { rows } = await client.query<{ k: number }>("SELECT k FROM thread_test WHERE k >= 10 ORDER BY k");
    expect(rows).toEqual([{ k: 10 }]);
  });

  it("reports a transaction aborted by a failed statement at its commit, as PGlite does", async () => {
    const aborted = (pglite: PgliteClient) =>
      pglite
        .transaction(async (tx) => {
          await tx.query("INSERT INTO thread_test VALUES (20, 'x')");
          await tx.query("INSERT INTO thread_test VALUES (20, 'x')").catch(() => {});
        })
        .catch((error: unknown) => error);
    const [there, here] = await Promise.all([aborted(client), aborted(local)]);
    expect(here).toBeInstanceOf(TransactionAbortedError);
    expect(there).toBeInstanceOf(TransactionAbortedError);
    expect((await client.query("SELECT 1 FROM thread_test WHERE k = 20")).rows).toEqual([]);
  });

  it("closes a transaction rolled back by tx.rollback() and refuses its later statements", async () => {
    const result = await client.transaction(async (tx) => {
      await tx.query("INSERT INTO thread_test VALUES (30, 'x')");
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query("SELECT 1")).rejects.toThrow("Transaction is closed");
      return "done";
    });
    expect(result).toBe("done");
    expect((await client.query("SELECT 1 FROM thread_test WHERE k = 30")).rows).toEqual([]);
  });

  it("leaves the server's thread free while a statement runs (on this thread: held throughout)", async () => {
    // pg_sleep holds the thread that runs PostgreSQL for 0.4 s; a timer every 10 ms counts the turns.
    const statement = sql`SELECT pg_sleep(0.4)`;
    expect(await ticksDuring(() => worker.db.execute(statement))).toBeGreaterThanOrEqual(5);
    expect(await ticksDuring(() => wrapPglite(local).db.execute(statement))).toBeLessThanOrEqual(1);
  });

  it("makes a statement outside a transaction wait for its end", async () => {
    const order: string[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query("INSERT INTO thread_test VALUES (40, 'x')");
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push("commit");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = client.query("SELECT count(*)::int AS n FROM thread_test WHERE k = 40").then((result) => {
      order.push("outside");
      return result.rows;
    });
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(["commit", "outside"]);
  });
});

describe("openDatabase's embedded default", () => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    // A migrated folder (no initdb: seconds on a busy machine), opened as the server opens DATA_DIR.
    dataDir = mkdtempSync(join(tmpdir(), "certavis-pglite-thread-"));
    await (
      await PGlite.create({ dataDir, loadDataDir: await migratedPgliteDump(), extensions: PGLITE_EXTENSIONS })
    ).close();
    database = await openDatabase({ databaseUrl: null, dataDir });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs PGlite on its worker thread: the server's timers fire while a statement runs", async () => {
    expect(await ticksDuring(() => database.db.execute(sql`SELECT pg_sleep(0.4)`))).toBeGreaterThanOrEqual(5);
    expect(readEnv({}).pgliteThread).toBe(true);
    expect(readEnv({ PGLITE_THREAD: "0" }).pgliteThread).toBe(false);
  });
});

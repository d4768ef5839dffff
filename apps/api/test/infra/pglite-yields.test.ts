import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, wrapPglite } from "../../src/db/client";
import { freshPglite } from "../helpers/pglite-template";

/**
 * PGlite runs on the server's own thread and its statements settle without I/O: what another
 * request needs (here a setImmediate callback, as an incoming request's is) must still run between
 * two statements of a long task, not after its last one.
 */
describe("PGlite gives the event loop back between statements", () => {
  let database: Database;
  beforeAll(async () => {
    database = wrapPglite(await freshPglite());
  });
  afterAll(async () => {
    await database?.close();
  });

  const others = (progress: () => number) =>
    new Promise<number>((resolve) => setImmediate(() => resolve(progress())));

  it("outside a transaction", async () => {
    let done = 0;
    const task = (async () => {
      for (let i = 0; i < 20; i++) {
        await database.db.execute(sql`select ${i}::int`);
        done += 1;
      }
    })();
    const seen = await others(() => done);
    await task;
    expect(seen).toBeLessThan(20);
  });

  it("inside a transaction", async () => {
    let done = 0;
    const task = database.db.transaction(async (tx) => {
      for (let i = 0; i < 20; i++) {
        await tx.execute(sql`select ${i}::int`);
        done += 1;
      }
    });
    const seen = await others(() => done);
    await task;
    expect(seen).toBeLessThan(20);
  });
});

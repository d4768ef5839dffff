/**
 * Indexes of existing tables are built after the migrations, outside their transaction: CONCURRENTLY
 * on PostgreSQL, so the table stays writable while it is built; idempotent; an invalid leftover of an
 * interrupted or failed build is dropped and built again.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { buildConcurrentIndexes, type ConcurrentIndex } from "../../src/db/concurrent-indexes";
import { createTestDatabase, SQL_TEST_DATABASES } from "../helpers";
import type { TestDatabase } from "../helpers/databases";

const BY_NOTE: ConcurrentIndex = { name: "big_table_note_idx", on: '"big_table" USING btree ("note")' };
const UNIQUE_CODE: ConcurrentIndex = {
  name: "big_table_code_unique",
  on: '"big_table" ("code")',
  unique: true,
};

async function query<T>(database: Database, statement: string): Promise<T[]> {
  if (database.pool) return (await database.pool.query(statement)).rows as T[];
  return (await (database.pglite as NonNullable<Database["pglite"]>).query<T>(statement)).rows;
}

const indexState = (database: Database, name: string) =>
  query<{ valid: boolean }>(
    database,
    `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = '${name}'`,
  );

describe.each(SQL_TEST_DATABASES)("indexes built after the migrations (%s)", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await query(db.database, "create table big_table (id serial primary key, note text, code int)");
    await query(
      db.database,
      "insert into big_table (note, code) select 'note ' || n, n from generate_series(1, 2000) as n",
    );
  });
  afterAll(async () => {
    await db.dispose();
  });

  it("builds a missing index, then finds it there", async () => {
    const first = await buildConcurrentIndexes(db.database, [BY_NOTE]);
    expect(first).toMatchObject({ built: ["big_table_note_idx"], rebuilt: [], failed: [], skipped: false });
    expect(await indexState(db.database, "big_table_note_idx")).toEqual([{ valid: true }]);
    const again = await buildConcurrentIndexes(db.database, [BY_NOTE]);
    expect(again).toMatchObject({ built: [], rebuilt: [], failed: [] });
    expect(await indexState(db.database, "big_table_note_idx")).toEqual([{ valid: true }]);
  });

  it("a failed build is reported, the others still built; the next start drops an invalid leftover and builds it", async () => {
    await query(db.database, "update big_table set code = 1 where id <= 2");
    const other: ConcurrentIndex = { name: "big_table_id_note_idx", on: '"big_table" ("id", "note")' };
    const failed = await buildConcurrentIndexes(db.database, [UNIQUE_CODE, other]);
    expect(failed.failed.map((failure) => failure.name)).toEqual(["big_table_code_unique"]);
    expect(failed.built).toEqual(["big_table_id_note_idx"]);
    if (kind === "postgres") {
      // A failed CREATE INDEX CONCURRENTLY leaves the index behind, INVALID (PostgreSQL's own behaviour).
      expect(await indexState(db.database, "big_table_code_unique")).toEqual([{ valid: false }]);
    } else {
      // PGlite builds plainly (nothing is left); an interrupted build is simulated in the catalogue.
      await query(db.database, 'create unique index "big_table_code_unique" on "big_table" ("id")');
      await query(
        db.database,
        "update pg_index set indisvalid = false where indexrelid = 'big_table_code_unique'::regclass",
      );
    }
    await query(db.database, "update big_table set code = id where id <= 2");
    const recovered = await buildConcurrentIndexes(db.database, [UNIQUE_CODE, other]);
    expect(recovered).toMatchObject({
      built: ["big_table_code_unique"],
      rebuilt: ["big_table_code_unique"],
      failed: [],
    });
    expect(await indexState(db.database, "big_table_code_unique")).toEqual([{ valid: true }]);
    const definition = await query<{ indexdef: string }>(
      db.database,
      "select indexdef from pg_indexes where indexname = 'big_table_code_unique'",
    );
    expect(definition[0]?.indexdef).toContain("(code)");
  });

  it("PostgreSQL: the table takes writes while its index is built", async (context) => {
    if (kind !== "postgres" || !db.database.pool) return context.skip();
    const url = (db.database.pool as pg.Pool & { options: { connectionString: string } }).options
      .connectionString;
    const holder = new pg.Client({ connectionString: url });
    const writer = new pg.Client({ connectionString: url });
    await holder.connect();
    await writer.connect();
    try {
      // A write in progress: any index build waits for it. A plain CREATE INDEX, waiting, would also
      // hold every later write to the table behind it; CONCURRENTLY lets them through.
      await holder.query("begin");
      await holder.query("insert into big_table (note, code) values ('in progress', 100001)");
      const building = buildConcurrentIndexes(db.database, [
        { name: "big_table_note_code_idx", on: '"big_table" ("note", "code")' },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await writer.query("set statement_timeout = '3s'");
      await writer.query("insert into big_table (note, code) values ('meanwhile', 100002)");
      await holder.query("commit");
      expect(await building).toMatchObject({ built: ["big_table_note_code_idx"], failed: [] });
      expect(await indexState(db.database, "big_table_note_code_idx")).toEqual([{ valid: true }]);
    } finally {
      await holder.end();
      await writer.end();
    }
  });
});

import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

/**
 * One page of a table's rows (`where`, in `order`) and how many rows match in all: what every
 * `{count, next, previous, results}` list of the API reads before shaping its rows.
 */
export async function pageOfRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: (PgColumn | SQL)[],
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: T["$inferSelect"][] }> {
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table as PgTable)
    .where(where);
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows: rows as T["$inferSelect"][] };
}

import { and, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../../db/client";

/** The status of a leased row: being worked on by the claim holding `lease_token` until `lease_until`. */
export const LEASED_STATUS = "sending";

/** A queue's table: its key, status, lease (token and end) and attempt counter. */
export type LeasedTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  leaseToken: PgColumn;
  leaseUntil: PgColumn;
  attempts: PgColumn;
};

/**
 * `clock_timestamp() + ms`: on the database's clock (every instance reads leases against the same one)
 * and at the statement, not at the transaction's start like `now()`: a slow claim does not shorten
 * the leases it gives.
 */
const databaseNowPlus = (ms: number) =>
  sql`clock_timestamp() + make_interval(secs => ${ms / 1000}::double precision)`;

/** A column as the target of an `update … set` (unqualified). */
const target = (column: PgColumn) => sql.identifier(column.name);

const rowsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows.map((row) => row.id);

/** The condition of a write that applies only while `token` still holds the lease of row `id`. */
export const stillLeased = (table: LeasedTable, id: string, token: string): SQL =>
  and(eq(table.id, id), eq(table.status, LEASED_STATUS), eq(table.leaseToken, token)) as SQL;

/**
 * Locks up to `limit` rows whose lease ran out on the database's clock (a dead or stalled worker's),
 * `FOR UPDATE SKIP LOCKED`: parallel claims never take the same row.
 */
export async function lockExpiredLeases<T extends LeasedTable>(
  tx: Tx,
  table: T,
  limit: number,
  where?: SQL,
): Promise<T["$inferSelect"][]> {
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.status, LEASED_STATUS), lte(table.leaseUntil, sql`now()`), where))
    .limit(limit)
    .for("update", { skipLocked: true });
  return rows as T["$inferSelect"][];
}

/** Leases the rows to the claim `token` for `leaseMs` and counts the attempt. */
export async function leaseRows(
  tx: Tx,
  table: LeasedTable,
  ids: readonly string[],
  token: string,
  leaseMs: number,
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update ${table} set ${target(table.status)} = ${LEASED_STATUS},
    ${target(table.leaseToken)} = ${token}, ${target(table.leaseUntil)} = ${databaseNowPlus(leaseMs)},
    ${target(table.attempts)} = ${table.attempts} + 1
    where ${inArray(table.id, [...ids])}`);
}

/**
 * The values of a row inserted already leased to `token` by the worker that works on it at once (a
 * pull takes each order it records), the attempt counted: no claim sees it due meanwhile; if that
 * worker dies, the lease runs out and a claim takes the row over.
 */
export const insertedLeased = (token: string, leaseMs: number) => ({
  status: LEASED_STATUS,
  leaseToken: token,
  leaseUntil: databaseNowPlus(leaseMs),
  attempts: 1,
});

/**
 * Extends the leases of `token` on `ids` and returns the ids it still holds: a row claimed again by
 * another worker (its lease had run out), or finished meanwhile, is not this claim's any more.
 */
export async function renewLeases(
  db: DbOrTx,
  table: LeasedTable,
  ids: readonly string[],
  token: string,
  leaseMs: number,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result =
    await db.execute(sql`update ${table} set ${target(table.leaseUntil)} = ${databaseNowPlus(leaseMs)}
    where ${inArray(table.id, [...ids])} and ${eq(table.status, LEASED_STATUS)} and ${eq(table.leaseToken, token)}
    returning ${table.id} as id`);
  return new Set(rowsOf(result));
}

/**
 * Writes the row's outcome and releases its lease, only while `token` still holds it: a worker whose
 * lease ran out (and was taken over) records nothing. Whether it was recorded.
 */
export async function recordWhileLeased<T extends LeasedTable>(
  tx: DbOrTx,
  table: T,
  id: string,
  token: string,
  values: PgUpdateSetSource<T>,
): Promise<boolean> {
  const released = { ...values, leaseToken: null, leaseUntil: null } as PgUpdateSetSource<T>;
  const recorded = await tx
    .update(table as LeasedTable)
    .set(released)
    .where(stillLeased(table, id, token))
    .returning({ id: table.id });
  return recorded.length > 0;
}

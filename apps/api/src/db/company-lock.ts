import { fr } from "@certavis/i18n-fr";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "./client";
import { companies, type emailTemplates, type forms, type products } from "./schema";

/**
 * Takes the company row lock for the rest of the transaction: plan-limit checks followed by an insert
 * (products, templates, forms) are then serialized per company, so two parallel creations on
 * PostgreSQL cannot both pass the last free slot.
 */
async function lockCompanyRow(tx: Tx, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}

/** Throws the plan's 403 when the company has no room left for one more row. */
export type RoomCheck = (db: DbOrTx, companyId: string) => Promise<void>;

/**
 * A creation bounded by the plan (a new or duplicated product, template or form): under the company
 * row lock, `assertRoom` checks the limit again (it throws the plan's 403), then `insert` runs and
 * its first returned row is the result.
 */
export async function insertWithinPlan<T>(
  db: Db,
  companyId: string,
  assertRoom: RoomCheck,
  insert: (tx: Tx) => Promise<T[]>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockCompanyRow(tx, companyId);
    await assertRoom(tx, companyId);
    const [row] = await insert(tx);
    if (!row) throw new Error("row not inserted");
    return row;
  });
}

type PlanBoundedTable = typeof products | typeof emailTemplates | typeof forms;
type Stamped = "id" | "companyId" | "createdAt" | "updatedAt";

/**
 * Inserts a company's product, template or form — new or duplicated — within the plan
 * (`insertWithinPlan`), stamped created and updated at `at`.
 */
export async function createWithinPlan<T extends PlanBoundedTable>(
  db: Db,
  companyId: string,
  assertRoom: RoomCheck,
  table: T,
  values: Omit<T["$inferInsert"], Stamped>,
  at: Date,
): Promise<T["$inferSelect"]> {
  const row = { ...values, companyId, createdAt: at, updatedAt: at } as T["$inferInsert"];
  return insertWithinPlan(
    db,
    companyId,
    assertRoom,
    async (tx) =>
      (await tx
        .insert(table as PlanBoundedTable)
        .values(row)
        .returning()) as T["$inferSelect"][],
  );
}

/** The columns of a duplicate: the row's own but its identity and time stamps, named « <name> (copie) ». */
export function duplicateOf<R extends { id: string; name: string; createdAt: Date; updatedAt: Date }>(
  row: R,
): Omit<R, "id" | "createdAt" | "updatedAt"> {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...columns } = row;
  return { ...columns, name: fr.server.copyName(row.name).slice(0, 200) };
}

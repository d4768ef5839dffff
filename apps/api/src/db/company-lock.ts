import { eq } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "./client";
import { companies } from "./schema";

/**
 * Takes the company row lock for the rest of the transaction: plan-limit checks followed by an insert
 * (products, templates, forms) are then serialized per company, so two parallel creations on
 * PostgreSQL cannot both pass the last free slot.
 */
export async function lockCompanyRow(tx: Tx, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}

/**
 * A creation bounded by the plan (a new or duplicated product, template or form): under the company
 * row lock, `assertRoom` checks the limit again (it throws the plan's 403), then `insert` runs and
 * its first returned row is the result.
 */
export async function insertWithinPlan<T>(
  db: Db,
  companyId: string,
  assertRoom: (tx: DbOrTx, companyId: string) => Promise<void>,
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

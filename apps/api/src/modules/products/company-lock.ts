import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { companies } from "../../db/schema";

/**
 * Takes the company row lock for the rest of the transaction: plan-limit checks followed by an insert
 * (products, templates, forms) are then serialized per company, so two parallel creations on
 * PostgreSQL cannot both pass the last free slot.
 */
export async function lockCompanyRow(tx: Tx, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}

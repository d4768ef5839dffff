import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import type { emailTemplates, forms, products } from "../db/schema";
import { fieldErrors, notFound } from "./errors";

type CompanyCatalogTable = typeof products | typeof emailTemplates | typeof forms;

const ofCompany = (table: CompanyCatalogTable, companyId: string, id: string) =>
  and(eq(table.companyId, companyId), eq(table.id, id));

/** The company's product, template or form `id`: a 404 when absent or another company's. */
export async function findCompanyRow<T extends CompanyCatalogTable>(
  db: DbOrTx,
  table: T,
  companyId: string,
  id: string,
): Promise<T["$inferSelect"]> {
  const source = table as CompanyCatalogTable;
  const [row] = await db
    .select()
    .from(source)
    .where(ofCompany(source, companyId, id));
  if (!row) throw notFound();
  return row as T["$inferSelect"];
}

/** Writes `changes` to the company's product, template or form `id` and returns it (404 if gone meanwhile). */
export async function updateCompanyRow<T extends CompanyCatalogTable>(
  db: DbOrTx,
  table: T,
  companyId: string,
  id: string,
  changes: Partial<T["$inferInsert"]>,
): Promise<T["$inferSelect"]> {
  const target = table as CompanyCatalogTable;
  const [row] = await db
    .update(target)
    .set(changes)
    .where(ofCompany(target, companyId, id))
    .returning();
  if (!row) throw notFound();
  return row as T["$inferSelect"];
}

/** Deletes the company's template or form `id`; a default one stays (400 with `notDeletable`). */
export async function deleteCustomRow(
  db: DbOrTx,
  table: typeof emailTemplates | typeof forms,
  companyId: string,
  id: string,
  notDeletable: string,
): Promise<void> {
  const current = await findCompanyRow(db, table, companyId, id);
  if (current.isDefault) throw fieldErrors({ non_field_errors: [notDeletable] });
  await db.delete(table).where(ofCompany(table, companyId, current.id));
}

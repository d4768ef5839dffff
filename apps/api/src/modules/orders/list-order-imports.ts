import { desc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countRows } from "../../db/count-rows";
import { orderImports } from "../../db/schema";
import { type OrderImportSummary, orderImportSummary } from "./order-import-job";

const { errors: _errors, ...withoutErrors } = getTableColumns(orderImports);

/** One page of the company's imports, newest first, without their refused lines (up to 10,000 each). */
export async function listOrderImports(
  db: Db,
  companyId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ count: number; results: OrderImportSummary[] }> {
  const where = eq(orderImports.companyId, companyId);
  const rows = await db
    .select(withoutErrors)
    .from(orderImports)
    .where(where)
    .orderBy(desc(orderImports.createdAt), desc(orderImports.id))
    .limit(limit)
    .offset(offset);
  return { count: await countRows(db, orderImports, where), results: rows.map(orderImportSummary) };
}

import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderImports } from "../../db/schema";

const { errors, ...withoutErrors } = getTableColumns(orderImports);

/**
 * One company's import, with only its refused lines after the first `errorsFrom` (they are kept in
 * line order and only appended). The slice is cut by the database: a poller that already holds most
 * of 10,000 refused lines does not make the server parse and serialise them all again.
 */
export async function readOrderImport(db: Db, companyId: string, id: string, errorsFrom: number) {
  const [row] = await db
    .select({
      ...withoutErrors,
      errors:
        errorsFrom > 0
          ? sql`jsonb_path_query_array(${errors}, ${"$[$n to last]"}::jsonpath, jsonb_build_object('n', ${errorsFrom}::int))`.mapWith(
              errors,
            )
          : errors,
    })
    .from(orderImports)
    .where(and(eq(orderImports.id, id), eq(orderImports.companyId, companyId)));
  return row;
}

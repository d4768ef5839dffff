import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, orders } from "../../db/schema";
import { unsubscribeTokenOrder } from "./unsubscribe-token";

/** The buyer's address and the company an unsubscribe token names; null for a forged or unknown one. */
export async function unsubscribeTarget(
  db: DbOrTx,
  secrets: readonly Uint8Array[],
  token: string,
): Promise<{ companyId: string; companyName: string; email: string } | null> {
  const orderId = unsubscribeTokenOrder(secrets, token);
  if (!orderId) return null;
  const [row] = await db
    .select({ companyId: companies.id, companyName: companies.name, email: orders.buyerEmail })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

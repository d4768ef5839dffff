import { and, asc, eq, exists, gt, inArray, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, orders } from "../../db/schema";

/**
 * Before a product goes with its order lines: an order of several products whose head (line 0) is
 * this product's hands its request and reminder to its next line, which becomes its head, so the
 * order stays listed and its buyer still gets one e-mail for the products left.
 */
export async function handOverOrderHeads(tx: DbOrTx, companyId: string, productId: string): Promise<void> {
  const other = alias(orders, "other");
  const heads = await tx
    .select({ id: orders.id, reference: orders.reference })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.productId, productId),
        eq(orders.line, 0),
        exists(
          tx
            .select({ id: other.id })
            .from(other)
            .where(
              and(
                eq(other.companyId, orders.companyId),
                eq(other.reference, orders.reference),
                ne(other.productId, productId),
              ),
            ),
        ),
      ),
    );
  for (const head of heads) {
    const [next] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.reference, head.reference),
          gt(orders.line, 0),
          ne(orders.productId, productId),
        ),
      )
      .orderBy(asc(orders.line))
      .limit(1);
    if (!next) continue;
    await tx
      .update(emailDeliveries)
      .set({ orderId: next.id })
      .where(
        and(eq(emailDeliveries.orderId, head.id), inArray(emailDeliveries.kind, ["request", "reminder"])),
      );
    await tx.delete(orders).where(eq(orders.id, head.id));
    await tx.update(orders).set({ line: 0 }).where(eq(orders.id, next.id));
  }
}

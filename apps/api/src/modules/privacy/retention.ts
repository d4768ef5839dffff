import { orderPiiCutoff } from "@certavis/domain";
import { and, asc, eq, isNull, lte, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { orders, reviews } from "../../db/schema";
import { anonymizeOrders } from "./anonymize-orders";

const BATCH = 500;

/**
 * The retention of buyers' personal data (GDPR storage limitation; ARCHITECTURE §10.16): the names
 * and address of an order that produced no review (none of its lines) are blanked `retentionDays`
 * after its order date. Batches claimed with `FOR UPDATE SKIP LOCKED`, so two instances running it
 * at once never take the same lines. Returns the order lines anonymised.
 */
export async function anonymizeExpiredOrders(db: Db, now: Date, retentionDays: number): Promise<number> {
  const cutoff = sql`${orderPiiCutoff(now, retentionDays).toISOString()}::timestamptz`;
  const line = alias(orders, "reviewed_line");
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            isNull(orders.anonymizedAt),
            lte(orders.orderDate, cutoff),
            notExists(
              tx
                .select({ id: line.id })
                .from(line)
                .innerJoin(reviews, eq(reviews.orderId, line.id))
                .where(and(eq(line.companyId, orders.companyId), eq(line.reference, orders.reference))),
            ),
          ),
        )
        .orderBy(asc(orders.orderDate))
        .limit(BATCH)
        .for("update", { of: orders, skipLocked: true });
      return anonymizeOrders(
        tx,
        due.map((o) => o.id),
        now,
      );
    });
    total += done;
    if (done < BATCH) return total;
  }
}

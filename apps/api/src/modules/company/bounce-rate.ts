import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, orders } from "../../db/schema";
import { addDays } from "../pipeline/clock";

const WINDOW_DAYS = 30;

/**
 * Review requests and reminders of the last 30 days refused for good by the receiving server, out
 * of those that went out or were refused; null when there were none.
 */
export async function emailBounceRate(db: DbOrTx, companyId: string, now: Date): Promise<number | null> {
  const since = sql`${addDays(now, -WINDOW_DAYS).toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${emailDeliveries.status} = 'sent' and ${emailDeliveries.sentAt} >= ${since})::int`,
      bounced: sql<number>`count(*) filter (where ${emailDeliveries.status} = 'failed' and ${orders.emailStop} = 'bounced' and ${emailDeliveries.scheduledAt} >= ${since})::int`,
    })
    .from(emailDeliveries)
    .innerJoin(orders, eq(orders.id, emailDeliveries.orderId))
    .where(
      and(eq(emailDeliveries.companyId, companyId), inArray(emailDeliveries.kind, ["request", "reminder"])),
    );
  const sent = row?.sent ?? 0;
  const bounced = row?.bounced ?? 0;
  return sent + bounced === 0 ? null : bounced / (sent + bounced);
}

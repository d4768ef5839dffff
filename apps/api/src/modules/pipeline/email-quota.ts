import { planLimits } from "@certavis/domain";
import { and, eq, gte, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies } from "../../db/schema";
import { monthStart, nextMonthStart } from "./clock";

/**
 * Counts one e-mail against the company's monthly quota if there is room (the counter restarts on
 * the first of the month). Atomic: the conditional UPDATE takes the company row lock, so parallel
 * workers on PostgreSQL can never go over the limit. Returns false when the quota is used up.
 */
export async function consumeEmailQuota(
  tx: DbOrTx,
  companyId: string,
  planType: string,
  now: Date,
): Promise<boolean> {
  const limit = planLimits(planType).max_emails_per_month;
  const month = monthStart(now).toISOString();
  const next = nextMonthStart(now).toISOString();
  // The counter belongs to another month (earlier, or later when a test clock goes back in time).
  const staleMonth = or(
    lt(companies.emailQuotaPeriodStart, sql`${month}::timestamptz`),
    gte(companies.emailQuotaPeriodStart, sql`${next}::timestamptz`),
  );
  const room = limit === null ? undefined : or(staleMonth, lt(companies.emailQuotaUsed, limit));
  const updated = await tx
    .update(companies)
    .set({
      emailQuotaUsed: sql`CASE WHEN ${staleMonth} THEN 1 ELSE ${companies.emailQuotaUsed} + 1 END`,
      emailQuotaPeriodStart: sql`CASE WHEN ${staleMonth} THEN ${month}::timestamptz ELSE ${companies.emailQuotaPeriodStart} END`,
    })
    .where(room ? and(eq(companies.id, companyId), room) : eq(companies.id, companyId))
    .returning({ used: companies.emailQuotaUsed });
  return updated.length > 0;
}

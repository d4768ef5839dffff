import { planLimits } from "@certavis/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { companies } from "../../db/schema";
import { monthStart, nextMonthStart } from "./clock";

/**
 * Takes up to `wanted[companyId]` e-mails from each company's monthly quota (the counter restarts on
 * the first of the month) and returns how many each got. The company rows are locked in id order for
 * the rest of the transaction, so parallel workers never go over a limit nor deadlock. `FOR NO KEY
 * UPDATE`, the lock of the counter's own update: it does not wait on a transaction that writes rows
 * naming the company (their foreign key shares its row), which the claim holding its e-mails must not:
 * an erasure writes such rows, then cancels the buyer's e-mails, and `FOR UPDATE` deadlocked with it.
 */
export async function reserveEmailQuota(
  tx: Tx,
  wanted: ReadonlyMap<string, number>,
  now: Date,
): Promise<Map<string, number>> {
  const granted = new Map<string, number>();
  if (wanted.size === 0) return granted;
  const month = monthStart(now);
  const nextMonth = nextMonthStart(now);
  const rows = await tx
    .select({
      id: companies.id,
      planType: companies.planType,
      used: companies.emailQuotaUsed,
      periodStart: companies.emailQuotaPeriodStart,
    })
    .from(companies)
    .where(inArray(companies.id, [...wanted.keys()]))
    .orderBy(asc(companies.id))
    .for("no key update");
  for (const company of rows) {
    // A counter of another month (earlier, or later when a test clock goes back) starts again.
    const sameMonth =
      company.periodStart.getTime() >= month.getTime() && company.periodStart.getTime() < nextMonth.getTime();
    const used = sameMonth ? company.used : 0;
    const limit = planLimits(company.planType).max_emails_per_month;
    const want = wanted.get(company.id) ?? 0;
    const take = limit === null ? want : Math.max(0, Math.min(want, limit - used));
    granted.set(company.id, take);
    if (take > 0 || used !== company.used)
      await tx
        .update(companies)
        .set({ emailQuotaUsed: used + take, emailQuotaPeriodStart: sameMonth ? company.periodStart : month })
        .where(eq(companies.id, company.id));
  }
  return granted;
}

/** Gives back one e-mail of a company's quota (its send failed). */
export async function releaseEmailQuota(tx: Tx, companyId: string): Promise<void> {
  await tx
    .update(companies)
    .set({ emailQuotaUsed: sql`GREATEST(${companies.emailQuotaUsed} - 1, 0)` })
    .where(eq(companies.id, companyId));
}

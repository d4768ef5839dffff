import { planLimits } from "@certavis/domain";
import { planLimitMessages } from "@certavis/i18n-fr/server";
import { eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { companies, emailDeliveries } from "../../db/schema";
import { nextMonthStart } from "./clock";
import { reserveEmailQuota } from "./email-quota";
import { HELD_RECHECK_MS } from "./mail-rules";

interface QuotaItem {
  row: { id: string; status: string };
  companyId: string | null;
}

/**
 * Takes each e-mail's unit of its company's monthly quota and returns the e-mails that may go now;
 * the others are `held` (not dropped) and looked at again within the hour (a plan upgrade releases
 * them), at the latest when the month turns. An e-mail whose lease ran out was counted when first
 * claimed; an account e-mail (no company) counts against nothing.
 */
export async function applyEmailQuota<T extends QuotaItem>(
  tx: Tx,
  items: T[],
  now: Date,
): Promise<{ granted: T[]; held: Map<string, number> }> {
  const counted = (item: T): item is T & { companyId: string } =>
    item.companyId !== null && item.row.status !== "sending";
  const wanted = new Map<string, number>();
  for (const item of items)
    if (counted(item)) wanted.set(item.companyId, (wanted.get(item.companyId) ?? 0) + 1);
  const left = await reserveEmailQuota(tx, wanted, now);
  const granted: T[] = [];
  const heldIds = new Map<string, string[]>();
  for (const item of items) {
    if (!counted(item)) {
      granted.push(item);
      continue;
    }
    const units = left.get(item.companyId) ?? 0;
    if (units > 0) {
      left.set(item.companyId, units - 1);
      granted.push(item);
    } else heldIds.set(item.companyId, [...(heldIds.get(item.companyId) ?? []), item.row.id]);
  }
  const retryAt = new Date(Math.min(nextMonthStart(now).getTime(), now.getTime() + HELD_RECHECK_MS));
  const held = new Map<string, number>();
  for (const [companyId, ids] of heldIds) {
    const [company] = await tx
      .select({ planType: companies.planType })
      .from(companies)
      .where(eq(companies.id, companyId));
    const limit = planLimits(company?.planType).max_emails_per_month ?? 0;
    await tx
      .update(emailDeliveries)
      .set({
        status: "held",
        scheduledAt: retryAt,
        leaseUntil: null,
        lastError: planLimitMessages.emailQuota(limit),
      })
      .where(inArray(emailDeliveries.id, ids));
    held.set(companyId, ids.length);
  }
  return { granted, held };
}

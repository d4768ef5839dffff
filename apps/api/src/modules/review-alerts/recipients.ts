import { ALERTED_ROLES, wantsReviewAlert } from "@certavis/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { memberships, users } from "../../db/schema";

export interface AlertRecipient {
  email: string;
  firstName: string;
}

/**
 * Who hears about the new reviews of each company: its owner, admins and managers whose choice
 * ('Alertes par e-mail') takes this kind of alert.
 */
export async function alertRecipients(
  db: DbOrTx,
  companyIds: string[],
  kind: "negative" | "digest",
): Promise<Map<string, AlertRecipient[]>> {
  const byCompany = new Map<string, AlertRecipient[]>();
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select({
      companyId: memberships.companyId,
      email: users.email,
      firstName: users.firstName,
      alerts: users.emailAlerts,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inArray(memberships.companyId, companyIds), inArray(memberships.role, [...ALERTED_ROLES])));
  for (const row of rows) {
    if (!wantsReviewAlert(row.alerts, kind)) continue;
    const list = byCompany.get(row.companyId) ?? [];
    list.push({ email: row.email, firstName: row.firstName });
    byCompany.set(row.companyId, list);
  }
  return byCompany;
}

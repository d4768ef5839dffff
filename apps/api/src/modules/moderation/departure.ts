import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  companies,
  emailDeliveries,
  integrations,
  invitations,
  joinRequests,
  memberships,
  webhookEndpoints,
} from "../../db/schema";

/**
 * A company moderated by Certavis leaves (ARCHITECTURE §10.19): its row, public page and published
 * reviews stay, frozen ('Cette boutique n'utilise plus Certavis depuis le …'); its staff's data goes as
 * a deletion takes it (memberships, invitations, join requests, API key, connections, webhooks) and
 * nothing more is sent in its name. Buyers' data follows the retention rules (the usual jobs).
 */
export async function freezeDepartedCompany(tx: Tx, companyId: string, at: Date): Promise<void> {
  await tx.delete(memberships).where(eq(memberships.companyId, companyId));
  await tx.delete(invitations).where(eq(invitations.companyId, companyId));
  await tx.delete(joinRequests).where(eq(joinRequests.companyId, companyId));
  await tx.delete(integrations).where(eq(integrations.companyId, companyId));
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId));
  await tx
    .update(emailDeliveries)
    .set({ status: "cancelled" })
    .where(and(eq(emailDeliveries.companyId, companyId), eq(emailDeliveries.status, "scheduled")));
  await tx
    .update(companies)
    .set({
      departedAt: at,
      createdBy: null,
      contactEmail: null,
      apiKeyCiphertext: null,
      apiKeyHash: null,
      apiKeyPrefix: null,
      apiKeyExpiresAt: null,
      updatedAt: at,
    })
    .where(eq(companies.id, companyId));
}

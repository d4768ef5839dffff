import { isLimitReached, planLimits } from "@certavis/domain";
import { planLimitMessages } from "@certavis/i18n-fr";
import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, invitations, memberships } from "../../db/schema";
import { detailError } from "../../http/errors";

/**
 * 400 with the plan's member-limit message unless the company has room for one more member. With
 * `countPendingInvitations`, invitations still waiting hold a seat too (so a plan cannot be
 * overbooked by invitations accepted later).
 *
 * Inside a transaction, the company row is locked first so that two parallel acceptances cannot both
 * take the last seat (on PostgreSQL; PGlite has a single session anyway).
 */
export async function assertMemberRoom(
  tx: DbOrTx,
  companyId: string,
  now: Date,
  { countPendingInvitations = false }: { countPendingInvitations?: boolean } = {},
): Promise<void> {
  const [company] = await tx
    .select({ planType: companies.planType })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  const limit = planLimits(company?.planType).max_members;
  if (limit === null) return;
  const [members] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(eq(memberships.companyId, companyId));
  let seats = members?.n ?? 0;
  if (countPendingInvitations) {
    const [pending] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .where(
        and(
          eq(invitations.companyId, companyId),
          eq(invitations.status, "pending"),
          gt(invitations.expiresAt, now),
        ),
      );
    seats += pending?.n ?? 0;
  }
  if (isLimitReached(seats, limit)) throw detailError(400, planLimitMessages.members(limit));
}

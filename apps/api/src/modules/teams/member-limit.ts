import { isLimitReached, memberLimitMessage } from "@certavis/domain";
import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companyPlan } from "../../db/company-plan";
import { countRows } from "../../db/count-rows";
import { invitations, memberships } from "../../db/schema";
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
  const limit = (await companyPlan(tx, companyId, { lock: true })).max_members;
  if (limit === null) return;
  let seats = await countRows(tx, memberships, eq(memberships.companyId, companyId));
  if (countPendingInvitations)
    seats += await countRows(
      tx,
      invitations,
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.status, "pending"),
        gt(invitations.expiresAt, now),
      ),
    );
  if (isLimitReached(seats, limit)) throw detailError(400, memberLimitMessage(limit));
}

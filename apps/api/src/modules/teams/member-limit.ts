import { isLimitReached } from "@certavis/domain";
import { planLimitMessages } from "@certavis/i18n-fr/server";
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
  options: { countPendingInvitations?: boolean } = {},
): Promise<void> {
  const limit = await memberRoomLimit(tx, companyId, now, options);
  if (limit !== null) throw detailError(400, planLimitMessages.members(limit));
}

/** The plan's member limit when the company has no room for one more member, else null (room). */
export async function memberRoomLimit(
  tx: DbOrTx,
  companyId: string,
  now: Date,
  { countPendingInvitations = false }: { countPendingInvitations?: boolean } = {},
): Promise<number | null> {
  const limit = (await companyPlan(tx, companyId, { lock: true })).max_members;
  if (limit === null) return null;
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
  return isLimitReached(seats, limit) ? limit : null;
}

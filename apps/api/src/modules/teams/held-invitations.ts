import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { companies, invitations, users } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/crypto";
import { enqueueMail } from "../../mail/mail-outbox";
import { invitationLink, invitationMail } from "./invitation-mail";
import { INVITATION_LIFETIME_DAYS } from "./invites";
import { memberRoomLimit } from "./member-limit";

const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 3600 * 1000;

/**
 * Sends the invitations held at registration (the free plan had no room) of every company whose
 * plan now has room, oldest first and as many as the room allows: each becomes `pending` with a new
 * code and 7 days to answer, its e-mail queued in the same transaction. Called after a plan change.
 * Returns how many were sent.
 */
export async function releaseHeldInvitations(ctx: AppContext): Promise<number> {
  const companyIds = [
    ...new Set(
      (
        await ctx.db
          .select({ companyId: invitations.companyId })
          .from(invitations)
          .where(eq(invitations.status, "held"))
      ).map((row) => row.companyId),
    ),
  ];
  let sent = 0;
  for (const companyId of companyIds) {
    sent += await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const held = await tx
        .select({ invitation: invitations, inviter: users })
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.inviterId))
        .where(and(eq(invitations.companyId, companyId), eq(invitations.status, "held")))
        .orderBy(asc(invitations.createdAt));
      const [company] = await tx
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      let count = 0;
      for (const { invitation, inviter } of held) {
        // The company row is locked by the first check: the seats counted stay true to the end.
        if ((await memberRoomLimit(tx, companyId, now, { countPendingInvitations: true })) !== null) break;
        const code = randomToken(16);
        const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
        await tx
          .update(invitations)
          .set({ status: "pending", tokenHash: sha256(code), expiresAt })
          .where(and(eq(invitations.id, invitation.id), eq(invitations.status, "held")));
        const [account] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, invitation.email));
        const message = await invitationMail({
          to: invitation.email,
          companyName: company?.name ?? "",
          inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}` : "",
          role: invitation.role,
          code,
          link: invitationLink(ctx.config.publicUrl, !!account),
          expiresAt,
        });
        await enqueueMail(tx, message, now);
        count += 1;
      }
      return count;
    });
  }
  return sent;
}

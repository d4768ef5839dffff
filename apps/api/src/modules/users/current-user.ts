import { DEFAULT_EMAIL_ALERTS, isEmailAlerts } from "@certavis/domain";
import { and, desc, eq, gt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../../context";
import { companies, invitations, joinRequests, users } from "../../db/schema";
import type { ResponseOf } from "../../http/operation-types";
import type { AuthenticatedUser, CallerMembership } from "../../http/request-context";
import { liveOneTimeToken } from "../auth/one-time-tokens";

export type CurrentUserView = ResponseOf<"usersMeGet", 200>;
type InvitationView = NonNullable<CurrentUserView["company_invite"]>;
type JoinRequestView = NonNullable<CurrentUserView["company_request"]>;

const inviters = alias(users, "inviters");

/** The newest pending, unexpired invitation sent to the user's address. */
async function pendingInvitation(ctx: AppContext, email: string, now: Date): Promise<InvitationView | null> {
  const [row] = await ctx.db
    .select({ invitation: invitations, companyName: companies.name, inviter: inviters })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(inviters, eq(inviters.id, invitations.inviterId))
    .where(
      and(eq(invitations.email, email), eq(invitations.status, "pending"), gt(invitations.expiresAt, now)),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  if (!row) return null;
  const { invitation } = row;
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role as InvitationView["role"],
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
    company: { id: invitation.companyId, name: row.companyName },
    inviter_first_name: row.inviter?.firstName ?? "",
    inviter_last_name: row.inviter?.lastName ?? "",
    status: "pending",
  };
}

/** The user's own newest pending join request. */
async function pendingJoinRequest(ctx: AppContext, user: AuthenticatedUser): Promise<JoinRequestView | null> {
  const [row] = await ctx.db
    .select({ request: joinRequests, companyName: companies.name })
    .from(joinRequests)
    .innerJoin(companies, eq(companies.id, joinRequests.companyId))
    .where(and(eq(joinRequests.userId, user.id), eq(joinRequests.status, "pending")))
    .orderBy(desc(joinRequests.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.request.id,
    user_id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: null,
    company: { id: row.request.companyId, name: row.companyName },
    created_at: row.request.createdAt.toISOString(),
    status: "pending",
  };
}

/** The user of spec §3: company and role, confirmation, pending invitation / request / e-mail change. */
export async function currentUserView(
  ctx: AppContext,
  user: AuthenticatedUser,
  membership: CallerMembership | null,
): Promise<CurrentUserView> {
  const now = ctx.now();
  const [invite, request, emailChange, alerts] = await Promise.all([
    pendingInvitation(ctx, user.email, now),
    pendingJoinRequest(ctx, user),
    liveOneTimeToken(ctx.db, user.id, "email_change", now),
    ctx.db.select({ emailAlerts: users.emailAlerts }).from(users).where(eq(users.id, user.id)),
  ]);
  const pendingEmail = emailChange?.payload.email;
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: membership?.role ?? null,
    company: membership?.companyId ?? null,
    email_confirmed: user.emailConfirmed,
    joined_at: membership?.joinedAt.toISOString() ?? null,
    company_invite: invite,
    company_request: request,
    pending_email: typeof pendingEmail === "string" ? pendingEmail : null,
    email_alerts: isEmailAlerts(alerts[0]?.emailAlerts) ? alerts[0].emailAlerts : DEFAULT_EMAIL_ALERTS,
  };
}

import { type EmailAlerts, normalizeEmail } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../../db/schema";
import { type FieldErrors, fieldErrors } from "../../http/errors";
import type { AuthenticatedUser } from "../../http/request-context";
import { requestEmailChange } from "../auth/email-change";

export interface ProfileInput {
  first_name?: string;
  last_name?: string;
  email?: string;
  email_alerts?: EmailAlerts;
}

/**
 * Names are applied at once; a different e-mail only starts a change confirmed by link. Returns the
 * user as stored after the update.
 */
export async function updateProfile(
  request: FastifyRequest,
  user: AuthenticatedUser,
  input: ProfileInput,
): Promise<AuthenticatedUser> {
  const { ctx } = request.server;
  const names: { firstName?: string; lastName?: string; emailAlerts?: EmailAlerts } = {};
  const errors: FieldErrors = {};
  if (input.first_name !== undefined) {
    names.firstName = input.first_name.trim();
    if (!names.firstName) errors.first_name = [fr.server.http.blank];
  }
  if (input.last_name !== undefined) {
    names.lastName = input.last_name.trim();
    if (!names.lastName) errors.last_name = [fr.server.http.blank];
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  // The contract's enum has checked the value.
  if (input.email_alerts !== undefined) names.emailAlerts = input.email_alerts;

  const { emailAlerts: _alerts, ...shown } = names;
  const updated = { ...user, ...shown };
  if (Object.keys(names).length > 0) {
    await ctx.db
      .update(users)
      .set({ ...names, updatedAt: ctx.now() })
      .where(eq(users.id, user.id));
  }
  const email = input.email === undefined ? null : normalizeEmail(input.email);
  if (email && email !== user.email) await requestEmailChange(request, updated, email);
  return updated;
}

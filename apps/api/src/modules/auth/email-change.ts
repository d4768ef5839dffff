import { fr } from "@certavis/i18n-fr/server";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { detailError, fieldErrors } from "../../http/errors";
import type { AuthenticatedUser } from "../../http/request-context";
import { deliverMail } from "./deliver";
import { emailChangeConfirmationMail, emailChangeNoticeMail } from "./identity-mails";
import { EMAIL_CHANGE_TOKEN_TTL_MS } from "./limits";
import { consumeOneTimeToken, createOneTimeToken } from "./one-time-tokens";

async function emailTakenByOther(request: FastifyRequest, email: string, userId: string): Promise<boolean> {
  const [other] = await request.server.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return Boolean(other);
}

/**
 * Starts an e-mail change: a confirmation link to the new address, a notice to the current one. The
 * address changes only when the link is opened (`confirmEmailChange`); a newer request replaces it.
 */
export async function requestEmailChange(
  request: FastifyRequest,
  user: AuthenticatedUser,
  newEmail: string,
): Promise<void> {
  const { ctx } = request.server;
  if (await emailTakenByOther(request, newEmail, user.id)) {
    throw fieldErrors({ email: [fr.server.identity.emailTaken] });
  }
  const token = await createOneTimeToken(
    ctx.db,
    { userId: user.id, kind: "email_change", ttlMs: EMAIL_CHANGE_TOKEN_TTL_MS, payload: { email: newEmail } },
    ctx.now(),
  );
  await Promise.all([
    deliverMail(
      request,
      await emailChangeConfirmationMail({
        to: newEmail,
        firstName: user.firstName,
        token,
        publicUrl: ctx.config.publicUrl,
      }),
    ),
    deliverMail(
      request,
      await emailChangeNoticeMail({ to: user.email, firstName: user.firstName, newEmail }),
    ),
  ]);
}

/** Applies the e-mail change of the link (single use); the new address counts as confirmed. */
export async function confirmEmailChange(request: FastifyRequest, token: string): Promise<void> {
  const { ctx } = request.server;
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const used = await consumeOneTimeToken(tx, "email_change", token.trim(), now);
      const email = used?.payload.email;
      if (!used || typeof email !== "string") {
        throw fieldErrors({ token: [fr.server.identity.invalidEmailChangeToken] });
      }
      await tx
        .update(users)
        .set({ email, emailConfirmed: true, updatedAt: now })
        .where(eq(users.id, used.userId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw detailError(400, fr.server.identity.emailTaken);
    throw error;
  }
}

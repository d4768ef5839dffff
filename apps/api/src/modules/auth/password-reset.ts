import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { hashPassword } from "../../auth/password";
import { revokeAllForUser } from "../../auth/refresh-tokens";
import { users } from "../../db/schema";
import { fieldErrors } from "../../http/errors";
import { findUserByEmail } from "./credentials";
import { deliverMail } from "./deliver";
import { passwordChangedMail, passwordResetMail } from "./identity-mails";
import { RESET_MAIL_WINDOW_MS, RESET_MAILS_PER_HOUR, RESET_TOKEN_TTL_MS } from "./limits";
import { consumeOneTimeToken, createOneTimeToken } from "./one-time-tokens";
import { forgetPasswordAttempts } from "./password-attempts";
import { hitThrottle, throttleKeys } from "./throttle";

/**
 * Mails a reset link when the account exists. The caller always gets 204: the mail is sent after
 * the answer (no timing difference), and at most RESET_MAILS_PER_HOUR per address (no mail bombing).
 */
export async function requestPasswordReset(request: FastifyRequest, email: string): Promise<void> {
  const { ctx } = request.server;
  const now = ctx.now();
  const user = await findUserByEmail(ctx, email);
  if (!user) return;
  const sent = await hitThrottle(ctx.db, throttleKeys.resetMail(user.email), RESET_MAIL_WINDOW_MS, now);
  if (sent.count > RESET_MAILS_PER_HOUR) return;
  const token = await createOneTimeToken(
    ctx.db,
    { userId: user.id, kind: "password_reset", ttlMs: RESET_TOKEN_TTL_MS },
    now,
  );
  // Rendered and queued after the answer too.
  void passwordResetMail({
    to: user.email,
    firstName: user.firstName,
    token,
    publicUrl: ctx.config.publicUrl,
  })
    .then((message) => deliverMail(request, message))
    .catch((err) => request.log.error({ err }, "identity mail not queued"));
}

/** Sets the password from a reset link (single use), signs every session out and lifts the login lock. */
export async function confirmPasswordReset(
  request: FastifyRequest,
  input: { token: string; password: string },
): Promise<void> {
  const { ctx } = request.server;
  const passwordHash = await hashPassword(input.password, ctx.passwordHashParams);
  const now = ctx.now();
  const user = await ctx.db.transaction(async (tx) => {
    const used = await consumeOneTimeToken(tx, "password_reset", input.token.trim(), now);
    if (!used) return null;
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email, firstName: users.firstName });
    await revokeAllForUser(tx, used.userId, now);
    if (updated) await forgetPasswordAttempts(tx, updated.email, null);
    return updated ?? null;
  });
  if (!user) throw fieldErrors({ token: [fr.server.identity.invalidResetToken] });
  await deliverMail(request, await passwordChangedMail({ to: user.email, firstName: user.firstName }));
}
